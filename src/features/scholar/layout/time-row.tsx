/**
 * One timed row of a day (a class, a group meeting): the time range in a narrow column on the left, what and where on
 * the right, a "Join Meet" link when there is one. Rows keep a phone's day short enough to read at a glance.
 */
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface TimeRowProps {
  start: string;
  end: string;
  title: string;
  /** Lines under the title (room and teacher, place, who leads), each left out when empty. */
  details: (string | null | false | undefined)[];
  meetUrl: string | null;
}

/** The row as a list item (`<li>`) of an `ItemList variant="rows"`. */
export function TimeRow({ start, end, title, details, meetUrl }: TimeRowProps) {
  const { t } = useTranslation('portal');
  const lines = details.filter((d): d is string => Boolean(d));
  return (
    <Flex as="li" gap="3" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
      <Box w="5.5rem" flexShrink={0} fontSize="sm" fontVariantNumeric="tabular-nums">
        {start}
        <Box as="span" display="block" color="fg.muted">
          – {end}
        </Box>
      </Box>
      <Stack gap="0.5" minW="0" flex="1">
        <Text fontWeight="semibold">{title}</Text>
        {lines.map((line) => (
          <Text key={line} fontSize="sm" color="fg.muted">
            {line}
          </Text>
        ))}
        {meetUrl && (
          <Button asChild size="xs" variant="outline" colorPalette="primary" alignSelf="start" mt="1">
            <a href={meetUrl} target="_blank" rel="noopener noreferrer">
              {t('common.joinMeet')}
            </a>
          </Button>
        )}
      </Stack>
    </Flex>
  );
}
