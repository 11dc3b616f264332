/**
 * The messenger schedule (/messenger): the week Monday to Friday with today highlighted, who is on
 * duty now, and each duty's scholar, time and post. It reads the device's copy (the sync pull keeps it), so it
 * works offline. The front office edits it online with messenger_schedules-create / update / delete: the route
 * gives the screen the signed-in person's permissions (features never import the auth feature).
 */
import { Button, EmptyState, Heading, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessengerScheduleRecord } from '../../contract';
import { DeleteDutyDialog } from './parts/delete-duty-dialog';
import { DutyFormDialog } from './parts/duty-form-dialog';
import { OnDutyCard, useScholarName } from './parts/on-duty-card';
import { Notice, ScheduleBoundary, Waiting } from './parts/schedule-states';
import { WeekGrid } from './parts/week-grid';
import { useSchedule } from './use-schedule';

export interface MessengerPageProps {
  /** The signed-in person's permissions. */
  permissions: readonly string[];
}

type Editing = { duty: MessengerScheduleRecord | null } | null;

function Schedule({ permissions }: MessengerPageProps) {
  const { t } = useTranslation('messenger');
  const { t: tc } = useTranslation();
  const schedule = useSchedule();
  const nameOf = useScholarName(schedule.scholars);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MessengerScheduleRecord | null>(null);
  const can = (action: 'create' | 'update' | 'delete') => permissions.includes(`messenger_schedules-${action}`);
  const canEdit = can('create') || can('update') || can('delete');

  if (schedule.status === 'loading') return <Waiting text={tc('states.loading')} />;
  if (schedule.status === 'downloading') return <Waiting text={t('downloading')} />;
  if (schedule.status === 'offline-no-data') return <Notice status="warning" text={t('offlineNoData')} />;

  const isSchoolDay = schedule.weekday >= 1 && schedule.weekday <= 5;
  return (
    <Stack gap="5">
      {canEdit && !schedule.online && <Notice status="info" text={t('offlineEditing')} />}
      <OnDutyCard
        duties={schedule.duties}
        scholars={schedule.scholars}
        weekday={schedule.weekday}
        minutes={schedule.minutes}
      />
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          {t('week')}
        </Heading>
        {can('create') && (
          <Button colorPalette="primary" onClick={() => setEditing({ duty: null })}>
            {t('add')}
          </Button>
        )}
      </HStack>
      {schedule.duties.length === 0 && (
        <EmptyState.Root size="sm">
          <EmptyState.Content>
            <EmptyState.Description>{t('empty')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      <WeekGrid
        week={schedule.week}
        today={schedule.weekday}
        scholars={schedule.scholars}
        onEdit={can('update') ? (duty) => setEditing({ duty }) : null}
        onDelete={can('delete') ? setDeleting : null}
      />
      <DutyFormDialog
        open={editing !== null}
        duty={editing?.duty ?? null}
        weekday={isSchoolDay ? schedule.weekday : 1}
        scholars={schedule.roster}
        online={schedule.online}
        onClose={() => setEditing(null)}
      />
      <DeleteDutyDialog
        duty={deleting}
        scholarName={deleting ? nameOf(deleting.scholar_id) : ''}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** The messenger schedule screen. */
export default function MessengerPage(props: MessengerPageProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {t('sections.viewSchedule')}
      </Heading>
      <ScheduleBoundary>
        <Schedule {...props} />
      </ScheduleBoundary>
    </Stack>
  );
}
