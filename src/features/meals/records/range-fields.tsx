/**
 * The date range and service of View Records, shared by its records and daily counts: native date inputs and a native
 * select (they suit tablets and need no positioning code). A range that ends before it starts, or that is longer than
 * the daily counts take, says so under the fields.
 */
import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MEAL_TYPES, type MealType } from '../../../contract';
import { isMealType } from './model/school-day';

export interface RangeFieldsProps {
  from: string;
  to: string;
  mealType: MealType | '';
  /** What is wrong with the range, already in words; null when nothing is. */
  problem: string | null;
  onChange: (patch: { from?: string; to?: string; mealType?: MealType | '' }) => void;
}

/** From, to and service. */
export function RangeFields({ from, to, mealType, problem, onChange }: RangeFieldsProps) {
  const { t } = useTranslation('meal-records');
  return (
    <HStack as="fieldset" aria-label={t('filters.range')} gap="3" wrap="wrap" align="start">
      <Field.Root w={{ base: 'full', sm: '44' }} invalid={Boolean(problem)}>
        <Field.Label>{t('filters.from')}</Field.Label>
        <Input type="date" value={from} onChange={(event) => onChange({ from: event.target.value })} />
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: '44' }} invalid={Boolean(problem)}>
        <Field.Label>{t('filters.to')}</Field.Label>
        <Input type="date" value={to} onChange={(event) => onChange({ to: event.target.value })} />
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: '44' }}>
        <Field.Label>{t('filters.service')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={mealType}
            onChange={(event) => onChange({ mealType: isMealType(event.target.value) ? event.target.value : '' })}
          >
            <option value="">{t('filters.allServices')}</option>
            {MEAL_TYPES.map((meal) => (
              <option key={meal} value={meal}>
                {t(`mealTypes.${meal}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </HStack>
  );
}
