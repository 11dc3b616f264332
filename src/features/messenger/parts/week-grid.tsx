/**
 * The week, Monday to Friday, each day a column of duties in time order with today highlighted (and marked for
 * screen readers with aria-current="date"). Each duty shows the scholar's photo and name, the time and the post;
 * Edit and Delete appear only for those who may change the schedule.
 */
import { Badge, Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord, MessengerScheduleRecord } from '../../../contract';
import { formatClock, weekdayName } from '../model/week';
import { useScholarName } from './on-duty-card';
import { ScholarAvatar } from './scholar-avatar';

export interface WeekGridProps {
  week: { weekday: number; duties: MessengerScheduleRecord[] }[];
  today: number;
  scholars: ReadonlyMap<string, DemographicRecord>;
  onEdit: ((duty: MessengerScheduleRecord) => void) | null;
  onDelete: ((duty: MessengerScheduleRecord) => void) | null;
}

function DutyItem({
  duty,
  scholars,
  onEdit,
  onDelete,
}: { duty: MessengerScheduleRecord } & Omit<WeekGridProps, 'week' | 'today'>) {
  const { t, i18n } = useTranslation('messenger');
  const nameOf = useScholarName(scholars);
  const name = nameOf(duty.scholar_id);
  const day = weekdayName(duty.weekday, i18n.language);
  const time = (hhmm: string) => formatClock(hhmm, i18n.language);
  return (
    <Stack as="li" gap="2" p="2" borderWidth="1px" borderRadius="md" bg="bg">
      <HStack gap="2" align="start">
        <ScholarAvatar name={name} photoId={scholars.get(duty.scholar_id)?.photo_id ?? null} />
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold">{name}</Text>
          <Text fontSize="sm">{t('timeRange', { start: time(duty.start_time), end: time(duty.end_time) })}</Text>
          <Text fontSize="sm" color="fg.muted">
            {duty.post}
          </Text>
          {duty.notes && (
            <Text fontSize="xs" color="fg.muted">
              {duty.notes}
            </Text>
          )}
        </Stack>
      </HStack>
      {(onEdit || onDelete) && (
        <HStack gap="1">
          {onEdit && (
            <Button size="xs" variant="outline" aria-label={t('editFor', { name, day })} onClick={() => onEdit(duty)}>
              {t('edit')}
            </Button>
          )}
          {onDelete && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={t('deleteFor', { name, day })}
              onClick={() => onDelete(duty)}
            >
              {t('delete')}
            </Button>
          )}
        </HStack>
      )}
    </Stack>
  );
}

/** The five days. */
export function WeekGrid({ week, today, scholars, onEdit, onDelete }: WeekGridProps) {
  const { t, i18n } = useTranslation('messenger');
  return (
    <SimpleGrid columns={{ base: 1, md: 5 }} gap="3">
      {week.map(({ weekday, duties }) => {
        const isToday = weekday === today;
        return (
          <Box
            as="section"
            key={weekday}
            aria-current={isToday ? 'date' : undefined}
            aria-label={weekdayName(weekday, i18n.language)}
            p="3"
            borderRadius="lg"
            borderWidth={isToday ? '2px' : '1px'}
            borderColor={isToday ? 'primary.solid' : 'border'}
            bg={isToday ? 'primary.subtle' : undefined}
          >
            <HStack justify="space-between" mb="2">
              <Heading as="h3" size="sm" textTransform="capitalize">
                {weekdayName(weekday, i18n.language)}
              </Heading>
              {isToday && <Badge colorPalette="primary">{t('today')}</Badge>}
            </HStack>
            {duties.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {t('noDuties')}
              </Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none" p="0" m="0">
                {duties.map((duty) => (
                  <DutyItem key={duty.id} duty={duty} scholars={scholars} onEdit={onEdit} onDelete={onDelete} />
                ))}
              </Stack>
            )}
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
