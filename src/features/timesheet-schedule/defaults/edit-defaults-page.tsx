/**
 * Edit Defaults (/timesheet-schedule): a timekeeper finds a staff member and sees and changes their
 * default week, the history of weeks (which one is in effect today, which start later), the exempt flag, and copies a
 * week to others. The person is in the URL (`?staff=<id>`), so a reload or a shared link opens the same person.
 * Online only: offline, each call says so. The route hands the signed-in person's permissions over (features never
 * import the auth feature); editing controls follow `timesheet_schedules-create`, `-update` and `-delete`.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { TimekeepingStaffRecord } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { StaffPicker } from '../../../ui/timekeeping/staff-picker';
import { staffApi } from '../api/schedules-api';
import { usePerson } from './api/defaults-queries';
import { PersonWeeks } from './person-weeks';

export interface EditDefaultsPageProps {
  /** The signed-in person's permissions. */
  permissions: readonly string[];
}

/** The Edit Defaults screen. */
export default function EditDefaultsPage({ permissions }: EditDefaultsPageProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'defaults' });
  const { t: tc } = useTranslation();
  const { t: ts } = useTranslation('timesheet-schedule');
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const staffId = params.get('staff');
  const person = usePerson(staffId);

  const choose = (staff: TimekeepingStaffRecord | null) => {
    // The match already holds the person: shown at once, refreshed behind.
    if (staff) client.setQueryData(staffApi.keys.detail(staff.id), staff);
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (staff) next.set('staff', staff.id);
      else next.delete('staff');
      return next;
    });
  };
  const picker = (
    <StaffPicker label={t('staffLabel')} value={staffId ? (person.data ?? null) : null} onChange={choose} />
  );

  return (
    <Stack gap="5" maxW="5xl" mx="auto" w="full">
      <Heading as="h1" size="xl">
        {tc('sections.editDefaults')}
      </Heading>
      {!staffId && <Text color="fg.muted">{t('intro')}</Text>}
      {staffId && !person.data ? (
        <Stack gap="3">
          <QueryState query={person} isEmpty={false} emptyText="" offlineText={ts('offline')} skeletonRows={2}>
            {null}
          </QueryState>
          {person.isError && picker}
        </Stack>
      ) : (
        picker
      )}
      {staffId && person.data && <PersonWeeks key={person.data.id} person={person.data} permissions={permissions} />}
    </Stack>
  );
}
