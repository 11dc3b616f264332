/**
 * Finding a scholar on the server by name or student number: a search box and up to eight matches, each with one
 * button (Add, or Choose). Online, like the screens that use it; offline it says so and keeps what was typed.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { SearchInput } from '../../../ui/data/search-input';
import { useScholarSearch } from '../api/pick-ups-queries';

/** "Ana García" with the preferred name. */
export const scholarName = (s: Pick<DemographicRecord, 'fname' | 'nickname' | 'lname'>) =>
  `${s.nickname || s.fname} ${s.lname}`;

export interface ScholarSearchProps {
  /** Accessible name of the search box. */
  label: string;
  /** The button's visible text ('Add'). */
  actionText: string;
  /** The button's accessible name for a match ('Add Ana García'), which starts with its visible text. */
  actionLabel: (scholar: DemographicRecord) => string;
  onPick: (scholar: DemographicRecord) => void;
  /** Scholars already chosen: their button is disabled. */
  chosenIds?: readonly string[];
  /** True when no more may be chosen. */
  full?: boolean;
}

/** Search box and matches. */
export function ScholarSearch({
  label,
  actionText,
  actionLabel,
  onPick,
  chosenIds = [],
  full = false,
}: ScholarSearchProps) {
  const { t } = useTranslation('pick-ups');
  const [search, setSearch] = useState('');
  const found = useScholarSearch(search);
  return (
    <Stack gap="2">
      <SearchInput value={search} onSearch={setSearch} label={label} placeholder={t('scholars.searchPlaceholder')} />
      {search.trim() && (
        <QueryState
          query={found}
          isEmpty={found.data?.length === 0}
          emptyText={t('scholars.noMatch')}
          offlineText={t('scholars.offline')}
          skeletonRows={3}
        >
          <Stack as="ul" listStyleType="none" gap="1" aria-label={t('scholars.matches')}>
            {found.data?.map((s) => (
              <li key={s.id}>
                <HStack justify="space-between" width="full" borderBottomWidth="1px" py="1">
                  <Text>
                    {scholarName(s)}{' '}
                    <Text as="span" color="fg.muted" fontSize="sm">
                      {t('scholars.details', { grade: s.grade, number: s.student_number })}
                    </Text>
                  </Text>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={chosenIds.includes(s.id) || full}
                    aria-label={actionLabel(s)}
                    onClick={() => onPick(s)}
                  >
                    {actionText}
                  </Button>
                </HStack>
              </li>
            ))}
          </Stack>
        </QueryState>
      )}
    </Stack>
  );
}
