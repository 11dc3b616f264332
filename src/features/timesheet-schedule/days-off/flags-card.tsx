/**
 * Which compliance flags the timesheets show, beside the pay period rule: for non-exempt staff, over
 * 40 hours in a week, California's daily overtime (over 8 and over 12 hours in a day), the seventh consecutive day of
 * work, and no meal break begun by the end of the fifth hour. All on by default. They are marks for the timekeeper on
 * the grid, never deductions; switching one off hides it everywhere at once (the server computes them).
 */
import { Checkbox, Fieldset, Heading, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimekeepingSettings, TimesheetFlagSettings } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { addNotification } from '../../../ui/notifications';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { useFormErrors } from '../../../ui/timekeeping/use-form-errors';
import { SaveOrReadOnly } from './save-or-read-only';
import { usePayPeriodSettings, useSavePayPeriods } from './use-days-off';

const FLAG_SETTINGS = [
  'weekly_overtime',
  'daily_overtime',
  'seventh_day',
  'meal_break',
] as const satisfies readonly (keyof TimesheetFlagSettings)[];

function FlagsForm({ saved, canEdit }: { saved: TimekeepingSettings; canEdit: boolean }) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff.flags' });
  const [flags, setFlags] = useState<TimesheetFlagSettings>(saved.timesheet_flags);
  const { formError, fail } = useFormErrors();
  const save = useSavePayPeriods();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { pay_period_rule: saved.pay_period_rule, pay_period_anchor: saved.pay_period_anchor, timesheet_flags: flags },
      { onSuccess: () => addNotification({ type: 'success', text: t('saved') }), onError: fail },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" maxW="xl">
        <FormAlert text={formError} />
        <Fieldset.Root disabled={!canEdit}>
          <Fieldset.Legend>
            <Heading as="h2" size="md">
              {t('title')}
            </Heading>
          </Fieldset.Legend>
          <Fieldset.HelperText>{t('intro')}</Fieldset.HelperText>
          <Stack gap="3" mt="2">
            {FLAG_SETTINGS.map((key) => (
              <Checkbox.Root
                key={key}
                checked={flags[key]}
                onCheckedChange={(details) => setFlags((f) => ({ ...f, [key]: details.checked === true }))}
                colorPalette="primary"
                alignItems="flex-start"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`items.${key}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
        <SaveOrReadOnly canEdit={canEdit} saving={save.isPending} saveText={t('save')} readOnlyText={t('readOnly')} />
      </Stack>
    </form>
  );
}

/** The flags, loaded with the pay period rule (one settings record). */
export function FlagsCard({ canEdit }: { canEdit: boolean }) {
  const { t: ts } = useTranslation('timesheet-schedule');
  const settings = usePayPeriodSettings();
  return (
    <QueryState query={settings} isEmpty={false} emptyText="" offlineText={ts('offline')}>
      {settings.data && <FlagsForm key={settings.data.updated_at} saved={settings.data} canEdit={canEdit} />}
    </QueryState>
  );
}
