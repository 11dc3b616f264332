/**
 * The grades a piece of content is for, as a checkbox per grade (none ticked: every grade, the contract's rule), and
 * the same choice in words for the lists ("All grades", "K, 1, 2").
 */
import { Checkbox, Fieldset, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { GRADES, type Grade } from '../../../contract';

/** The grades in words: "All grades" when none are chosen. */
export function useGradesText() {
  const { t } = useTranslation('portal-content');
  return (grades: readonly string[]) =>
    grades.length === 0 ? t('grades.all') : GRADES.filter((g) => grades.includes(g)).join(', ');
}

export interface GradesFieldProps {
  value: readonly string[];
  onChange: (grades: Grade[]) => void;
  error?: string;
}

/** The grade checkboxes. */
export function GradesField({ value, onChange, error }: GradesFieldProps) {
  const { t } = useTranslation('portal-content');
  const toggle = (grade: Grade, on: boolean) => onChange(GRADES.filter((g) => (g === grade ? on : value.includes(g))));
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {t('grades.label')}
      </Fieldset.Legend>
      <Fieldset.HelperText>{value.length === 0 ? t('grades.noneHint') : t('grades.hint')}</Fieldset.HelperText>
      <HStack gap="3" wrap="wrap">
        {GRADES.map((grade) => (
          <Checkbox.Root
            key={grade}
            checked={value.includes(grade)}
            minH="10"
            minW="14"
            onCheckedChange={(d) => toggle(grade, d.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{grade}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
