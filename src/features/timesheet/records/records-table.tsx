/**
 * One page of timesheet records. From the lg breakpoint it is a table (person, date, in, out, break, worked,
 * category, note, method, state, actions); below it each record stacks as a card (the person and the hours on top,
 * then the date, in and out, and the rest, each named), so a phone never scrolls sideways. Times are the school's
 * clock. An open record says "Clocked in" or "Missing clock-out" in words as well as colour; a record of an approved
 * pay period shows a lock and "Locked" and offers no Edit or Delete.
 */
import { Badge, Box, HStack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimesheetRecord } from '../../../contract';
import { SortHeader } from '../../../ui/data/sort-header';
import { formatDay } from '../../../ui/school-clock';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { RowActions } from '../../../ui/timekeeping/row-actions';
import { LockIcon } from '../parts/lock-icon';
import { endDayOffset, openState, runningMinutes, timeText } from '../parts/record-times';

const STACKED = { base: 'grid', lg: 'table-row' } as const;
const CELL_RULE = { base: '0', lg: '1px' } as const;
const CELL_PY = { base: '0.5', lg: '2' } as const;
const AREAS = `"person worked" "date date" "in out" "break break" "category category" "note note" "method state" "actions actions"`;

/** A cell's name, shown only while the row is stacked (the table's header names it from lg up). */
function CellLabel({ children }: { children: ReactNode }) {
  return (
    <Text as="span" hideFrom="lg" color="fg.muted" me="1">
      {children}
    </Text>
  );
}

interface CellProps {
  area: string;
  children: ReactNode;
  textAlign?: 'end';
  /** Nothing to show: left out of the stacked card (kept as a table cell from lg up). */
  empty?: boolean;
  /** Kept on one line in the table (a date, a time). */
  nowrap?: boolean;
}

function Cell({ area, children, textAlign, empty, nowrap }: CellProps) {
  return (
    <Table.Cell
      gridArea={area}
      display={empty ? { base: 'none', lg: 'table-cell' } : undefined}
      borderBottomWidth={CELL_RULE}
      py={CELL_PY}
      px={{ base: '0', lg: '3' }}
      textAlign={textAlign}
      whiteSpace={nowrap ? { lg: 'nowrap' } : undefined}
    >
      {children}
    </Table.Cell>
  );
}

export interface RecordsTableProps {
  records: readonly TimesheetRecord[];
  timeZone: string;
  sort: string;
  onSortChange: (sort: string) => void;
  /** Offered on unlocked records to those who may change them. */
  onEdit: ((record: TimesheetRecord) => void) | null;
  onDelete: ((record: TimesheetRecord) => void) | null;
}

interface RowProps extends Omit<RecordsTableProps, 'records' | 'sort' | 'onSortChange'> {
  record: TimesheetRecord;
  now: number;
}

function RecordRow({ record, timeZone, now, onEdit, onDelete }: RowProps) {
  const { t, i18n } = useTranslation('timesheet-records');
  const { t: tt } = useTranslation('timesheet');
  const locale = i18n.language;
  const day = formatDay(record.work_date, locale);
  const open = openState(record, now);
  const later = endDayOffset(record, timeZone);
  const what = t('table.what', { name: record.user_name, date: day });
  const canAct = !record.locked && (onEdit || onDelete);
  return (
    <Table.Row
      display={STACKED}
      gridTemplateColumns="1fr auto"
      gridTemplateAreas={AREAS}
      columnGap="3"
      py={{ base: '3', lg: '0' }}
      borderBottomWidth={{ base: '1px', lg: '0' }}
      data-locked={record.locked || undefined}
    >
      <Cell area="person">
        <Text fontWeight="semibold">{record.user_name}</Text>
      </Cell>
      <Cell area="date" nowrap>
        <time dateTime={record.work_date}>{day}</time>
      </Cell>
      <Cell area="in" nowrap>
        <CellLabel>{t('table.in')}</CellLabel>
        {timeText(record.started_at, timeZone, locale)}
      </Cell>
      <Cell area="out" nowrap>
        <CellLabel>{t('table.out')}</CellLabel>
        {record.ended_at ? (
          <>
            {timeText(record.ended_at, timeZone, locale)}
            {later > 0 && (
              <Text as="span" fontSize="sm" color="fg.muted" ms="1">
                {t('table.nextDay', { count: later })}
              </Text>
            )}
          </>
        ) : (
          <Badge colorPalette={open === 'missingOut' ? 'red' : 'green'} variant="solid">
            {open === 'missingOut' ? t('table.missingOut') : t('table.clockedIn')}
          </Badge>
        )}
      </Cell>
      <Cell area="break" nowrap>
        <CellLabel>{t('table.break')}</CellLabel>
        {t('table.minutes', { count: record.break_minutes })}
      </Cell>
      <Cell area="worked" textAlign="end" nowrap>
        <CellLabel>{t('table.worked')}</CellLabel>
        <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums">
          {record.worked_minutes !== null
            ? formatMinutes(record.worked_minutes)
            : open === 'clockedIn'
              ? t('table.soFar', { hours: formatMinutes(runningMinutes(record, now)) })
              : '–'}
        </Text>
      </Cell>
      <Cell area="category">
        {tt(`categories.${record.category}`)}
        {record.leave_type && ` (${tt(`leaveTypes.${record.leave_type}`)})`}
      </Cell>
      <Cell area="note" empty={!record.note}>
        {record.note && <Text fontSize="sm">{record.note}</Text>}
      </Cell>
      <Cell area="method">
        <Text as="span" fontSize="sm" color="fg.muted">
          {tt(`methods.${record.method}`)}
        </Text>
      </Cell>
      <Cell area="state" empty={!record.locked}>
        {record.locked && (
          <HStack gap="1" color="fg.muted" fontSize="sm" title={t('table.lockedHint')}>
            <LockIcon />
            <span>{t('table.locked')}</span>
          </HStack>
        )}
      </Cell>
      <Cell area="actions" empty={!canAct}>
        {canAct && (
          <RowActions
            words={(word) => t(`table.${word}`, { what })}
            onEdit={onEdit && (() => onEdit(record))}
            onDelete={onDelete && (() => onDelete(record))}
            pt={{ base: '2', lg: '0' }}
            wrap={{ base: 'wrap', lg: 'nowrap' }}
          />
        )}
      </Cell>
    </Table.Row>
  );
}

/** The records, as a table or stacked cards. */
export function RecordsTable({ records, timeZone, sort, onSortChange, onEdit, onDelete }: RecordsTableProps) {
  const { t } = useTranslation('timesheet-records');
  const now = Date.now();
  return (
    <Box overflowX={{ lg: 'auto' }}>
      <Table.Root size="sm" display={{ base: 'block', lg: 'table' }} borderTopWidth={{ base: '1px', lg: '0' }}>
        <Table.Caption srOnly>{t('table.caption')}</Table.Caption>
        <Table.Header hideBelow="lg">
          <Table.Row>
            <Table.ColumnHeader>{t('table.person')}</Table.ColumnHeader>
            <SortHeader field="started_at" sort={sort} onSortChange={onSortChange}>
              {t('table.date')}
            </SortHeader>
            <Table.ColumnHeader>{t('table.in')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.out')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.break')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('table.worked')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.category')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.note')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.method')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body display={{ base: 'block', lg: 'table-row-group' }}>
          {records.map((record) => (
            <RecordRow
              key={record.id}
              record={record}
              timeZone={timeZone}
              now={now}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
