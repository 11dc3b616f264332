/**
 * What the records list shows besides the range: grade, homeroom (of the grade when one is chosen), one scholar,
 * whether voided records show, and entries added later or counted at the line. Native selects, as elsewhere.
 */
import { Checkbox, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type DemographicRecord, GRADES } from '../../../contract';
import { ScholarFilter } from '../../../ui/data/scholar-filter';
import { SelectField, type SelectFieldProps } from '../../../ui/form/select-field';
import { ADDED_CHOICES, type RecordsState } from './model/records-state';
import { homeroomsOf } from './model/scholars';

export interface RecordsFiltersProps {
  state: RecordsState;
  roster: readonly DemographicRecord[] | undefined;
  scholars: Map<string, DemographicRecord>;
  onChange: (patch: Partial<RecordsState>) => void;
}

/** The filters' selects: full width on a phone, 44 from small screens up. */
const Select = (props: Omit<SelectFieldProps, 'w'>) => <SelectField {...props} w={{ base: 'full', sm: '44' }} />;

const ADDED_LABELS = { '': 'filters.addedAll', later: 'filters.addedLater', line: 'filters.addedLine' } as const;

/** Grade, homeroom, scholar, voided and added-later filters. */
export function RecordsFilters({ state, roster, scholars, onChange }: RecordsFiltersProps) {
  const { t } = useTranslation('meal-records');
  const rooms = homeroomsOf(roster, state.grade);
  if (state.homeroom && !rooms.includes(state.homeroom)) rooms.unshift(state.homeroom);
  return (
    <HStack as="fieldset" aria-label={t('filters.label')} gap="3" wrap="wrap" align="end">
      <Select
        label={t('filters.grade')}
        value={state.grade}
        choices={[['', t('filters.allGrades')], ...GRADES.map((g): [string, string] => [g, g])]}
        onChange={(grade) => onChange({ grade })}
      />
      <Select
        label={t('filters.homeroom')}
        value={state.homeroom}
        choices={[['', t('filters.allHomerooms')], ...rooms.map((r): [string, string] => [r, r])]}
        onChange={(homeroom) => onChange({ homeroom })}
      />
      <Select
        label={t('filters.added')}
        value={state.added}
        choices={ADDED_CHOICES.map((c): [string, string] => [c, t(ADDED_LABELS[c])])}
        onChange={(added) => onChange({ added: ADDED_CHOICES.find((c) => c === added) ?? '' })}
      />
      <ScholarFilter
        value={state.scholarId}
        chosen={scholars.get(state.scholarId)}
        onChange={(scholarId) => onChange({ scholarId })}
        namespace="meal-records"
        minW="14rem"
      />
      <Checkbox.Root
        checked={state.includeVoided}
        onCheckedChange={(details) => onChange({ includeVoided: details.checked === true })}
        colorPalette="primary"
        pb="2"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('filters.includeVoided')}</Checkbox.Label>
      </Checkbox.Root>
    </HStack>
  );
}
