/** One class session as Home and Schedule list it: name, time, room, teacher, and its Meet link. */
import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PortalClass } from '../../../contract';
import { formatWallTime, useLocale } from '../layout/portal-format';

/** The class as a list item (`<li>`). */
export function ClassItem({ item }: { item: PortalClass }) {
  const { t } = useTranslation('portal');
  const locale = useLocale();
  const range = t('common.timeRange', {
    start: formatWallTime(item.start_time, locale),
    end: formatWallTime(item.end_time, locale),
  });
  const where = [
    item.room && t('common.room', { room: item.room }),
    item.teacher && t('common.teacher', { name: item.teacher }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="1">
        <Text fontWeight="semibold">{item.name}</Text>
        <Text fontSize="sm">{range}</Text>
        {where && (
          <Text fontSize="sm" color="fg.muted">
            {where}
          </Text>
        )}
        {item.meet_url && (
          <Link href={item.meet_url} target="_blank" rel="noopener noreferrer" colorPalette="primary" fontSize="sm">
            {t('common.joinMeet')}
          </Link>
        )}
      </Stack>
    </Box>
  );
}
