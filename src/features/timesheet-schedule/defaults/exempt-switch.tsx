/**
 * A person's exempt flag, saved as soon as it is switched (exempt staff get no overtime or meal-break flags on their
 * timesheets). While the save is on its way the switch shows the new position; a refusal puts it back and says why.
 * Read-only without `timesheet_schedules-update`.
 */
import { Switch } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import type { TimekeepingStaffRecord } from '../../../contract';
import { addNotification } from '../../../ui/notifications';
import { staffName } from '../../../ui/timekeeping/hours';
import { useSetExempt } from './api/defaults-queries';

export interface ExemptSwitchProps {
  person: TimekeepingStaffRecord;
  canUpdate: boolean;
}

/** The exempt switch. */
export function ExemptSwitch({ person, canUpdate }: ExemptSwitchProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'defaults' });
  const { t: tc } = useTranslation();
  const { t: ts } = useTranslation('timesheet-schedule');
  const setExempt = useSetExempt(person.id);
  const checked = setExempt.isPending ? setExempt.variables : person.exempt;
  const name = staffName(person);

  const change = (exempt: boolean) =>
    setExempt.mutate(exempt, {
      onSuccess: (saved) =>
        addNotification({ type: 'success', text: saved.exempt ? t('exempt.on', { name }) : t('exempt.off', { name }) }),
      onError: (error) =>
        addNotification({
          type: 'error',
          text: error instanceof ApiError ? (error.isOffline ? ts('offline') : error.message) : tc('states.error'),
        }),
    });

  return (
    <Switch.Root
      checked={checked}
      disabled={!canUpdate || setExempt.isPending}
      onCheckedChange={(details) => change(details.checked)}
      colorPalette="primary"
      minH="10"
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{t('exempt.label')}</Switch.Label>
    </Switch.Root>
  );
}
