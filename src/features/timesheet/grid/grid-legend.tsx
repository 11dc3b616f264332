/**
 * What the grid's marks mean: each with its tint, its icon and its words, as the cells show them (the legend is
 * printed too). The rule of 15 minutes is ATTENTION_MINUTES.
 */
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ATTENTION_MINUTES } from './grid-model';

const ITEMS = [
  { key: 'missingOut', icon: '⚠', tint: 'red.subtle', color: 'red.fg' },
  { key: 'flag', icon: '⚑', tint: 'orange.subtle', color: 'orange.fg' },
  { key: 'over', icon: '▲', tint: 'purple.subtle', color: 'purple.fg' },
  { key: 'under', icon: '▼', tint: 'yellow.subtle', color: 'yellow.fg' },
  { key: 'in', icon: '●', tint: 'bg', color: 'blue.fg' },
] as const;

/** The legend. */
export function GridLegend() {
  const { t } = useTranslation('timesheet-reports', { keyPrefix: 'grid.legend' });
  return (
    <Stack as="section" aria-label={t('label')} gap="1.5" fontSize="sm">
      <Text>{t('cells')}</Text>
      <HStack as="ul" listStyleType="none" gap="2" wrap="wrap">
        {ITEMS.map((item) => (
          <HStack as="li" key={item.key} gap="1.5" bg={item.tint} borderWidth="1px" borderRadius="l2" px="2" py="1">
            <Box as="span" aria-hidden="true" color={item.color} fontWeight="semibold">
              {item.icon}
            </Box>
            <Text as="span">{t(item.key, { minutes: ATTENTION_MINUTES })}</Text>
          </HStack>
        ))}
      </HStack>
    </Stack>
  );
}
