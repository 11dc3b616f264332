/** The fields of a duty: scholar, day, start and end, post, notes; each shows its error in red under it. */
import { Field, HStack, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import type { DutyField, DutyValues } from '../model/duty-form';
import { SCHOOL_WEEKDAYS, weekdayName } from '../model/week';
import { ScholarPicker } from './scholar-picker';

export interface DutyFieldsProps {
  values: DutyValues;
  errors: Partial<Record<DutyField, string>>;
  scholars: readonly DemographicRecord[];
  onChange: (field: DutyField, value: string) => void;
}

/** The form's fields. */
export function DutyFields({ values, errors, scholars, onChange }: DutyFieldsProps) {
  const { t, i18n } = useTranslation('messenger');
  const time = (field: 'start_time' | 'end_time', label: string) => (
    <Field.Root invalid={Boolean(errors[field])} required flex="1">
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input type="time" value={values[field]} onChange={(event) => onChange(field, event.target.value)} />
      <Field.ErrorText>{errors[field]}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <Stack gap="4">
      <ScholarPicker
        scholars={scholars}
        value={values.scholar_id}
        error={errors.scholar_id}
        onChange={(id) => onChange('scholar_id', id)}
      />
      <Field.Root invalid={Boolean(errors.weekday)} required>
        <Field.Label>
          {t('form.weekday')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={values.weekday} onChange={(event) => onChange('weekday', event.target.value)}>
            {SCHOOL_WEEKDAYS.map((weekday) => (
              <option key={weekday} value={String(weekday)}>
                {weekdayName(weekday, i18n.language)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errors.weekday}</Field.ErrorText>
      </Field.Root>
      <HStack gap="3" align="start">
        {time('start_time', t('form.start'))}
        {time('end_time', t('form.end'))}
      </HStack>
      <Field.Root invalid={Boolean(errors.post)} required>
        <Field.Label>
          {t('form.post')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input value={values.post} maxLength={100} onChange={(event) => onChange('post', event.target.value)} />
        <Field.ErrorText>{errors.post}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.notes)}>
        <Field.Label>{t('form.notes')}</Field.Label>
        <Textarea value={values.notes} maxLength={500} onChange={(event) => onChange('notes', event.target.value)} />
        <Field.ErrorText>{errors.notes}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
