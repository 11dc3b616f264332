/**
 * View Records (`/timesheet/view-records`): everyone's timesheet records, or one person's, over a
 * range of days (this month on the school's clock unless chosen, with This week / This month / Last month), by
 * category, with a search of notes and names, newest or oldest first, 50 a page. The timekeeper adds a record for
 * someone, changes one with a reason (audited, made from the version on screen) and deletes one, except where an
 * approved pay period locked it; Export CSV writes the whole filtered range. The filters live in the address. Online
 * only: without a connection the list says it needs one.
 */
import { Button, Field, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import { TIMESHEET_CATEGORIES, type TimesheetRecord } from '../../../contract';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { SearchInput } from '../../../ui/data/search-input';
import { SelectField } from '../../../ui/form/select-field';
import { schoolDayOf } from '../../../ui/school-clock';
import { ListScreenTop } from '../parts/list-screen-top';
import { PersonFilter, useStaffMember } from '../parts/person-filter';
import { RangeFields } from '../parts/range-fields';
import { RecordDialog } from '../parts/record-dialog';
import { CategoryFilter } from './category-filter';
import { DeleteRecordDialog } from './delete-record-dialog';
import { ExportRecordsButton } from './export-records-button';
import {
  PER_PAGE,
  PRESETS,
  presetRange,
  type RecordSort,
  recordsListParams,
  useRecordsState,
} from './model/records-state';
import { RecordsTable } from './records-table';
import { useRecords } from './use-records';

export interface RecordsPageProps {
  /** The signed-in person's permissions (the route requires timesheets-view_any). */
  permissions: readonly string[];
}

/** The View Records screen. */
export default function RecordsPage({ permissions }: RecordsPageProps) {
  const { t } = useTranslation('timesheet-records');
  const { t: tc } = useTranslation();
  const timeZone = useSchoolTimeZone();
  const today = schoolDayOf(Date.now(), timeZone);
  const [state, update] = useRecordsState(today);
  const rangeOk = state.from <= state.to;
  const records = useRecords(recordsListParams(state), rangeOk);
  const person = useStaffMember(state.staffId);
  const [editing, setEditing] = useState<TimesheetRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TimesheetRecord | null>(null);
  const can = (action: 'create' | 'update' | 'delete') => permissions.includes(`timesheets-${action}`);
  const rows = records.data?.data ?? [];

  return (
    <Stack gap="5">
      <ListScreenTop title={tc('sections.viewRecords')} intro={t('intro')}>
        <RangeFields
          from={state.from}
          to={state.to}
          quick={PRESETS.map((key) => ({ key, label: t(`filters.${key}`), ...presetRange(key, today) }))}
          onChange={update}
        />
        <CategoryFilter
          value={state.categories}
          onToggle={(category, on) =>
            update({
              categories: TIMESHEET_CATEGORIES.filter((c) => (c === category ? on : state.categories.includes(c))),
            })
          }
        />
        <PersonFilter staffId={state.staffId} onChange={(staffId) => update({ staffId })} />
        <HStack gap="3" wrap="wrap" align="flex-end">
          <Field.Root flex="1" minW={{ base: 'full', sm: '64' }}>
            <Field.Label>{t('filters.search')}</Field.Label>
            <SearchInput
              value={state.search}
              onSearch={(search) => update({ search })}
              label={t('filters.search')}
              // The HTML placeholder attribute: the translated hint shown in the empty box.
              placeholder={t('filters.searchHint')}
            />
          </Field.Root>
          <SelectField
            label={t('filters.order')}
            value={state.sort}
            w={{ base: 'full', sm: '48' }}
            choices={[
              ['-started_at', t('filters.newest')],
              ['started_at', t('filters.oldest')],
            ]}
            onChange={(sort) => update({ sort: sort as RecordSort })}
          />
        </HStack>
      </ListScreenTop>
      <HStack gap="3" wrap="wrap" justify="space-between">
        {can('create') && (
          <Button colorPalette="primary" minH="10" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        )}
        <ExportRecordsButton state={state} timeZone={timeZone} disabled={!rangeOk} />
      </HStack>
      {rangeOk && (
        <QueryState
          query={records}
          isEmpty={rows.length === 0 && (records.data?.meta.total ?? 0) === 0}
          emptyText={t('empty')}
          offlineText={t('offline')}
        >
          {/* Dimmed while TanStack's placeholderData (the last page kept on screen) waits for the next. */}
          <Stack gap="2" opacity={records.isPlaceholderData ? 0.6 : 1} aria-busy={records.isFetching || undefined}>
            <RecordsTable
              records={rows}
              timeZone={timeZone}
              sort={state.sort}
              onSortChange={(sort) => update({ sort: sort as RecordSort })}
              onEdit={can('update') ? setEditing : null}
              onDelete={can('delete') ? setDeleting : null}
            />
            <Pager
              page={state.page}
              perPage={PER_PAGE}
              total={records.data?.meta.total ?? 0}
              onPageChange={(page) => update({ page })}
            />
          </Stack>
        </QueryState>
      )}
      <RecordDialog
        editing={editing}
        today={today}
        choosePerson
        person={person.data ?? null}
        onClose={() => setEditing(null)}
      />
      <DeleteRecordDialog target={deleting} timeZone={timeZone} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
