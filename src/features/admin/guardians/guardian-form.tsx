/**
 * A guardian's details (first and last name, email, phone, preferred language), for a new guardian or a change. The
 * contract's schema checks the fields first; the server's refusals land under their fields too, and an email another
 * account holds names that account (with a link when it is a guardian's, to open instead of typing them twice).
 * What was typed stays when a save is refused. A new guardian carries the form's own id, so a retry creates once.
 */
import { Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import {
  type EmailHolder,
  EmailHolderSchema,
  GuardianCreateSchema,
  type GuardianRecord,
  GuardianUpdateSchema,
} from '../../../contract/guardians';
import { uuidv7 } from '../../../contract/ids';
import { type FieldErrors, toFieldErrors } from '../../../ui/form/field-errors';
import { SelectField } from '../../../ui/form/select-field';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { useSaveGuardian } from './api/save-guardian';

type Form = { fname: string; lname: string; email: string; phone: string; language: 'en' | 'es' };
const FIELDS = ['fname', 'lname', 'email', 'phone'] as const;

export interface GuardianFormProps {
  /** The guardian to change; absent for a new one. */
  guardian?: GuardianRecord;
  submitLabel: string;
  onSaved: (saved: GuardianRecord, created: boolean) => void;
  /** A Cancel button beside Save (the inline form of a scholar's page). */
  onCancel?: () => void;
  /** Shown without Save, for someone who may not change guardians. */
  readOnly?: boolean;
}

/** The form. */
export function GuardianForm({ guardian, submitLabel, onSaved, onCancel, readOnly = false }: GuardianFormProps) {
  const { t } = useTranslation('guardians');
  const { t: tc } = useTranslation();
  const [id] = useState(() => guardian?.id ?? uuidv7());
  const [form, setForm] = useState<Form>(() => ({
    fname: guardian?.fname ?? '',
    lname: guardian?.lname ?? '',
    email: guardian?.email ?? '',
    phone: guardian?.phone ?? '',
    language: guardian?.language ?? 'en',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [holder, setHolder] = useState<EmailHolder | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveGuardian();
  const translate = (key: 'form.required' | 'form.invalidEmail') => tc(key);
  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
    if (field === 'email') setHolder(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...form, phone: form.phone.trim() || null };
    const parsed = (guardian ? GuardianUpdateSchema : GuardianCreateSchema).safeParse(body);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error, translate));
      setFailure(tc('form.incomplete'));
      return;
    }
    setFailure(null);
    const input = guardian ? { id, create: false as const, body } : { id, create: true as const, body };
    save.mutate(input, {
      onSuccess: (saved) => onSaved(saved, !guardian),
      onError: (err) => {
        const taken = err instanceof ApiError && err.status === 409 ? EmailHolderSchema.safeParse(err.record) : null;
        if (taken?.success) {
          setHolder(taken.data);
          setErrors({ email: t('page.emailTaken', { name: taken.data.name, type: typeLabel(t, taken.data.type) }) });
          setFailure(tc('form.incomplete'));
          return;
        }
        const fields = toFieldErrors(err, translate);
        setErrors(fields);
        const offline = err instanceof ApiError && err.isOffline;
        setFailure(
          Object.keys(fields).length ? tc('form.incomplete') : offline ? t('needsConnection') : (err as Error).message,
        );
      },
    });
  };

  const text = (field: (typeof FIELDS)[number], props: { type?: string; autoComplete?: string; hint?: string }) => (
    <Field.Root invalid={Boolean(errors[field])} required={field !== 'phone'} readOnly={readOnly}>
      <Field.Label>{t(`fields.${field}`)}</Field.Label>
      <Input
        name={field}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={form[field]}
        onChange={(e) => set(field, e.target.value)}
      />
      {props.hint && <Field.HelperText>{props.hint}</Field.HelperText>}
      {errors[field] && <Field.ErrorText>{errors[field]}</Field.ErrorText>}
      {field === 'email' && holder?.type === 'parent' && holder.id !== guardian?.id && (
        <Link asChild color="primary.fg" fontSize="sm">
          <RouterLink to={`/admin/guardians/${holder.id}`}>{t('page.openHolder', { name: holder.name })}</RouterLink>
        </Link>
      )}
    </Field.Root>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('page.formLabel')}>
      <Stack gap="4">
        <FormAlert text={failure} />
        <Stack direction={{ base: 'column', md: 'row' }} gap="4">
          {text('fname', { autoComplete: 'off' })}
          {text('lname', { autoComplete: 'off' })}
        </Stack>
        {text('email', { type: 'email', autoComplete: 'off' })}
        {text('phone', { type: 'tel', autoComplete: 'off', hint: t('fields.phoneHint') })}
        <SelectField
          label={t('fields.language')}
          value={form.language}
          w="full"
          choices={[
            ['en', t('fields.languages.en')],
            ['es', t('fields.languages.es')],
          ]}
          onChange={(v) => set('language', v === 'es' ? 'es' : 'en')}
          error={errors.language}
          disabled={readOnly}
        />
        {!readOnly && (
          <Stack direction="row" gap="2" wrap="wrap">
            <Button type="submit" colorPalette="primary" minH="10" loading={save.isPending}>
              {submitLabel}
            </Button>
            {onCancel && (
              <Button variant="outline" minH="10" onClick={onCancel}>
                {tc('actions.cancel')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </form>
  );
}

/** The holder's kind of account as the sentence names it. */
function typeLabel(t: (key: 'page.types.staff' | 'page.types.student' | 'page.types.parent') => string, type: string) {
  return t(type === 'student' ? 'page.types.student' : type === 'parent' ? 'page.types.parent' : 'page.types.staff');
}
