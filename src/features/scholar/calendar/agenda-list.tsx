/**
 * The month as an agenda (phones): the days that have events, in order, each with its events and their time on that
 * day ('9:00 – 10:00 AM', 'All day'). A grid of 42 cells does not fit 360 pixels; a list reads well and scrolls.
 */
import { Badge, Box, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PortalEvent } from '../../../contract/scholar-portal';
import type { DayEvent } from './model/month';
import { type CalendarFormat, eventPalette } from './use-calendar-format';

export interface AgendaListProps {
  days: readonly { day: string; events: DayEvent<PortalEvent>[] }[];
  today: string;
  label: string;
  format: CalendarFormat;
  onOpen: (event: PortalEvent) => void;
}

const Row = chakra('button', {
  base: {
    display: 'flex',
    gap: '3',
    width: 'full',
    minH: '12',
    alignItems: 'stretch',
    textAlign: 'start',
    px: '3',
    py: '2',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'bg',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
  },
});

/** The list. */
export function AgendaList({ days, today, label, format, onOpen }: AgendaListProps) {
  const { t } = useTranslation('portal-calendar');
  return (
    <Stack as="ol" gap="5" listStyleType="none" p="0" m="0" aria-label={label}>
      {days.map(({ day, events }) => (
        <Stack as="li" key={day} gap="2" aria-labelledby={`agenda-${day}`}>
          <HStack gap="2">
            <Heading as="h2" size="sm" id={`agenda-${day}`}>
              {format.day(day)}
            </Heading>
            {day === today && (
              <Badge colorPalette="primary" variant="solid">
                {t('calendar.todayMark')}
              </Badge>
            )}
          </HStack>
          <Stack as="ul" gap="2" listStyleType="none" p="0" m="0">
            {events.map((item) => (
              <li key={item.event.id}>
                <Row type="button" colorPalette={eventPalette(item.event.color)} onClick={() => onOpen(item.event)}>
                  <Box w="1" flexShrink={0} borderRadius="full" bg="colorPalette.solid" aria-hidden />
                  <Stack gap="0" minW="0">
                    <Text fontSize="sm" color="fg.muted">
                      {format.onDay(item)}
                    </Text>
                    <Text fontWeight="medium" lineClamp={2}>
                      {item.event.title}
                    </Text>
                    {item.event.closure && <Text fontSize="sm">{t('calendar.noSchool')}</Text>}
                  </Stack>
                </Row>
              </li>
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
