/**
 * One scholar in a kiosk list: a large touch target that records the arrival (when the person may record), the
 * scholar's day so far ('Arrived at 7:52'), and the secondary 'Leaving early' action.
 */
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import type { ScholarDay } from '../model/day-state';
import { formatClockTime } from '../model/school-clock';
import { ScholarPhoto, scholarName } from './scholar-photo';

/** 'Arrived at 7:52' and the like for a scholar's day, or null when they have not arrived. */
export function useDayText(day: ScholarDay, timeZone: string): string | null {
  const { t, i18n } = useTranslation('check-in');
  const time = (iso: string) => formatClockTime(iso, timeZone, i18n.language);
  if (day.state === 'not_arrived' || day.at === null) return null;
  if (day.state === 'in') return t('arrivals.arrivedAt', { time: time(day.arrivedAt ?? day.at) });
  if (day.state === 'left') return t('arrivals.leftAt', { time: time(day.at) });
  return t('arrivals.signedOutAt', { time: time(day.at) });
}

function ScholarSummary({ scholar }: { scholar: DemographicRecord }) {
  const { t } = useTranslation('check-in');
  const details = [t('grade', { grade: scholar.grade }), scholar.homeroom, `#${scholar.student_number}`];
  return (
    <HStack as="span" gap="3" minW="0">
      <ScholarPhoto scholar={scholar} />
      <Stack as="span" gap="0" align="start" minW="0">
        <Text as="span" fontSize="xl" fontWeight="semibold" truncate>
          {scholarName(scholar)}
        </Text>
        <Text as="span" fontSize="sm" color="fg.muted">
          {details.filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </HStack>
  );
}

export interface ScholarRowProps {
  scholar: DemographicRecord;
  day: ScholarDay;
  timeZone: string;
  canRecord: boolean;
  onArrive: (scholar: DemographicRecord) => void;
  onLeave: (scholar: DemographicRecord) => void;
}

/** The row: tap to record the arrival, or 'Leaving early'. */
export function ScholarRow({ scholar, day, timeZone, canRecord, onArrive, onLeave }: ScholarRowProps) {
  const { t } = useTranslation('check-in');
  const dayText = useDayText(day, timeZone);
  const gone = day.state === 'left' || day.state === 'signed_out';
  return (
    <HStack as="li" gap="2" borderWidth="1px" borderRadius="lg" p="2" wrap="wrap">
      {canRecord ? (
        <Button
          variant="ghost"
          flex="1"
          minW="16rem"
          h="auto"
          py="2"
          justifyContent="flex-start"
          aria-label={t('arrivals.record', { name: scholarName(scholar) })}
          onClick={() => onArrive(scholar)}
        >
          <ScholarSummary scholar={scholar} />
        </Button>
      ) : (
        <Box flex="1" minW="16rem" p="2">
          <ScholarSummary scholar={scholar} />
        </Box>
      )}
      {dayText && (
        <Stack gap="1" align="end">
          <Badge size="lg" colorPalette={day.state === 'in' ? 'green' : 'gray'}>
            {dayText}
          </Badge>
          {day.pending && (
            <Text fontSize="xs" color="fg.muted">
              {t('arrivals.notSent')}
            </Text>
          )}
        </Stack>
      )}
      {canRecord && !gone && (
        <Button
          size="lg"
          variant="outline"
          aria-label={t('arrivals.leaveEarlyFor', { name: scholarName(scholar) })}
          onClick={() => onLeave(scholar)}
        >
          {t('arrivals.leaveEarly')}
        </Button>
      )}
    </HStack>
  );
}
