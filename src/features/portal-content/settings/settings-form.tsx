/**
 * The portal settings form: the texts, the first weekday, the entries shown and the school's words families read
 * (AutoWork, in English and in Spanish), saved together.
 */
import { Button, Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTAL_ENTRIES, type PortalEntry, type PortalSettings, PortalSettingsUpdateSchema } from '../../../contract';
import { SelectField } from '../../../ui/form/select-field';
import { addNotification } from '../../../ui/notifications';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { portalSettingsKey, savePortalSettings } from '../api/portal-content-api';
import { sundayWeekdayName } from '../model/weekdays';
import { TextField } from '../parts/fields';
import { useFormErrors } from '../parts/use-form-errors';
import { useFormFields } from '../parts/use-form-fields';

export interface SettingsFormProps {
  settings: PortalSettings;
  /** Without the update permission the form is shown read-only. */
  canSave: boolean;
}

/** The form. */
export function SettingsForm({ settings, canSave }: SettingsFormProps) {
  const { t, i18n } = useTranslation('portal-content', { keyPrefix: 'settings' });
  const client = useQueryClient();
  const { errors, formError, check, fail, clear } = useFormErrors();
  const { form, set, bind } = useFormFields(
    () => ({
      resource_prefix: settings.resource_prefix ?? '',
      week_starts_on: String(settings.week_starts_on),
      help_contact: settings.help_contact ?? '',
      portal_entries_off: settings.portal_entries_off,
      autowork_en: settings.terms?.en?.autowork ?? '',
      autowork_es: settings.terms?.es?.autowork ?? '',
    }),
    errors,
    clear,
  );
  const prefix = form.resource_prefix;
  const off = form.portal_entries_off;
  const save = useMutation({
    mutationFn: savePortalSettings,
    onSuccess: (saved) => client.setQueryData(portalSettingsKey, saved),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      resource_prefix: prefix.trim() || null,
      week_starts_on: Number(form.week_starts_on),
      help_contact: form.help_contact.trim() || null,
      portal_entries_off: off,
      terms: {
        en: { autowork: form.autowork_en.trim() || null },
        es: { autowork: form.autowork_es.trim() || null },
      },
    };
    if (!check(PortalSettingsUpdateSchema, body)) return;
    save.mutate(body, {
      onSuccess: () => addNotification({ type: 'success', text: t('saved') }),
      onError: fail,
    });
  };
  const toggle = (entry: PortalEntry, shown: boolean) => {
    set(
      'portal_entries_off',
      PORTAL_ENTRIES.filter((e) => (e === entry ? !shown : off.includes(e))),
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('formLabel')}>
      <Fieldset.Root disabled={!canSave}>
        <Stack gap="4">
          <FormAlert text={formError} />
          <TextField
            label={t('fields.resourcePrefix')}
            maxLength={60}
            helper={t('fields.resourcePrefixHint', { example: prefix.trim() ? `${prefix.trim()} ` : '' })}
            {...bind('resource_prefix')}
          />
          <SelectField
            label={t('fields.weekStartsOn')}
            w={{ base: 'full', sm: '56' }}
            choices={[0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), sundayWeekdayName(d, i18n.language)])}
            {...bind('week_starts_on')}
          />
          <TextField
            label={t('fields.helpContact')}
            maxLength={200}
            helper={t('fields.helpContactHint')}
            {...bind('help_contact')}
          />
          <Fieldset.Root>
            <Fieldset.Legend fontSize="sm" fontWeight="medium">
              {t('fields.terms')}
            </Fieldset.Legend>
            <Fieldset.HelperText>{t('fields.termsHint')}</Fieldset.HelperText>
            <TextField
              label={t('fields.autoworkEn')}
              maxLength={60}
              lang="en"
              helper={t('fields.autoworkHint')}
              {...bind('autowork_en', 'terms.en.autowork')}
            />
            <TextField
              label={t('fields.autoworkEs')}
              maxLength={60}
              lang="es"
              helper={t('fields.autoworkHint')}
              {...bind('autowork_es', 'terms.es.autowork')}
            />
          </Fieldset.Root>
          <Fieldset.Root invalid={Boolean(errors.portal_entries_off)}>
            <Fieldset.Legend fontSize="sm" fontWeight="medium">
              {t('fields.entries')}
            </Fieldset.Legend>
            <Fieldset.HelperText>{t('fields.entriesHint')}</Fieldset.HelperText>
            <Stack gap="1">
              {PORTAL_ENTRIES.map((entry) => (
                <Checkbox.Root
                  key={entry}
                  checked={!off.includes(entry)}
                  minH="10"
                  onCheckedChange={(d) => toggle(entry, d.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t(`entries.${entry}`)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
            {errors.portal_entries_off && <Fieldset.ErrorText>{errors.portal_entries_off}</Fieldset.ErrorText>}
          </Fieldset.Root>
          {canSave ? (
            <Button type="submit" alignSelf="flex-start" colorPalette="primary" minH="10" loading={save.isPending}>
              {t('save')}
            </Button>
          ) : (
            <Text color="fg.muted">{t('readOnly')}</Text>
          )}
        </Stack>
      </Fieldset.Root>
    </form>
  );
}
