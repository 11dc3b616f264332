/**
 * Everything about the chosen person: the exempt flag, their default weeks, the week editor and the dialogs. The
 * editor starts on a new week from today, filled from the week in effect today (or a first standard week when there
 * is none); choosing a week in the list edits that one instead.
 */
import { Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import type { TimekeepingStaffRecord, TimesheetScheduleRecord } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { schoolDayOf } from '../../../ui/school-clock';
import { useWeeks } from './api/defaults-queries';
import { CopyWeekDialog } from './copy-week-dialog';
import { DeleteWeekDialog } from './delete-week-dialog';
import { ExemptSwitch } from './exempt-switch';
import { standardWeek, weekStandings } from './model/week-form';
import { WeekEditor } from './week-editor';
import { WeeksList } from './weeks-list';

export interface PersonWeeksProps {
  person: TimekeepingStaffRecord;
  permissions: readonly string[];
}

/** The chosen person's weeks and editor. */
export function PersonWeeks({ person, permissions }: PersonWeeksProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'defaults' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const weeks = useWeeks(person.id);
  const today = schoolDayOf(Date.now(), useSchoolTimeZone());
  const [editing, setEditing] = useState<TimesheetScheduleRecord | null>(null);
  const [copying, setCopying] = useState<TimesheetScheduleRecord | null>(null);
  const [deleting, setDeleting] = useState<TimesheetScheduleRecord | null>(null);
  const can = (action: 'create' | 'update' | 'delete') => permissions.includes(`timesheet_schedules-${action}`);

  const list = weeks.data ?? [];
  const standings = weekStandings(list, today);
  const current = list.find((w) => standings.get(w.id) === 'current') ?? list[0];
  // The list refreshes after a save: the week in the editor is read from it, the saved answer standing in meanwhile.
  const edited = editing ? (list.find((w) => w.id === editing.id) ?? editing) : null;
  const showEditor = weeks.data !== undefined && (edited ? can('update') : can('create'));

  return (
    <Stack gap="5">
      <ExemptSwitch person={person} canUpdate={can('update')} />
      <Stack gap="3">
        <Heading as="h2" size="lg">
          {t('weeks.title')}
        </Heading>
        <QueryState query={weeks} isEmpty={list.length === 0} emptyText={t('weeks.empty')} offlineText={ts('offline')}>
          <WeeksList
            weeks={list}
            today={today}
            editingId={edited?.id ?? null}
            onEdit={can('update') ? setEditing : null}
            onCopy={can('create') ? setCopying : null}
            onDelete={can('delete') ? setDeleting : null}
          />
        </QueryState>
      </Stack>
      {showEditor && (
        <WeekEditor
          key={edited?.id ?? 'new'}
          person={person}
          weeks={list}
          editing={edited}
          base={current?.days ?? standardWeek()}
          today={today}
          canCreate={can('create')}
          canUpdate={can('update')}
          onSaved={setEditing}
          onNewWeek={() => setEditing(null)}
        />
      )}
      <CopyWeekDialog week={copying} person={person} today={today} onClose={() => setCopying(null)} />
      <DeleteWeekDialog
        week={deleting}
        person={person}
        onDeleted={(w) => setEditing((e) => (e?.id === w.id ? null : e))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
