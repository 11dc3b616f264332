/**
 * How a guardian and a scholar are linked: the relationship (mother, father, legal guardian, grandparent, other) and
 * whether the guardian may pick the scholar up, which puts them among the scholar's pick-up adults.
 */
import { Checkbox, Field, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { GUARDIAN_RELATIONSHIPS, type GuardianRelationship } from '../../../contract/guardians';
import { SelectField } from '../../../ui/form/select-field';

export interface LinkValues {
  relationship: GuardianRelationship;
  may_pick_up: boolean;
}

export const NEW_LINK: LinkValues = { relationship: 'mother', may_pick_up: false };

export interface LinkFieldsProps {
  value: LinkValues;
  onChange: (value: LinkValues) => void;
  errors?: Partial<Record<keyof LinkValues, string>>;
}

/** The relationship's words in the reader's language. */
export function useRelationshipText() {
  const { t } = useTranslation('guardians');
  return (relationship: GuardianRelationship) => t(`relationships.${relationship}`);
}

/** The two fields. */
export function LinkFields({ value, onChange, errors = {} }: LinkFieldsProps) {
  const { t } = useTranslation('guardians');
  const text = useRelationshipText();
  return (
    <Stack gap="3">
      <SelectField
        label={t('links.relationship')}
        value={value.relationship}
        w="full"
        choices={GUARDIAN_RELATIONSHIPS.map((r) => [r, text(r)])}
        onChange={(v) => onChange({ ...value, relationship: v as GuardianRelationship })}
        error={errors.relationship}
      />
      <Field.Root invalid={Boolean(errors.may_pick_up)}>
        <Checkbox.Root
          checked={value.may_pick_up}
          minH="10"
          onCheckedChange={(d) => onChange({ ...value, may_pick_up: d.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('links.mayPickUp')}</Checkbox.Label>
        </Checkbox.Root>
        <Field.HelperText>{t('links.mayPickUpHint')}</Field.HelperText>
        {errors.may_pick_up && <Field.ErrorText>{errors.may_pick_up}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  );
}
