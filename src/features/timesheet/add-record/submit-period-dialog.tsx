/**
 * The confirmation before a person hands in their pay period: the period's summary as the server counts it (worked
 * against expected, each compliance flag by name and day, the past work days with expected hours but no record) and,
 * when the period's last day is still ahead on the school's clock, the warning that it has not ended; handing it in
 * early stays allowed (a person leaving before the period ends submits then).
 */
import { Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { FlagCode, PayPeriod, SummaryPerson } from '../../../contract';
import { DialogShell } from '../../../ui/dialog-shell';
import { formatDay } from '../../../ui/school-clock';
import { formatMinutes } from '../../../ui/timekeeping/hours';

export interface SubmitPeriodDialogProps {
  open: boolean;
  period: PayPeriod;
  /** The person's summary of the period. */
  person: SummaryPerson;
  /** Today on the school's clock (YYYY-MM-DD). */
  today: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The past days of the period that expected hours and have no record, oldest first. */
export function missingDays(person: SummaryPerson, today: string): string[] {
  return person.days
    .filter((d) => d.date < today && d.expected_minutes > 0 && d.records === 0)
    .map((d) => d.date)
    .sort();
}

/** The person's flags, dated, from the period's and its days' lists (each once), oldest first. */
export function periodFlags(person: SummaryPerson): { code: FlagCode; date: string }[] {
  const all = [...person.flags, ...person.days.flatMap((d) => d.flags.map((code) => ({ code, date: d.date })))];
  const once = new Map(all.map((f) => [`${f.date}|${f.code}`, f]));
  return [...once.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, f]) => f);
}

export function SubmitPeriodDialog({
  open,
  period,
  person,
  today,
  pending,
  onConfirm,
  onClose,
}: SubmitPeriodDialogProps) {
  const { t, i18n } = useTranslation('timesheet', { keyPrefix: 'period.confirm' });
  const { t: tt } = useTranslation('timesheet');
  const day = (date: string) => formatDay(date, i18n.language);
  const missing = missingDays(person, today);
  const flags = periodFlags(person);
  const footer = (
    <HStack gap="2" justify="flex-end" wrap="wrap">
      <Button variant="outline" minH="10" onClick={onClose} disabled={pending}>
        {t('cancel')}
      </Button>
      <Button minH="10" colorPalette="primary" loading={pending} onClick={onConfirm}>
        {t('submit')}
      </Button>
    </HStack>
  );
  return (
    <DialogShell
      open={open}
      role="alertdialog"
      title={t('title', { from: day(period.start), to: day(period.end) })}
      onClose={onClose}
      footer={footer}
    >
      <Stack gap="3">
        {today < period.end && (
          <Text role="alert" color="fg.warning" fontWeight="semibold">
            {t('notEnded')}
          </Text>
        )}
        <Text>
          {tt('period.totalsWhole', {
            worked: formatMinutes(person.worked_minutes),
            expected: formatMinutes(person.expected_minutes),
          })}
        </Text>
        <Stack gap="1">
          <Text fontWeight="semibold">{t('flags')}</Text>
          {flags.length ? (
            <List.Root ps="5" aria-label={t('flags')}>
              {flags.map((f) => (
                <List.Item key={`${f.code}|${f.date}`}>
                  {t('onDay', { what: tt(`flags.${f.code}`), day: day(f.date) })}
                </List.Item>
              ))}
            </List.Root>
          ) : (
            <Text color="fg.muted">{t('noFlags')}</Text>
          )}
        </Stack>
        <Stack gap="1">
          <Text fontWeight="semibold">{t('missing')}</Text>
          {missing.length ? (
            <List.Root ps="5" aria-label={t('missing')}>
              {missing.map((date) => (
                <List.Item key={date}>{day(date)}</List.Item>
              ))}
            </List.Root>
          ) : (
            <Text color="fg.muted">{t('noMissing')}</Text>
          )}
        </Stack>
        <Text>{t('question')}</Text>
      </Stack>
    </DialogShell>
  );
}
