/**
 * The school's dismissal change settings: the cutoff after which a family's change for today is refused (2:00 PM by
 * default, on the school's clock), whether every change is confirmed on arrival (else the office confirms each), and
 * the office's phone number that a family who is too late is given to call.
 */
import { Checkbox, Field, Fieldset, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SchoolSettings } from '../../../contract';

export interface DismissalSettingsRows {
  dismissal_cutoff: string;
  dismissal_auto_confirm: boolean;
  office_phone: string;
}

/** The rows of the stored settings. */
export const dismissalRows = (s: SchoolSettings): DismissalSettingsRows => ({
  dismissal_cutoff: s.dismissal_cutoff ?? '14:00',
  dismissal_auto_confirm: s.dismissal_auto_confirm ?? false,
  office_phone: s.office_phone ?? '',
});

/** The fields the settings' update sends. */
export const dismissalBody = (rows: DismissalSettingsRows) => ({
  dismissal_cutoff: rows.dismissal_cutoff,
  dismissal_auto_confirm: rows.dismissal_auto_confirm,
  office_phone: rows.office_phone.trim() || null,
});

export function DismissalEditor(props: {
  rows: DismissalSettingsRows;
  errors: Record<string, string>;
  onChange: (rows: DismissalSettingsRows) => void;
}) {
  const { t } = useTranslation('admin', { keyPrefix: 'school' });
  const { rows, errors } = props;
  const set = (patch: Partial<DismissalSettingsRows>) => props.onChange({ ...rows, ...patch });
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{t('dismissal')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('dismissalHint')}</Fieldset.HelperText>
      <Stack gap="4" mt="2">
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <Field.Root invalid={Boolean(errors.dismissal_cutoff)} required>
            <Field.Label>{t('dismissalCutoff')}</Field.Label>
            <Input
              type="time"
              value={rows.dismissal_cutoff}
              onChange={(e) => set({ dismissal_cutoff: e.target.value })}
            />
            {errors.dismissal_cutoff && <Field.ErrorText>{errors.dismissal_cutoff}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.office_phone)}>
            <Field.Label>{t('officePhone')}</Field.Label>
            <Input
              name="office_phone"
              type="tel"
              maxLength={40}
              value={rows.office_phone}
              onChange={(e) => set({ office_phone: e.target.value })}
            />
            <Field.HelperText>{t('officePhoneHint')}</Field.HelperText>
            {errors.office_phone && <Field.ErrorText>{errors.office_phone}</Field.ErrorText>}
          </Field.Root>
        </Stack>
        <Checkbox.Root
          checked={rows.dismissal_auto_confirm}
          minH="10"
          onCheckedChange={(d) => set({ dismissal_auto_confirm: d.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('dismissalAutoConfirm')}</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </Fieldset.Root>
  );
}
