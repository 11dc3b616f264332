/** An event's details, opened from the grid or the agenda: its title, when it is, and its description. */
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalEvent } from '../../../contract/scholar-portal';
import { DialogShell } from '../../../ui/dialog-shell';
import { type CalendarFormat, eventPalette } from './use-calendar-format';

export interface EventDialogProps {
  event: PortalEvent | null;
  format: CalendarFormat;
  onClose: () => void;
}

/** The dialog; closed while `event` is null. */
export function EventDialog({ event: asked, format, onClose }: EventDialogProps) {
  const { t } = useTranslation('portal-calendar');
  // The last event shown stays in the dialog while it closes, so its content does not vanish mid-animation.
  const [event, setEvent] = useState(asked);
  if (asked && asked !== event) setEvent(asked);
  return (
    <DialogShell
      open={asked !== null}
      onClose={onClose}
      title={
        event && (
          <HStack gap="2" align="center">
            <Box
              aria-hidden
              boxSize="3"
              flexShrink={0}
              borderRadius="full"
              colorPalette={eventPalette(event.color)}
              bg="colorPalette.solid"
            />
            {event.title}
          </HStack>
        )
      }
    >
      {event && (
        <Stack gap="3">
          <Stack gap="0">
            <Text fontSize="sm" color="fg.muted">
              {t('calendar.when')}
            </Text>
            <Text>{format.when(event)}</Text>
          </Stack>
          <Stack gap="0">
            <Text fontSize="sm" color="fg.muted">
              {t('calendar.details')}
            </Text>
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
              {event.description?.trim() || t('calendar.noDetails')}
            </Text>
          </Stack>
        </Stack>
      )}
    </DialogShell>
  );
}
