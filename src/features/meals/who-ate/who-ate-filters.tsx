/** Day, service, grade, homeroom and a name search for View Who Ate; native inputs, as on the other screens. */
import { Field, HStack, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { GRADES, MEAL_TYPES, type MealType } from '../../../contract';
import { SelectField, type SelectFieldProps } from '../../../ui/form/select-field';
import { isMealType } from '../records/model/school-day';

export interface WhoAteFilterValues {
  day: string;
  mealType: MealType;
  grade: string;
  homeroom: string;
  search: string;
}

export interface WhoAteFiltersProps {
  values: WhoAteFilterValues;
  homerooms: string[];
  onChange: (patch: Partial<WhoAteFilterValues>) => void;
}

/** The filters' selects: full width on a phone, 40 from small screens up. */
const Select = (props: Omit<SelectFieldProps, 'w'>) => <SelectField {...props} w={{ base: 'full', sm: '40' }} />;

/** The filters of View Who Ate. */
export function WhoAteFilters({ values, homerooms, onChange }: WhoAteFiltersProps) {
  const { t } = useTranslation('meal-records');
  return (
    <HStack as="fieldset" aria-label={t('whoAte.filters')} gap="3" wrap="wrap" align="end">
      <Field.Root w={{ base: 'full', sm: '44' }}>
        <Field.Label>{t('whoAte.day')}</Field.Label>
        <Input type="date" value={values.day} onChange={(event) => onChange({ day: event.target.value })} />
      </Field.Root>
      <Select
        label={t('whoAte.service')}
        value={values.mealType}
        choices={MEAL_TYPES.map((m): [string, string] => [m, t(`mealTypes.${m}`)])}
        onChange={(meal) => isMealType(meal) && onChange({ mealType: meal })}
      />
      <Select
        label={t('filters.grade')}
        value={values.grade}
        choices={[['', t('filters.allGrades')], ...GRADES.map((g): [string, string] => [g, g])]}
        onChange={(grade) => onChange({ grade })}
      />
      <Select
        label={t('filters.homeroom')}
        value={values.homeroom}
        choices={[['', t('filters.allHomerooms')], ...homerooms.map((r): [string, string] => [r, r])]}
        onChange={(homeroom) => onChange({ homeroom })}
      />
      <Field.Root flex="1" minW="14rem">
        <Field.Label>{t('whoAte.search')}</Field.Label>
        <Input
          type="search"
          autoComplete="off"
          value={values.search}
          maxLength={100}
          // The input's hint text (an example of what to type), translated; the label names the field.
          placeholder={t('whoAte.searchPlaceholder')}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </Field.Root>
    </HStack>
  );
}
