/**
 * One record: when (the school day and the time on the school's clock), what (signed out, checked back in, arrival,
 * departure), the scholar, the adult, the method and the reason. A flagged record (a sign-out to an adult not on the
 * pick-up list) stands out three ways, so it is never colour alone: an orange row with a red bar at its start, a red
 * "Flagged" badge with the words "Not on the pick-up list", and the override's reason spelled out.
 */
import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckInRecord, DemographicRecord } from '../../../contract';
import { formatClockTime } from '../../../ui/school-clock';
import { useSchoolWords } from '../../../ui/school-words';
import { formatDay } from './model/format';
import { scholarName } from './model/names';

const KIND_PALETTES: Record<CheckInRecord['kind'], string> = {
  sign_out: 'blue',
  sign_in: 'green',
  arrival: 'gray',
  departure: 'purple',
};

export interface RecordRowProps {
  record: CheckInRecord;
  scholar: DemographicRecord | undefined;
  /** The adult's name, null when the record names nobody. */
  adult: string | null;
  timeZone: string;
}

/** A row of the records table. */
export const RecordRow = memo(function RecordRow({ record, scholar, adult, timeZone }: RecordRowProps) {
  const { t, i18n } = useTranslation('sign-out-records');
  const words = useSchoolWords();
  const locale = i18n.language;
  const flagged = record.flagged;
  return (
    <Table.Row data-flagged={flagged || undefined} bg={flagged ? 'bg.warning' : undefined}>
      <Table.Cell
        borderInlineStartWidth="4px"
        borderInlineStartColor={flagged ? 'red.solid' : 'transparent'}
        whiteSpace="nowrap"
      >
        <Text>{formatDay(record.school_day, locale)}</Text>
        <Text fontSize="sm" color="fg.muted">
          {formatClockTime(record.occurred_at, timeZone, locale)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={KIND_PALETTES[record.kind]} variant="subtle">
          {t(`kinds.${record.kind}`)}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <Text fontWeight="medium">{scholar ? scholarName(scholar) : t('table.unknownScholar')}</Text>
        {scholar && (
          <Text fontSize="sm" color="fg.muted">
            #{scholar.student_number} · {t('table.grade', { grade: scholar.grade })}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1" align="flex-start">
          <Text fontWeight={flagged ? 'semibold' : undefined}>{adult ?? t('table.noAdult')}</Text>
          {flagged && (
            <Text fontSize="sm" color="fg.error">
              <Badge colorPalette="red" variant="solid" me="1">
                <span aria-hidden="true">⚑</span>
                {t('flagged.badge')}
              </Badge>
              {t('flagged.override')}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell>{t(`methods.${record.method}`)}</Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          {record.override_reason && (
            <Text fontSize="sm" fontWeight="medium">
              {t('table.overrideReason', { reason: record.override_reason })}
            </Text>
          )}
          {record.reason && <Text fontSize="sm">{words.reason(record.reason)}</Text>}
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
});
