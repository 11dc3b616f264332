/**
 * The filters of View Records: the date range, which records, the method and "flagged only" (native inputs and
 * selects: they suit tablets and need no positioning code), then the scholar and the adult. A range that ends before
 * it starts says so under the fields.
 */
import { Checkbox, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CHECK_IN_METHODS, type DemographicRecord } from '../../../contract';
import { ScholarFilter } from '../../../ui/data/scholar-filter';
import { SelectField, type SelectFieldProps } from '../../../ui/form/select-field';
import { AdultFilter } from './adult-filter';
import { KIND_CHOICES, type RecordsState } from './model/records-state';

export interface RecordsFiltersProps {
  state: RecordsState;
  /** The range in effect (today filled in). */
  range: { from: string; to: string };
  /** What is wrong with the range, already in words; null when nothing is. */
  problem: string | null;
  scholars: Map<string, DemographicRecord>;
  /** False without authorized_pick_ups-view_any: the adult filter then takes typed names only. */
  canListAdults: boolean;
  onChange: (patch: Partial<RecordsState>) => void;
}

/** The filters' selects: full width on a phone, 56 from small screens up. */
const Select = (props: Omit<SelectFieldProps, 'w'>) => <SelectField {...props} w={{ base: 'full', sm: '56' }} />;

const KIND_LABELS = {
  '': 'filters.kindDefault',
  sign_out: 'filters.kindSignOut',
  sign_in: 'filters.kindSignIn',
  all: 'filters.kindAll',
} as const;

/** Range, records, method, flagged only, scholar and adult. */
export function RecordsFilters({ state, range, problem, scholars, canListAdults, onChange }: RecordsFiltersProps) {
  const { t } = useTranslation('sign-out-records');
  return (
    <Stack as="fieldset" aria-label={t('filters.label')} gap="3">
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root w={{ base: 'full', sm: '44' }} invalid={Boolean(problem)}>
          <Field.Label>{t('filters.from')}</Field.Label>
          <Input type="date" value={range.from} onChange={(event) => onChange({ from: event.target.value })} />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '44' }} invalid={Boolean(problem)}>
          <Field.Label>{t('filters.to')}</Field.Label>
          <Input type="date" value={range.to} onChange={(event) => onChange({ to: event.target.value })} />
        </Field.Root>
        <Select
          label={t('filters.kind')}
          value={state.kinds}
          choices={KIND_CHOICES.map((k): [string, string] => [k, t(KIND_LABELS[k])])}
          onChange={(kinds) => onChange({ kinds: KIND_CHOICES.find((k) => k === kinds) ?? '' })}
        />
        <Select
          label={t('filters.method')}
          value={state.method}
          choices={[
            ['', t('filters.allMethods')],
            ...CHECK_IN_METHODS.map((m): [string, string] => [m, t(`methods.${m}`)]),
          ]}
          onChange={(method) => onChange({ method: CHECK_IN_METHODS.find((m) => m === method) ?? '' })}
        />
        <Checkbox.Root
          checked={state.flaggedOnly}
          onCheckedChange={(details) => onChange({ flaggedOnly: details.checked === true })}
          colorPalette="red"
          pb="2"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('filters.flaggedOnly')}</Checkbox.Label>
        </Checkbox.Root>
      </HStack>
      {problem && (
        <Field.Root invalid>
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
      )}
      <HStack gap="3" wrap="wrap" align="start">
        <ScholarFilter
          value={state.scholarId}
          chosen={scholars.get(state.scholarId)}
          onChange={(scholarId) => onChange({ scholarId })}
          namespace="sign-out-records"
          minW="16rem"
        />
        <AdultFilter
          pickUpId={state.pickUpId}
          typed={state.adult}
          scholars={scholars}
          canList={canListAdults}
          onChange={(patch) => onChange(patch)}
        />
      </HStack>
    </Stack>
  );
}
