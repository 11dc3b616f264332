/**
 * A scholar's details in one form, for a new scholar and an existing one: names, student number, grade, program,
 * homeroom, alerts and the photo (from the camera or a file, made smaller on this device). The contract's schema
 * checks the fields first; the server's 422 names its fields too, and a student number another scholar holds is
 * answered with that scholar, named here with a link. Nothing typed is lost on a refused save: the form keeps its
 * values until a save succeeds. A new scholar's id is made once, so a save sent again is the same create.
 */
import { Alert, Button, Field, Fieldset, Input, Link, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { GRADES } from '../../../contract/common';
import {
  DemographicCreateSchema,
  type DemographicRecord,
  type StudentNumberHolder,
  StudentNumberHolderSchema,
} from '../../../contract/demographics';
import { DISMISSAL_PLANS, PLANS_WITH_DETAIL } from '../../../contract/dismissal';
import { uuidv7 } from '../../../contract/ids';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { PhotoField } from '../../../ui/photo/photo-field';
import { resizePhoto } from '../../../ui/photo/resize-photo';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { adminErrorText } from '../api/admin-error-text';
import { photoQueryOptions, scholarKeys, scholarsResource } from '../api/scholars';
import { scholarName } from './scholar-name';

const FIELDS = [
  'fname',
  'lname',
  'nickname',
  'student_number',
  'grade',
  'program',
  'homeroom',
  'alerts',
  'dismissal_plan',
  'dismissal_detail',
] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

/** The fields the form sends, checked with the contract's own rules (the server's). */
const DetailsSchema = DemographicCreateSchema.pick({
  fname: true,
  lname: true,
  nickname: true,
  student_number: true,
  grade: true,
  program: true,
  homeroom: true,
  alerts: true,
  dismissal_plan: true,
  dismissal_detail: true,
});

const valuesOf = (s: DemographicRecord | null): Values => ({
  fname: s?.fname ?? '',
  lname: s?.lname ?? '',
  nickname: s?.nickname ?? '',
  student_number: s?.student_number ?? '',
  grade: s?.grade ?? '',
  program: s?.program ?? 'Secondary',
  homeroom: s?.homeroom ?? '',
  alerts: s?.alerts ?? '',
  dismissal_plan: s?.dismissal_plan ?? 'pick_up',
  dismissal_detail: s?.dismissal_detail ?? '',
});

/** The scholar who holds the student number, when a refused save names them. */
function holderOf(error: unknown): StudentNumberHolder | null {
  if (!(error instanceof ApiError) || !error.errors.student_number) return null;
  const parsed = StudentNumberHolderSchema.safeParse(error.record);
  return parsed.success ? parsed.data : null;
}

export interface ScholarFormProps {
  /** The scholar being edited; null for a new one. */
  scholar: DemographicRecord | null;
  /** Whether this person may save (demographics-update, or -create for a new scholar). */
  canSave: boolean;
}

export function ScholarForm({ scholar, canSave }: ScholarFormProps) {
  const { t } = useTranslation('scholars');
  const { t: ta } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [newId] = useState(uuidv7);
  const [values, setValues] = useState<Values>(() => valuesOf(scholar));
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'photo', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [holder, setHolder] = useState<StudentNumberHolder | null>(null);
  const stored = useQuery({ ...photoQueryOptions(scholar?.photo_id ?? ''), enabled: Boolean(scholar?.photo_id) });

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      scholar
        ? scholarsResource.update(scholar.id, body)
        : scholarsResource.create({ ...(body as { fname: string }), id: newId } as never),
    onSuccess: (saved) => {
      client.setQueryData(scholarsResource.keys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: scholarsResource.keys.lists() });
      if (saved.photo_id) void client.invalidateQueries({ queryKey: scholarKeys.photo(saved.photo_id) });
    },
  });

  const set = (field: FieldName, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    if (field === 'student_number') setHolder(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setHolder(null);
    const parsed = DetailsSchema.safeParse({
      ...values,
      nickname: values.nickname || null,
      homeroom: values.homeroom || null,
      alerts: values.alerts || null,
      dismissal_detail: values.dismissal_detail || null,
    });
    // A bus gives its route and a program its name (the server's rule too).
    const needsDetail =
      (PLANS_WITH_DETAIL as readonly string[]).includes(values.dismissal_plan) && !values.dismissal_detail.trim();
    if (needsDetail) {
      setErrors({ dismissal_detail: t('form.dismissalDetailNeeded') });
      setFailure(tc('form.incomplete'));
      return;
    }
    if (!parsed.success) {
      const found = toFieldErrors(parsed.error, (key) => tc(key));
      // No grade chosen is a missing field, not a wrong one.
      setErrors(values.grade ? found : { ...found, grade: tc('form.required') });
      setFailure(tc('form.incomplete'));
      return;
    }
    setFailure(null);
    const body = { ...parsed.data, ...(photo ? { photo } : {}) };
    save.mutate(body, {
      onSuccess: (saved) => {
        setPhoto(null);
        const name = scholarName(saved);
        addNotification({ type: 'success', text: t(scholar ? 'form.saved' : 'form.created', { name }) });
        if (!scholar) navigate(`/admin/scholars/${saved.id}`, { replace: true });
      },
      onError: (error) => {
        const fields = toFieldErrors(error, (key) => tc(key));
        setErrors(fields);
        setHolder(holderOf(error));
        setFailure(Object.keys(fields).length ? tc('form.incomplete') : adminErrorText(error, ta));
      },
    });
  };

  const text = (field: FieldName, label: string, options: { required?: boolean; maxLength?: number } = {}) => (
    <Field.Root invalid={Boolean(errors[field])} required={options.required}>
      <Field.Label>
        {label}
        {options.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        name={field}
        maxLength={options.maxLength}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
      />
      {errors[field] && <Field.ErrorText>{errors[field]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.label')}>
      <Fieldset.Root disabled={!canSave}>
        <Fieldset.Legend fontWeight="semibold" fontSize="lg">
          {t('form.details')}
        </Fieldset.Legend>
        <Stack gap="4" mt="2">
          <FormAlert text={failure} />
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            {text('fname', t('form.fname'), { required: true, maxLength: 100 })}
            {text('lname', t('form.lname'), { required: true, maxLength: 100 })}
          </Stack>
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            {text('nickname', t('form.nickname'), { maxLength: 100 })}
            {text('student_number', t('form.studentNumber'), { required: true, maxLength: 30 })}
          </Stack>
          {holder && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {t('form.taken', { number: holder.student_number, name: scholarName({ ...holder, nickname: null }) })}
                </Alert.Title>
                <Alert.Description>
                  <Link asChild color="primary.fg">
                    <RouterLink to={`/admin/scholars/${holder.id}`}>
                      {t('form.openHolder', { name: scholarName({ ...holder, nickname: null }) })}
                    </RouterLink>
                  </Link>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            <Field.Root invalid={Boolean(errors.grade)} required>
              <Field.Label>
                {t('form.grade')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="grade" value={values.grade} onChange={(e) => set('grade', e.target.value)}>
                  <option value="">{t('form.chooseGrade')}</option>
                  {GRADES.map((grade) => (
                    <option key={grade} value={grade}>
                      {grade}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errors.grade && <Field.ErrorText>{errors.grade}</Field.ErrorText>}
            </Field.Root>
            {text('program', t('form.program'), { required: true, maxLength: 50 })}
            {text('homeroom', t('form.homeroom'), { maxLength: 50 })}
          </Stack>
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            <Field.Root invalid={Boolean(errors.dismissal_plan)}>
              <Field.Label>{t('form.dismissalPlan')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="dismissal_plan"
                  value={values.dismissal_plan}
                  onChange={(e) => set('dismissal_plan', e.target.value)}
                >
                  {DISMISSAL_PLANS.map((plan) => (
                    <option key={plan} value={plan}>
                      {t(`form.dismissalPlans.${plan}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errors.dismissal_plan && <Field.ErrorText>{errors.dismissal_plan}</Field.ErrorText>}
            </Field.Root>
            {(PLANS_WITH_DETAIL as readonly string[]).includes(values.dismissal_plan) &&
              text(
                'dismissal_detail',
                values.dismissal_plan === 'bus' ? t('form.dismissalRoute') : t('form.dismissalProgram'),
                { required: true, maxLength: 100 },
              )}
          </Stack>
          <Field.Root invalid={Boolean(errors.alerts)}>
            <Field.Label>{t('form.alerts')}</Field.Label>
            <Textarea
              name="alerts"
              maxLength={1000}
              value={values.alerts}
              onChange={(e) => set('alerts', e.target.value)}
            />
            <Field.HelperText>{t('form.alertsHelp')}</Field.HelperText>
            {errors.alerts && <Field.ErrorText>{errors.alerts}</Field.ErrorText>}
          </Field.Root>
          {canSave && (
            <PhotoField
              ns="scholars"
              value={photo}
              hasStored={Boolean(scholar?.photo_id)}
              stored={stored.data ?? null}
              error={errors.photo}
              onChange={setPhoto}
              onError={(message) => setErrors((e) => ({ ...e, photo: message }))}
              prepare={(file) => resizePhoto(file)}
            />
          )}
          {canSave && (
            <Button type="submit" alignSelf="flex-start" colorPalette="primary" minH="10" loading={save.isPending}>
              {t(scholar ? 'form.save' : 'form.create')}
            </Button>
          )}
        </Stack>
      </Fieldset.Root>
    </form>
  );
}
