/**
 * The agreement's form: a new agreement (with the scholar), a draft's edit, or an addendum to a sent
 * or signed agreement (with what changes and why). Checked with the contract's schema before it is sent, and with the
 * server's 422 after; the form says which fields are wrong, under the seed's message above it.
 */
import { Alert, Button, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddendumCreateSchema,
  type AgreementCourse,
  AgreementCreateSchema,
  type AgreementDetail,
  AgreementUpdateSchema,
  GRADE_BANDS,
} from '../../contract/independent-study';
import { type FieldErrors, toFieldErrors } from '../../ui/form/field-errors';
import { SelectField } from '../../ui/form/select-field';
import { addAddendum, createAgreement, updateAgreement, useAgreementOptions } from './api';
import { CourseRows } from './course-rows';
import { ScholarPicker } from './scholar-picker';

export type FormMode =
  | { kind: 'create' }
  | { kind: 'edit'; agreement: AgreementDetail }
  | { kind: 'addendum'; agreement: AgreementDetail };

interface Values {
  scholar_id: string;
  scholar_name: string;
  duration: string;
  begins_on: string;
  ends_on: string;
  conference_on: string;
  conference_time: string;
  conference_place: string;
  conference_notes: string;
  teacher_id: string;
  courses: { subject: string; course: string; grade_band: string; course_value: string }[];
  description: string;
}

const initial = (mode: FormMode): Values => {
  const a = mode.kind === 'create' ? null : mode.agreement;
  return {
    scholar_id: a?.scholar_id ?? '',
    scholar_name: a?.scholar_name ?? '',
    duration: a?.duration ?? '',
    begins_on: a?.begins_on ?? '',
    ends_on: a?.ends_on ?? '',
    conference_on: a?.conference_on ?? '',
    conference_time: a?.conference_time ?? '',
    conference_place: a?.conference_place ?? '',
    conference_notes: a?.conference_notes ?? '',
    teacher_id: a?.teacher_id ?? '',
    courses: (a?.courses ?? [{ subject: '', course: null, grade_band: 'TK-6', course_value: null }]).map((c) => ({
      subject: c.subject,
      course: c.course ?? '',
      grade_band: c.grade_band,
      course_value: c.course_value === null ? '' : String(c.course_value),
    })),
    description: '',
  };
};

/** What the API takes from the form's values. */
function toBody(v: Values) {
  const courses: AgreementCourse[] = v.courses.map((c) => ({
    subject: c.subject,
    course: c.course || null,
    grade_band: c.grade_band as AgreementCourse['grade_band'],
    course_value: c.course_value.trim() === '' ? null : Number(c.course_value),
  }));
  return {
    duration: v.duration,
    begins_on: v.begins_on,
    ends_on: v.ends_on,
    conference_on: v.conference_on,
    conference_time: v.conference_time,
    conference_place: v.conference_place,
    conference_notes: v.conference_notes || null,
    teacher_id: v.teacher_id,
    courses,
  };
}

export interface AgreementFormProps {
  mode: FormMode;
  onSaved: (agreement: AgreementDetail) => void;
  onCancel: () => void;
}

/** The form. */
export function AgreementForm({ mode, onSaved, onCancel }: AgreementFormProps) {
  const { t } = useTranslation('independent-study');
  const { t: tc } = useTranslation();
  const options = useAgreementOptions();
  const [values, setValues] = useState<Values>(() => initial(mode));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const translate = (key: 'form.required' | 'form.invalidEmail') => tc(key);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(values);
    const parsed =
      mode.kind === 'create'
        ? AgreementCreateSchema.safeParse({ ...body, scholar_id: values.scholar_id })
        : mode.kind === 'edit'
          ? AgreementUpdateSchema.safeParse(body)
          : AddendumCreateSchema.safeParse({ ...body, description: values.description });
    if (!parsed.success) {
      const found = toFieldErrors(parsed.error, translate);
      // An empty scholar id reads as a malformed id; for the person it is a missing choice.
      if (found.scholar_id && !values.scholar_id) found.scholar_id = tc('form.required');
      setErrors(found);
      setFormError(tc('form.incomplete'));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const saved =
        mode.kind === 'create'
          ? await createAgreement({ ...body, scholar_id: values.scholar_id })
          : mode.kind === 'edit'
            ? await updateAgreement(mode.agreement.id, body)
            : await addAddendum(mode.agreement.id, { ...body, description: values.description });
      onSaved(saved.data);
    } catch (err) {
      const found = toFieldErrors(err, translate);
      setErrors(found);
      setFormError(
        Object.keys(found).length ? tc('form.incomplete') : err instanceof Error ? err.message : tc('states.error'),
      );
    } finally {
      setBusy(false);
    }
  };

  const text = (key: 'duration' | 'conference_place', label: string) => (
    <Field.Root invalid={Boolean(errors[key])} required>
      <Field.Label>{label}</Field.Label>
      <Input value={values[key]} onChange={(e) => set(key, e.target.value)} />
      {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
    </Field.Root>
  );
  const when = (key: 'begins_on' | 'ends_on' | 'conference_on' | 'conference_time', label: string) => (
    <Field.Root invalid={Boolean(errors[key])} required w={{ base: 'full', sm: '12rem' }}>
      <Field.Label>{label}</Field.Label>
      <Input
        type={key === 'conference_time' ? 'time' : 'date'}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
      />
      {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="4">
        {formError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{formError}</Alert.Description>
          </Alert.Root>
        )}
        {mode.kind === 'addendum' && (
          <Field.Root invalid={Boolean(errors.description)} required>
            <Field.Label>{t('review.addendumDescription')}</Field.Label>
            <Textarea value={values.description} onChange={(e) => set('description', e.target.value)} />
            {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
          </Field.Root>
        )}
        {mode.kind === 'create' && (
          <ScholarPicker
            chosen={values.scholar_id ? { id: values.scholar_id, name: values.scholar_name } : null}
            onChange={(s) => setValues((v) => ({ ...v, scholar_id: s?.id ?? '', scholar_name: s?.name ?? '' }))}
            error={errors.scholar_id}
          />
        )}
        {text('duration', t('review.form.duration'))}
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap">
          {when('begins_on', t('review.form.begins'))}
          {when('ends_on', t('review.form.ends'))}
        </Stack>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" wrap="wrap">
          {when('conference_on', t('review.form.conferenceOn'))}
          {when('conference_time', t('review.form.conferenceTime'))}
        </Stack>
        {text('conference_place', t('review.form.conferencePlace'))}
        <Field.Root invalid={Boolean(errors.conference_notes)}>
          <Field.Label>{t('review.form.conferenceNotes')}</Field.Label>
          <Textarea value={values.conference_notes} onChange={(e) => set('conference_notes', e.target.value)} />
          {errors.conference_notes && <Field.ErrorText>{errors.conference_notes}</Field.ErrorText>}
        </Field.Root>
        <SelectField
          label={t('review.form.teacher')}
          value={values.teacher_id}
          choices={[
            ['', t('review.form.chooseTeacher')],
            ...(options.data?.teachers ?? []).map((x) => [x.id, x.name] as [string, string]),
          ]}
          onChange={(v) => set('teacher_id', v)}
          w="full"
          error={errors.teacher_id}
        />
        <CourseRows
          rows={values.courses}
          bands={GRADE_BANDS}
          errors={errors}
          onChange={(courses) => set('courses', courses)}
        />
        <Stack direction="row" gap="3" justify="flex-end">
          <Button variant="outline" onClick={onCancel}>
            {t('review.cancel')}
          </Button>
          <Button type="submit" colorPalette="primary" loading={busy}>
            {t('review.save')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
