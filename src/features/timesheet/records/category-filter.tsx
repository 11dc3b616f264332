/**
 * The categories a list shows, as checkboxes in a group (none ticked: every category). The list call takes them as
 * one comma-separated filter.
 */
import { Checkbox, Fieldset, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TIMESHEET_CATEGORIES, type TimesheetCategory } from '../../../contract';

export interface CategoryFilterProps {
  value: readonly TimesheetCategory[];
  /** One category ticked or not. */
  onToggle: (category: TimesheetCategory, on: boolean) => void;
}

/** The category checkboxes. */
export function CategoryFilter({ value, onToggle }: CategoryFilterProps) {
  const { t } = useTranslation('timesheet-records', { keyPrefix: 'filters' });
  const { t: tt } = useTranslation('timesheet');
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {t('categories')}
      </Fieldset.Legend>
      <Fieldset.HelperText>{t('categoriesHint')}</Fieldset.HelperText>
      <HStack gap="4" wrap="wrap">
        {TIMESHEET_CATEGORIES.map((category) => (
          <Checkbox.Root
            key={category}
            checked={value.includes(category)}
            minH="10"
            onCheckedChange={(d) => onToggle(category, d.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{tt(`categories.${category}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
    </Fieldset.Root>
  );
}
