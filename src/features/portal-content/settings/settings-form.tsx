/** The portal settings form: the texts, the first weekday and the entries shown, saved together. */
import { Button, Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTAL_ENTRIES, type PortalEntry, type PortalSettings, PortalSettingsUpdateSchema } from '../../../contract';
import { SelectField } from '../../../ui/form/select-field';
import { addNotification } from '../../../ui/notifications';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { portalSettingsKey, savePortalSettings } from '../api/portal-content-api';
import { sundayWeekdayName } from '../model/weekdays';
import { TextField } from '../parts/fields';
import { useFormErrors } from '../parts/use-form-errors';

export interface SettingsFormProps {
  settings: PortalSettings;
  /** Without the update permission the form is shown read-only. */
  canSave: boolean;
}

/** The form. */
export function SettingsForm({ settings, canSave }: SettingsFormProps) {
  const { t, i18n } = useTranslation('portal-content', { keyPrefix: 'settings' });
  const client = useQueryClient();
  const [prefix, setPrefix] = useState(settings.resource_prefix ?? '');
  const [weekStartsOn, setWeekStartsOn] = useState(String(settings.week_starts_on));
  const [help, setHelp] = useState(settings.help_contact ?? '');
  const [off, setOff] = useState<PortalEntry[]>(settings.portal_entries_off);
  const { errors, formError, check, fail, clear } = useFormErrors();
  const save = useMutation({
    mutationFn: savePortalSettings,
    onSuccess: (saved) => client.setQueryData(portalSettingsKey, saved),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      resource_prefix: prefix.trim() || null,
      week_starts_on: Number(weekStartsOn),
      help_contact: help.trim() || null,
      portal_entries_off: off,
    };
    if (!check(PortalSettingsUpdateSchema, body)) return;
    save.mutate(body, {
      onSuccess: () => addNotification({ type: 'success', text: t('saved') }),
      onError: fail,
    });
  };
  const toggle = (entry: PortalEntry, shown: boolean) => {
    setOff(PORTAL_ENTRIES.filter((e) => (e === entry ? !shown : off.includes(e))));
    clear('portal_entries_off');
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('formLabel')}>
      <Fieldset.Root disabled={!canSave}>
        <Stack gap="4">
          <FormAlert text={formError} />
          <TextField
            label={t('fields.resourcePrefix')}
            value={prefix}
            maxLength={60}
            helper={t('fields.resourcePrefixHint', { example: prefix.trim() ? `${prefix.trim()} ` : '' })}
            error={errors.resource_prefix}
            onChange={(v) => {
              setPrefix(v);
              clear('resource_prefix');
            }}
          />
          <SelectField
            label={t('fields.weekStartsOn')}
            value={weekStartsOn}
            w={{ base: 'full', sm: '56' }}
            error={errors.week_starts_on}
            choices={[0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), sundayWeekdayName(d, i18n.language)])}
            onChange={(v) => {
              setWeekStartsOn(v);
              clear('week_starts_on');
            }}
          />
          <TextField
            label={t('fields.helpContact')}
            value={help}
            maxLength={200}
            helper={t('fields.helpContactHint')}
            error={errors.help_contact}
            onChange={(v) => {
              setHelp(v);
              clear('help_contact');
            }}
          />
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
