/** One group meeting as Home and This Week list it: title, time range, place or a "Join Meet" link, who leads. */
import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PortalMeeting } from '../../../contract';
import { formatInstantTime, useLocale } from '../layout/portal-format';

/** The meeting as a list item (`<li>`). */
export function MeetingItem({ meeting, timeZone }: { meeting: PortalMeeting; timeZone: string }) {
  const { t } = useTranslation('portal');
  const locale = useLocale();
  const range = t('common.timeRange', {
    start: formatInstantTime(meeting.starts_at, timeZone, locale),
    end: formatInstantTime(meeting.ends_at, timeZone, locale),
  });
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="1">
        <Text fontWeight="semibold">{meeting.title}</Text>
        <Text fontSize="sm">{range}</Text>
        {meeting.place && <Text fontSize="sm">{meeting.place}</Text>}
        {meeting.meet_url && (
          <Link href={meeting.meet_url} target="_blank" rel="noopener noreferrer" colorPalette="primary" fontSize="sm">
            {t('common.joinMeet')}
          </Link>
        )}
        {meeting.leader && (
          <Text fontSize="sm" color="fg.muted">
            {t('common.ledBy', { name: meeting.leader })}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
