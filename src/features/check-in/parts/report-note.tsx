/**
 * A family's report beside a scholar at Check In/Out: reported absent (the day or days), late (expected time) or
 * leaving early (time and who picks up), with who reported it, when, and the reason.
 */
import { Badge, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AbsenceReport } from '../../../contract';
import { formatClockTime } from '../model/school-clock';

/** The report's lines. */
export function ReportNote({ report, timeZone }: { report: AbsenceReport; timeZone: string }) {
  const { t, i18n } = useTranslation('check-in');
  const kind =
    report.kind === 'absent'
      ? t('report.absent')
      : report.kind === 'late'
        ? t('report.late', { time: report.at_time })
        : t('report.early', { time: report.at_time, name: report.pick_up_name ?? '' });
  return (
    <Stack gap="0.5" mt="1">
      <Badge alignSelf="flex-start" colorPalette="purple">
        {kind}
      </Badge>
      <Text fontSize="xs" color="fg.muted">
        {t('report.by', {
          name: report.reported_by_name ?? t('report.family'),
          time: formatClockTime(report.reported_at, timeZone, i18n.language),
          reason: t(`report.reasons.${report.reason}`),
        })}
        {report.late ? ` · ${t('report.sentLate')}` : ''}
      </Text>
      {report.note && (
        <Text fontSize="xs" color="fg.muted">
          {report.note}
        </Text>
      )}
    </Stack>
  );
}
