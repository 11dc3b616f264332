/**
 * The counts at the top of Check In/Out: how many scholars are not arrived, in, left and signed out (and in all).
 * Each count is also the state filter: tapping it shows those scholars, tapping 'All' shows everyone again.
 */
import { Button, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DAY_STATES, type DayState } from '../model/day-state';

export interface StateCountsProps {
  counts: Record<DayState | 'total', number>;
  selected: DayState | '';
  onSelect: (state: DayState | '') => void;
}

/** The five count tiles. */
export function StateCounts({ counts, selected, onSelect }: StateCountsProps) {
  const { t } = useTranslation('check-in');
  const tiles: { key: DayState | ''; label: string; count: number }[] = [
    { key: '', label: t('day.total'), count: counts.total },
    ...DAY_STATES.map((state) => ({ key: state, label: t(`states.${state}`), count: counts[state] })),
  ];
  return (
    <SimpleGrid as="ul" aria-label={t('day.counts')} columns={{ base: 2, sm: 3, md: 5 }} gap="3" p="0" m="0">
      {tiles.map((tile) => (
        <li key={tile.key || 'total'} style={{ listStyle: 'none' }}>
          <Button
            w="full"
            h="auto"
            py="3"
            flexDirection="column"
            variant={selected === tile.key ? 'solid' : 'outline'}
            colorPalette="primary"
            aria-pressed={selected === tile.key}
            onClick={() => onSelect(tile.key)}
          >
            <Text as="span" fontSize="3xl" fontWeight="bold" lineHeight="1">
              {tile.count}
            </Text>
            <Text as="span" fontSize="sm">
              {tile.label}
            </Text>
          </Button>
        </li>
      ))}
    </SimpleGrid>
  );
}
