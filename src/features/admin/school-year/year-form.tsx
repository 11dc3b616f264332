/**
 * The new year's form: its first and last day, what becomes of the homerooms, and the non-work days to add. The
 * screen owns the values and the errors (by field name, as the contract and the server's 422 name them); Preview
 * submits the form.
 */
import { Button, Fieldset, RadioGroup, Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HOMEROOM_CHOICES, type HomeroomChoice, type SchoolYearPreviewInput } from '../../../contract/school-year';
import { DayInput, type DayRow, NonWorkDaysEditor } from './non-work-days-editor';

export interface YearFormValues {
  starts_on: string;
  ends_on: string;
  homerooms: HomeroomChoice;
  days: DayRow[];
}

export const EMPTY_YEAR_FORM: YearFormValues = { starts_on: '', ends_on: '', homerooms: 'clear', days: [] };

/** The request body of the form's values. */
export const bodyOf = (form: YearFormValues): SchoolYearPreviewInput => ({
  starts_on: form.starts_on,
  ends_on: form.ends_on,
  homerooms: form.homerooms,
  non_work_days: form.days.map(({ key, ...day }) => day),
});

export interface YearFormProps {
  values: YearFormValues;
  errors: Record<string, string>;
  onChange: (values: YearFormValues) => void;
  onSubmit: () => void;
  busy: boolean;
  disabled: boolean;
}

/** The form. */
export function YearForm({ values, errors, onChange, onSubmit, busy, disabled }: YearFormProps) {
  const { t } = useTranslation('school-year', { keyPrefix: 'form' });
  const set = <K extends keyof YearFormValues>(field: K, value: YearFormValues[K]) =>
    onChange({ ...values, [field]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('label')}>
      <Stack gap="6">
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('dates')}</Fieldset.Legend>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4" mt="2">
            <DayInput
              label={t('startsOn')}
              value={values.starts_on}
              error={errors.starts_on}
              onChange={(v) => set('starts_on', v)}
            />
            <DayInput
              label={t('endsOn')}
              value={values.ends_on}
              error={errors.ends_on}
              onChange={(v) => set('ends_on', v)}
            />
          </Stack>
        </Fieldset.Root>
        <Fieldset.Root invalid={Boolean(errors.homerooms)}>
          <Fieldset.Legend fontWeight="semibold">{t('homerooms')}</Fieldset.Legend>
          <RadioGroup.Root
            name="homerooms"
            value={values.homerooms}
            onValueChange={(d) => set('homerooms', (d.value ?? 'clear') as HomeroomChoice)}
            mt="2"
          >
            <Stack gap="2">
              {HOMEROOM_CHOICES.map((choice) => (
                <RadioGroup.Item key={choice} value={choice} minH="11">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(choice)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          {errors.homerooms && <Fieldset.ErrorText>{errors.homerooms}</Fieldset.ErrorText>}
        </Fieldset.Root>
        <NonWorkDaysEditor rows={values.days} onChange={(days) => set('days', days)} errors={errors} />
        <Button
          type="submit"
          alignSelf="flex-start"
          colorPalette="primary"
          minH="11"
          loading={busy}
          disabled={disabled}
        >
          {t('preview')}
        </Button>
      </Stack>
    </form>
  );
}
