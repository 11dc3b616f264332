/**
 * Conference records by date: each date a heading with its worked total and head count, and its people in a list
 * (name, in and out on the school's clock, worked hours). Rows wrap on a phone rather than scroll sideways.
 */
import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../ui/school-clock';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { openState, timeText } from '../parts/record-times';
import type { DateGroup } from './model/conference-groups';

export interface ConferencesByDateProps {
  groups: readonly DateGroup[];
  timeZone: string;
}

/** The dates and their people. */
export function ConferencesByDate({ groups, timeZone }: ConferencesByDateProps) {
  const { t, i18n } = useTranslation('timesheet-records');
  const locale = i18n.language;
  const now = Date.now();
  return (
    <Stack gap="4">
      {groups.map((group) => {
        const day = formatDay(group.date, locale);
        return (
          <Box as="section" key={group.date} borderWidth="1px" borderRadius="md" p="3" aria-label={day}>
            <HStack justify="space-between" wrap="wrap" gap="2" mb="2">
              <Heading as="h2" size="md">
                <time dateTime={group.date}>{day}</time>
              </Heading>
              <Text fontWeight="semibold" data-testid="date-total">
                {t('conferences.dateTotal', {
                  hours: formatMinutes(group.minutes),
                  people: t('conferences.people', { count: group.people }),
                })}
              </Text>
            </HStack>
            <Stack as="ul" gap="2" listStyleType="none" aria-label={t('conferences.dateList', { date: day })}>
              {group.records.map((r) => {
                const open = openState(r, now);
                return (
                  <HStack as="li" key={r.id} justify="space-between" wrap="wrap" gap="2" borderTopWidth="1px" pt="2">
                    <Stack gap="0">
                      <Text fontWeight="medium">{r.user_name}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {timeText(r.started_at, timeZone, locale)}
                        {r.ended_at && ` – ${timeText(r.ended_at, timeZone, locale)}`}
                      </Text>
                    </Stack>
                    {open ? (
                      <Badge colorPalette={open === 'missingOut' ? 'red' : 'green'} variant="solid">
                        {open === 'missingOut' ? t('table.missingOut') : t('table.clockedIn')}
                      </Badge>
                    ) : (
                      <Text fontVariantNumeric="tabular-nums">{formatMinutes(r.worked_minutes ?? 0)}</Text>
                    )}
                  </HStack>
                );
              })}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
