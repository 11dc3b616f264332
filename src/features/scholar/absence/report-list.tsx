/**
 * The guardian's reports from today on: each child's record with what it says, whether the office has seen it, and
 * Change / Withdraw while its day has not started (the school's start time, school time zone).
 */
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AbsenceReport } from '../../../contract';
import { formatLongDay, formatWallTime, useLocale } from '../layout/portal-format';
import { ItemList } from '../layout/portal-screen';

export interface ReportListProps {
  reports: readonly AbsenceReport[];
  /** Whether a record's day has started (no change from the phone then). */
  started: (report: AbsenceReport) => boolean;
  online: boolean;
  onChange: (report: AbsenceReport) => void;
  onWithdraw: (report: AbsenceReport) => void;
}

/** One record's lines: its day or days, its time and who picks up, and its reason. */
function Summary({ report }: { report: AbsenceReport }) {
  const { t } = useTranslation('absence');
  const locale = useLocale();
  const day = (d: string) => formatLongDay(d, locale);
  const when =
    report.starts_on === report.ends_on
      ? day(report.starts_on)
      : t('list.range', { from: day(report.starts_on), to: day(report.ends_on) });
  const time = report.at_time ? formatWallTime(report.at_time, locale) : '';
  return (
    <Stack gap="0.5">
      <Text fontWeight="medium">
        {report.scholar_name}: {t(`form.kinds.${report.kind}`)}
      </Text>
      <Text>{when}</Text>
      {report.kind === 'late' && <Text>{t('list.lateAt', { time })}</Text>}
      {report.kind === 'early' && <Text>{t('list.earlyAt', { time, name: report.pick_up_name ?? '' })}</Text>}
      <Text color="fg.muted">
        {t('list.reason', { reason: t(`form.reasons.${report.reason}`) })}
        {report.note ? ` · ${report.note}` : ''}
      </Text>
    </Stack>
  );
}

/** The list. */
export function ReportList({ reports, started, online, onChange, onWithdraw }: ReportListProps) {
  const { t } = useTranslation('absence');
  return (
    <ItemList>
      {reports.map((r) => {
        const open = !r.withdrawn_at && !started(r);
        return (
          <Box as="li" key={r.id} borderWidth="1px" borderRadius="md" p="3" aria-label={r.scholar_name}>
            <Stack gap="2">
              <Summary report={r} />
              <HStack gap="2" wrap="wrap">
                {r.withdrawn_at ? (
                  <Badge colorPalette="gray">{t('list.withdrawn')}</Badge>
                ) : r.acknowledged_at ? (
                  <Badge colorPalette="green">{t('list.acknowledged')}</Badge>
                ) : (
                  <Badge colorPalette="orange">{t('list.notYetSeen')}</Badge>
                )}
                {r.late && <Badge colorPalette="red">{t('list.reportedLate')}</Badge>}
              </HStack>
              {open ? (
                <HStack gap="2">
                  <Button size="md" variant="outline" disabled={!online} onClick={() => onChange(r)}>
                    {t('list.change')}
                  </Button>
                  <Button
                    size="md"
                    variant="outline"
                    colorPalette="red"
                    disabled={!online}
                    onClick={() => onWithdraw(r)}
                  >
                    {t('list.withdraw')}
                  </Button>
                </HStack>
              ) : (
                !r.withdrawn_at && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('list.closed')}
                  </Text>
                )
              )}
            </Stack>
          </Box>
        );
      })}
    </ItemList>
  );
}
