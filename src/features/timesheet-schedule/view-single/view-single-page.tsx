/**
 * View Single (`/timesheet-schedule/view-single`): how many hours the school expects of one staff
 * member on each day of a week or a month, and why (their default week, a weekly day off, a holiday, special hours,
 * a day off of theirs, or no default week yet). The person, the view and the date live in the URL
 * (`?staff=&view=week|month&date=`). Printable (only the page, not the app around it) and downloadable as CSV; on a
 * phone each day is a stacked row. A timekeeper's screen, online only.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import { QueryState } from '../../../ui/data/query-state';
import { schoolDayOf } from '../../../ui/school-clock';
import { StaffPicker } from '../../../ui/timekeeping/staff-picker';
import { staffApi } from '../api/schedules-api';
import { useStaffMember } from './api/view-single-queries';
import { useViewState } from './model/view-state';
import { PersonSchedule } from './person-schedule';
import { PRINT_SCOPE, PrintStyle } from './print-style';

export interface ViewSinglePageProps {
  /** The signed-in person's permissions (the route already requires timesheet_schedules-view). */
  permissions: readonly string[];
}

/** The View Single screen. */
export default function ViewSinglePage(_props: ViewSinglePageProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'single' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const today = schoolDayOf(Date.now(), useSchoolTimeZone());
  const [state, update] = useViewState(today);
  const person = useStaffMember(state.staffId);
  const chosen = state.staffId && person.data?.id === state.staffId ? person.data : null;

  return (
    <Stack gap="5" {...{ [PRINT_SCOPE]: '' }}>
      <PrintStyle />
      <Heading as="h1" size="xl">
        {tc('sections.viewSingle')}
      </Heading>
      <Box data-screen-only="" maxW="xl">
        {state.staffId ? (
          <QueryState query={person} isEmpty={false} emptyText="" offlineText={ts('offline')} skeletonRows={1}>
            {chosen && (
              <StaffPicker
                label={t('staffLabel')}
                value={chosen}
                onChange={(staff) => update({ staffId: staff?.id ?? null })}
              />
            )}
          </QueryState>
        ) : (
          <Stack gap="3">
            <Text>{t('intro')}</Text>
            <StaffPicker
              label={t('staffLabel')}
              value={null}
              onChange={(staff) => {
                if (staff) client.setQueryData(staffApi.keys.detail(staff.id), staff);
                update({ staffId: staff?.id ?? null });
              }}
            />
          </Stack>
        )}
      </Box>
      {chosen && <PersonSchedule person={chosen} state={state} today={today} onChange={update} />}
    </Stack>
  );
}
