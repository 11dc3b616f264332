/**
 * One page of the Check In/Out list: each scholar's state, the time and reason of their latest entry, whether it
 * is still waiting to be sent, a family's report for today beside the name, and the staff action for their state (check in: arrival or return; check out).
 */
import { Badge, Button, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSchoolWords } from '../../../ui/school-words';
import type { DayState } from '../model/day-state';
import { staffAction } from '../model/decide';
import { formatClockTime } from '../model/school-clock';
import { ReportNote } from '../parts/report-note';
import type { DayRow } from './day-list';

/** The badge colour of each state. */
export const STATE_PALETTE: Record<DayState, string> = {
  not_arrived: 'gray',
  in: 'green',
  left: 'orange',
  signed_out: 'blue',
};

export interface DayTableProps {
  rows: readonly DayRow[];
  timeZone: string;
  /** Null when the person may not record (the action column is left out). */
  onAct: ((row: DayRow) => void) | null;
  busyId: string | null;
}

/** The table of one page. */
export function DayTable({ rows, timeZone, onAct, busyId }: DayTableProps) {
  const { t, i18n } = useTranslation('check-in');
  const words = useSchoolWords();
  const time = (iso: string) => formatClockTime(iso, timeZone, i18n.language);
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" striped>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('day.columns.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('day.columns.studentNumber')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('day.columns.grade')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('day.columns.homeroom')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('day.columns.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('day.columns.time')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('day.columns.reason')}</Table.ColumnHeader>
            {onAct && <Table.ColumnHeader>{t('day.columns.actions')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const { scholar, day } = row;
            const name = `${scholar.fname} ${scholar.lname}`;
            const checkOut = staffAction(day.state) === 'departure';
            return (
              <Table.Row key={scholar.id}>
                <Table.Cell>
                  <Text fontWeight="medium">{name}</Text>
                  {row.report && <ReportNote report={row.report} timeZone={timeZone} />}
                </Table.Cell>
                <Table.Cell>{scholar.student_number}</Table.Cell>
                <Table.Cell>{scholar.grade}</Table.Cell>
                <Table.Cell>{words.homeroom(scholar.homeroom)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATE_PALETTE[day.state]}>{t(`states.${day.state}`)}</Badge>
                  {day.pending && (
                    <Text as="span" display="block" fontSize="xs" color="fg.muted">
                      {t('arrivals.notSent')}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>{day.at ? time(day.at) : ''}</Table.Cell>
                <Table.Cell maxW="16rem">{words.reason(day.reason)}</Table.Cell>
                {onAct && (
                  <Table.Cell>
                    <Button
                      size="sm"
                      variant={checkOut ? 'outline' : 'solid'}
                      colorPalette="primary"
                      loading={busyId === scholar.id}
                      aria-label={checkOut ? t('day.checkOutFor', { name }) : t('day.checkInFor', { name })}
                      onClick={() => onAct(row)}
                    >
                      {checkOut ? t('day.checkOut') : t('day.checkIn')}
                    </Button>
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
