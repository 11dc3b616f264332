/**
 * "Approve selected" on View Grid: one confirmation listing each ticked pay period's person with their worked and
 * expected hours of that period and its compliance flags by name, each with a link to that person's records of the
 * period; confirming approves them all in one call (`approve_many`). A period the server refuses (a record with no
 * clock-out, a state changed meanwhile) stays listed with the server's reason, the rest are approved: the summaries on
 * screen take the new states at once.
 */
import { Badge, Button, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import type { FlagCode, PeriodApproveResult, SummaryResponse } from '../../../contract';
import { DialogShell } from '../../../ui/dialog-shell';
import { addNotification } from '../../../ui/notifications';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { approvePeriods, fetchSummary, periodKeys, summaryKeys } from '../api/timesheets-api';
import { withPeriod } from './api/report-queries';
import { rangeText, shortDay } from './model/words';

/** A ticked period: whose, and its dates. */
export interface BulkItem {
  userId: string;
  userName: string;
  start: string;
  end: string;
}

export interface BulkApprovalDialogProps {
  items: readonly BulkItem[];
  open: boolean;
  onClose: () => void;
  /** After the call, with the periods it approved (as `user_id|start`). */
  onApproved: (keys: string[]) => void;
}

/** A period's key, `user_id|start`, as the grid ticks it. */
const keyOf = (userId: string, start: string) => `${userId}|${start}`;

/** Worked and expected minutes and the dated flags of each item, from one summary covering them all. */
function totalsOf(summary: SummaryResponse, item: BulkItem) {
  const person = summary.people.find((p) => p.user_id === item.userId);
  const days = (person?.days ?? []).filter((d) => d.date >= item.start && d.date <= item.end);
  const flags = new Map<string, { code: FlagCode; date: string }>();
  for (const f of person?.flags ?? []) {
    if (f.date >= item.start && f.date <= item.end) flags.set(`${f.date}|${f.code}`, f);
  }
  for (const d of days) for (const code of d.flags) flags.set(`${d.date}|${code}`, { code, date: d.date });
  return {
    worked: days.reduce((sum, d) => sum + d.worked_minutes, 0),
    expected: days.reduce((sum, d) => sum + d.expected_minutes, 0),
    flags: [...flags.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, f]) => f),
  };
}

export function BulkApprovalDialog({ items, open, onClose, onApproved }: BulkApprovalDialogProps) {
  const { t, i18n } = useTranslation('timesheet-reports', { keyPrefix: 'bulk' });
  const { t: tt } = useTranslation('timesheet');
  const { t: tr } = useTranslation('timesheet-reports');
  const client = useQueryClient();
  const [refused, setRefused] = useState<Map<string, string>>(new Map());
  const [formError, setFormError] = useState<string | null>(null);
  const from = items.reduce((min, i) => (i.start < min ? i.start : min), items[0]?.start ?? '');
  const to = items.reduce((max, i) => (i.end > max ? i.end : max), items[0]?.end ?? '');
  const query = { from, to };
  const summary = useQuery({
    queryKey: summaryKeys.range(query),
    queryFn: ({ signal }) => fetchSummary(query, signal),
    enabled: open && items.length > 0,
  });

  const close = () => {
    setRefused(new Map());
    setFormError(null);
    onClose();
  };

  const approve = useMutation({
    mutationFn: () => approvePeriods(items.map((i) => ({ user_id: i.userId, start: i.start }))),
    onSuccess: (results: PeriodApproveResult[]) => {
      const approved = results.filter((r) => r.ok);
      for (const r of approved) {
        client.setQueriesData<SummaryResponse>({ queryKey: summaryKeys.all }, (s) => (s ? withPeriod(s, r.period) : s));
      }
      void client.invalidateQueries({ queryKey: summaryKeys.all });
      void client.invalidateQueries({ queryKey: periodKeys.all });
      onApproved(approved.map((r) => keyOf(r.user_id, r.start)));
      if (approved.length) addNotification({ type: 'success', text: t('done', { count: approved.length }) });
      const refusals = new Map(results.flatMap((r) => (r.ok ? [] : [[keyOf(r.user_id, r.start), r.message] as const])));
      if (refusals.size) setRefused(refusals);
      else close();
    },
    onError: (error) =>
      setFormError(error instanceof ApiError && error.isOffline ? tr('offline') : error.message || t('failed')),
  });

  // Once answered, only the refused ones stay, each with the server's reason.
  const shown = refused.size ? items.filter((i) => refused.has(keyOf(i.userId, i.start))) : items;
  const footer = (
    <HStack gap="2" justify="flex-end" wrap="wrap">
      <Button variant="outline" minH="10" onClick={close} disabled={approve.isPending}>
        {refused.size ? t('finish') : t('cancel')}
      </Button>
      {!refused.size && (
        <Button minH="10" colorPalette="primary" loading={approve.isPending} onClick={() => approve.mutate()}>
          {t('confirm', { count: items.length })}
        </Button>
      )}
    </HStack>
  );

  return (
    <DialogShell
      open={open}
      role="alertdialog"
      title={t('title', { count: items.length })}
      onClose={close}
      footer={footer}
    >
      <Stack gap="3">
        {refused.size > 0 && <Text role="alert">{t('someRefused', { count: refused.size })}</Text>}
        <FormAlert text={formError} />
        {summary.isError && <Text color="fg.muted">{t('summaryFailed')}</Text>}
        <List.Root gap="3" listStyleType="none" aria-label={t('list')}>
          {shown.map((item) => {
            const dates = rangeText({ from: item.start, to: item.end }, i18n.language, false);
            const totals = summary.data ? totalsOf(summary.data, item) : null;
            const reason = refused.get(keyOf(item.userId, item.start));
            const records = `/timesheet/view-records?${new URLSearchParams({ staff: item.userId, from: item.start, to: item.end })}`;
            return (
              <List.Item key={keyOf(item.userId, item.start)} data-key={keyOf(item.userId, item.start)}>
                <Stack gap="1">
                  <Text fontWeight="semibold">{t('person', { name: item.userName, dates })}</Text>
                  {totals && (
                    <Text>
                      {tt('period.totalsWhole', {
                        worked: formatMinutes(totals.worked),
                        expected: formatMinutes(totals.expected),
                      })}
                    </Text>
                  )}
                  {totals && totals.flags.length > 0 && (
                    <HStack as="ul" gap="1" wrap="wrap" listStyleType="none" aria-label={tr('flags.label')}>
                      {totals.flags.map((f) => (
                        <li key={`${f.date}|${f.code}`}>
                          <Badge colorPalette="orange" variant="subtle" whiteSpace="normal">
                            {t('flagOn', { flag: tt(`flags.${f.code}`), day: shortDay(f.date, i18n.language) })}
                          </Badge>
                        </li>
                      ))}
                    </HStack>
                  )}
                  {reason && <Text color="fg.error">{reason}</Text>}
                  <Link asChild colorPalette="primary" color="colorPalette.fg" textDecoration="underline">
                    <RouterLink to={records} onClick={close}>
                      {t('records', { name: item.userName })}
                    </RouterLink>
                  </Link>
                </Stack>
              </List.Item>
            );
          })}
        </List.Root>
      </Stack>
    </DialogShell>
  );
}
