/**
 * The person's records of this pay period, by day, newest first: each record's in and out, break
 * and category, and each day's worked hours against the hours the timesheet schedules' schedule expects so far (today's up to the
 * summary's `as_of` or the clock-out; the hours expected later in the period said apart). The records come from the device
 * (offline too); the expected hours and the period's state from the server's summary, when it can be reached. The
 * person submits the period for approval here, after a confirmation with its summary, and withdraws the submission
 * while the timekeeper has not decided it.
 */
import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import type { PayPeriod } from '../../../contract';
import { addNotification } from '../../../ui/notifications';
import { formatClockTime, formatDay, schoolDayOf } from '../../../ui/school-clock';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { fetchSummary, periodAction, summaryKeys } from '../api/timesheets-api';
import { signedMinutes } from '../reports/model/words';
import { byDay, type ClockRecord, recordMinutes } from './model/clock';
import { SubmitPeriodDialog } from './submit-period-dialog';

export interface PeriodRecordsProps {
  userId: string;
  period: PayPeriod;
  records: readonly ClockRecord[];
  now: number;
  timeZone: string;
  online: boolean;
}

export function PeriodRecords({ userId, period, records, now, timeZone, online }: PeriodRecordsProps) {
  const { t, i18n } = useTranslation('timesheet', { keyPrefix: 'period' });
  const { t: tt } = useTranslation('timesheet');
  const client = useQueryClient();
  const query = { from: period.start, to: period.end, user_id: userId };
  const summary = useQuery({
    queryKey: summaryKeys.range(query),
    queryFn: ({ signal }) => fetchSummary(query, signal),
    enabled: online,
  });
  const person = summary.data?.people.find((p) => p.user_id === userId);
  const expectedOn = new Map((person?.days ?? []).map((d) => [d.date, d]));
  const state = person?.periods.find((p) => p.start === period.start);
  const days = byDay(records, period.start, period.end, now);
  const worked = days.reduce((sum, d) => sum + d.worked, 0);
  const time = (iso: string) => formatClockTime(iso, timeZone, i18n.language);
  const open = records.some((r) => r.ended_at === null && r.work_date >= period.start && r.work_date <= period.end);

  const [confirming, setConfirming] = useState(false);
  const onError = (err: unknown) =>
    addNotification({ type: 'error', text: err instanceof ApiError ? err.message : String(err) });
  const submit = useMutation({
    mutationFn: () => periodAction('submit', { date: period.start }),
    onSuccess: () => {
      setConfirming(false);
      addNotification({ type: 'success', text: t('submitted') });
      void client.invalidateQueries({ queryKey: summaryKeys.all });
    },
    onError,
  });
  const withdraw = useMutation({
    mutationFn: () => periodAction('withdraw', { date: period.start }),
    onSuccess: () => {
      addNotification({ type: 'success', text: t('withdrawn') });
      void client.invalidateQueries({ queryKey: summaryKeys.all });
    },
    onError,
  });
  const canSubmit = online && (state?.state === 'open' || state?.state === 'returned') && !open;
  const canWithdraw = online && state?.state === 'submitted';

  return (
    <Stack as="section" gap="3" aria-labelledby="period-title">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Box>
          <Text as="h2" id="period-title" fontSize="lg" fontWeight="semibold">
            {t('title', { from: formatDay(period.start, i18n.language), to: formatDay(period.end, i18n.language) })}
          </Text>
          <Text data-testid="period-totals">
            {person
              ? t('totalsExpected', {
                  worked: formatMinutes(worked),
                  expected: formatMinutes(person.expected_so_far_minutes),
                  difference: signedMinutes(worked - person.expected_so_far_minutes),
                })
              : t('totals', { worked: formatMinutes(worked) })}
          </Text>
          {person && person.expected_ahead_minutes > 0 && (
            <Text color="fg.muted" data-testid="period-ahead">
              {t('expectedLater', { hours: formatMinutes(person.expected_ahead_minutes) })}
            </Text>
          )}
          {!online && <Text color="fg.muted">{t('expectedOffline')}</Text>}
          {online && summary.isError && <Text color="fg.muted">{t('expectedFailed')}</Text>}
        </Box>
        {state && (
          <HStack gap="2">
            <Badge
              size="lg"
              colorPalette={state.state === 'approved' ? 'green' : state.state === 'returned' ? 'orange' : 'gray'}
            >
              {tt(`states.${state.state}`)}
            </Badge>
            {canSubmit && (
              <Button size="sm" onClick={() => setConfirming(true)}>
                {t('submit')}
              </Button>
            )}
            {canWithdraw && (
              <Button size="sm" variant="outline" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
                {t('withdraw')}
              </Button>
            )}
          </HStack>
        )}
      </HStack>
      {person && (
        <SubmitPeriodDialog
          open={confirming}
          period={period}
          person={person}
          today={schoolDayOf(now, timeZone)}
          pending={submit.isPending}
          onConfirm={() => submit.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
      {state?.state === 'returned' && state.note && (
        <Text role="note" color="fg.warning">
          {t('returnedNote', { note: state.note })}
        </Text>
      )}
      {days.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        // On a phone the table may scroll sideways: the scroll box takes the keyboard focus and says what it holds.
        <Table.ScrollArea borderWidth="1px" rounded="md" role="region" aria-labelledby="period-title" tabIndex={0}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('day')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('times')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('worked')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('expected')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {days.map((day) => {
                const expected = expectedOn.get(day.date);
                const later = expected ? expected.expected_minutes - expected.expected_so_far_minutes : 0;
                return (
                  <Table.Row key={day.date}>
                    <Table.Cell verticalAlign="top" whiteSpace="nowrap">
                      {formatDay(day.date, i18n.language)}
                    </Table.Cell>
                    <Table.Cell>
                      <Stack gap="1">
                        {day.records.map((r) => (
                          <Text key={r.id} fontSize="sm">
                            {t('span', {
                              start: time(r.started_at),
                              end: r.ended_at ? time(r.ended_at) : t('stillIn'),
                            })}
                            {r.break_minutes > 0 && ` · ${t('breakMinutes', { minutes: r.break_minutes })}`}
                            {r.category !== 'regular' &&
                              ` · ${tt(`categories.${r.category}`)}${r.leave_type ? ` (${tt(`leaveTypes.${r.leave_type as 'sick'}`)})` : ''}`}
                            {` · ${formatMinutes(recordMinutes(r, now))}`}
                            {r.pending && (
                              <Badge ms="2" size="sm">
                                {t('notSent')}
                              </Badge>
                            )}
                            {r.attention && (
                              <Badge ms="2" size="sm" colorPalette="red">
                                {t('refused')}
                              </Badge>
                            )}
                            {r.locked && (
                              <Badge ms="2" size="sm" colorPalette="green">
                                {t('locked')}
                              </Badge>
                            )}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell textAlign="end" verticalAlign="top">
                      {formatMinutes(day.worked)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" verticalAlign="top">
                      {expected === undefined ? '–' : formatMinutes(expected.expected_so_far_minutes)}
                      {later > 0 && (
                        <Text as="span" display="block" fontSize="xs" fontStyle="italic" color="fg.muted">
                          {t('laterShort', { hours: formatMinutes(later) })}
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
