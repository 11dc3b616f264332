/**
 * The filters of Check In/Out: search by name or number (instant, from the local roster), grade, homeroom and
 * state. Native selects: they suit touch screens and need no positioning code.
 */
import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DAY_STATES } from '../model/day-state';
import type { DayFilters as Filters } from './day-list';
import { REPORT_FILTERS } from './day-list';

export interface DayFiltersProps {
  filters: Filters;
  options: { grades: string[]; homerooms: string[] };
  onChange: (filters: Filters) => void;
}

function Select({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('check-in');
  return (
    <Field.Root w={{ base: 'full', sm: '44' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('day.all')}</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Search, grade, homeroom and state. */
export function DayFilters({ filters, options, onChange }: DayFiltersProps) {
  const { t } = useTranslation('check-in');
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const plain = (values: string[]) => values.map((v) => ({ value: v, label: v }));
  return (
    <HStack as="fieldset" aria-label={t('day.filters')} gap="3" wrap="wrap" align="end">
      <Field.Root flex="1" minW="14rem">
        <Field.Label>{t('day.searchLabel')}</Field.Label>
        <Input
          type="search"
          autoComplete="off"
          value={filters.query}
          maxLength={100}
          placeholder={t('day.searchPlaceholder')}
          onChange={(event) => set({ query: event.target.value })}
        />
      </Field.Root>
      <Select
        label={t('day.grade')}
        value={filters.grade}
        choices={plain(options.grades)}
        onChange={(grade) => set({ grade })}
      />
      <Select
        label={t('day.homeroom')}
        value={filters.homeroom}
        choices={plain(options.homerooms)}
        onChange={(homeroom) => set({ homeroom })}
      />
      <Select
        label={t('day.state')}
        value={filters.state}
        choices={[...DAY_STATES, ...REPORT_FILTERS].map((s) => ({ value: s, label: t(`states.${s}`) }))}
        onChange={(state) => set({ state: [...DAY_STATES, ...REPORT_FILTERS].find((s) => s === state) ?? '' })}
      />
    </HStack>
  );
}
