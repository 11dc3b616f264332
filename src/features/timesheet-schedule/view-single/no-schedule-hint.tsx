/**
 * Said when some or all of the days shown have no default week (they expect 0:00): a link to Edit Defaults for the
 * person, where one is set.
 */
import { Alert, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ExpectedDay } from '../../../contract';

export interface NoScheduleHintProps {
  staffId: string;
  name: string;
  days: readonly ExpectedDay[];
}

/** The hint, or nothing when every day has a default week. */
export function NoScheduleHint({ staffId, name, days }: NoScheduleHintProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'single' });
  const missing = days.filter((d) => d.reason === 'no_schedule').length;
  if (missing === 0) return null;
  return (
    <Alert.Root status="info" data-screen-only="">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {missing === days.length ? t('noSchedule.all', { name }) : t('noSchedule.some', { name })}{' '}
          <Link
            asChild
            fontWeight="semibold"
            textDecoration="underline"
            display="inline-flex"
            alignItems="center"
            minH="10"
          >
            <RouterLink to={`/timesheet-schedule?staff=${encodeURIComponent(staffId)}`}>
              {t('noSchedule.link')}
            </RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
