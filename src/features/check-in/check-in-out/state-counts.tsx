/**
 * The counts at the top of Check In/Out: how many scholars are not arrived, in, left and signed out (and in all),
 * and apart from those, how many a family reported for today and how many are not arrived without a report.
 * Each count is also the state filter: tapping it shows those scholars, tapping 'All' shows everyone again.
 */
import { Button, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DAY_STATES, type DayState } from '../model/day-state';
import { REPORT_FILTERS, type ReportFilter } from './day-list';

export interface StateCountsProps {
  counts: Record<DayState | 'total', number>;
  /** The families' reports for today, and the scholars not arrived without one (counted apart). */
  reportCounts: Record<ReportFilter, number>;
  selected: DayState | ReportFilter | '';
  onSelect: (state: DayState | ReportFilter | '') => void;
}

/** The five count tiles. */
export function StateCounts({ counts, reportCounts, selected, onSelect }: StateCountsProps) {
  const { t } = useTranslation('check-in');
  const tiles: { key: DayState | ReportFilter | ''; label: string; count: number }[] = [
    { key: '', label: t('day.total'), count: counts.total },
    ...DAY_STATES.map((state) => ({ key: state, label: t(`states.${state}`), count: counts[state] })),
    ...REPORT_FILTERS.map((key) => ({ key, label: t(`states.${key}`), count: reportCounts[key] })),
  ];
  return (
    <SimpleGrid as="ul" aria-label={t('day.counts')} columns={{ base: 2, sm: 4, lg: 7 }} gap="3" p="0" m="0">
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
