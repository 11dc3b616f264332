/**
 * Previous and next under the Check In/Out list, with where we are ('51–100 of 612'). The list is paged so that a
 * school of 5,000 renders 50 rows at a time; the counts, print and CSV still cover every matching scholar.
 */
import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from './day-list';

export interface DayPagerProps {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}

/** The pager; nothing when everything fits on one page. */
export function DayPager({ page, pages, total, onPage }: DayPagerProps) {
  const { t } = useTranslation('check-in');
  if (pages <= 1) return null;
  const from = (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, page * PAGE_SIZE);
  return (
    <HStack as="nav" aria-label={t('day.pagination')} justify="space-between">
      <Text fontSize="sm" color="fg.muted">
        {t('day.range', { from, to, total })}
      </Text>
      <HStack>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('day.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('day.next')}
        </Button>
      </HStack>
    </HStack>
  );
}
