/**
 * The non-work days a new year adds (holidays, breaks): a row each with its name, kind and first and last day; rows
 * are added and removed here, and each field shows its own refusal (`non_work_days.2.starts_on`).
 */
import { Button, Field, Fieldset, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SCHOOL_YEAR_MAX_NON_WORK_DAYS } from '../../../contract/school-year';
import { NON_WORK_DAY_KINDS, type NonWorkDayKind } from '../../../contract/timesheet-schedules';
import { SelectField } from '../../../ui/form/select-field';

export interface DayRow {
  /** A key for React only: a row has no id until the server stores it. */
  key: string;
  name: string;
  kind: NonWorkDayKind;
  starts_on: string;
  ends_on: string;
}

let nextKey = 0;
/** A new, empty row. */
export const newDayRow = (): DayRow => ({
  key: `day-${++nextKey}`,
  name: '',
  kind: 'holiday',
  starts_on: '',
  ends_on: '',
});

export interface NonWorkDaysEditorProps {
  rows: DayRow[];
  onChange: (rows: DayRow[]) => void;
  /** The form's errors by field name. */
  errors: Record<string, string>;
  disabled?: boolean;
}

/** The editor. */
export function NonWorkDaysEditor({ rows, onChange, errors, disabled }: NonWorkDaysEditorProps) {
  const { t } = useTranslation('school-year', { keyPrefix: 'form' });
  const edit = (index: number, field: keyof Omit<DayRow, 'key'>, value: string) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
  const error = (index: number, field: string) => errors[`non_work_days.${index}.${field}`];
  return (
    <Fieldset.Root invalid={Boolean(errors.non_work_days)} disabled={disabled}>
      <Fieldset.Legend fontWeight="semibold">{t('days')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('daysHint')}</Fieldset.HelperText>
      {rows.length === 0 && <Text mt="2">{t('noDays')}</Text>}
      <Stack gap="3" mt="2" as="ol" listStyleType="none" ps="0">
        {rows.map((row, index) => (
          <Stack
            as="li"
            key={row.key}
            gap="3"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            aria-label={t('day', { n: index + 1 })}
          >
            <Stack direction={{ base: 'column', md: 'row' }} gap="3">
              <Field.Root invalid={Boolean(error(index, 'name'))} required>
                <Field.Label>{t('name')}</Field.Label>
                <Input value={row.name} maxLength={100} onChange={(e) => edit(index, 'name', e.target.value)} />
                {error(index, 'name') && <Field.ErrorText>{error(index, 'name')}</Field.ErrorText>}
              </Field.Root>
              <SelectField
                label={t('kind')}
                value={row.kind}
                choices={NON_WORK_DAY_KINDS.map((k) => [k, t(`kinds.${k}`)])}
                onChange={(v) => edit(index, 'kind', v)}
                w={{ base: 'full', md: '40' }}
                error={error(index, 'kind')}
              />
            </Stack>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <DayInput
                label={t('dayStarts')}
                value={row.starts_on}
                error={error(index, 'starts_on')}
                onChange={(v) => edit(index, 'starts_on', v)}
              />
              <DayInput
                label={t('dayEnds')}
                value={row.ends_on}
                error={error(index, 'ends_on')}
                onChange={(v) => edit(index, 'ends_on', v)}
              />
            </Stack>
            <HStack>
              <Button
                variant="ghost"
                colorPalette="red"
                minH="11"
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                {t('removeDay', { n: index + 1 })}
              </Button>
            </HStack>
          </Stack>
        ))}
      </Stack>
      {errors.non_work_days && <Fieldset.ErrorText>{errors.non_work_days}</Fieldset.ErrorText>}
      <Button
        alignSelf="flex-start"
        variant="outline"
        minH="11"
        mt="2"
        disabled={rows.length >= SCHOOL_YEAR_MAX_NON_WORK_DAYS}
        onClick={() => onChange([...rows, newDayRow()])}
      >
        {t('addDay')}
      </Button>
    </Fieldset.Root>
  );
}

/** A date field with its label and refusal. */
export function DayInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>{label}</Field.Label>
      <Input type="date" value={value} onChange={(e) => onChange(e.target.value)} maxW={{ sm: 'xs' }} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
