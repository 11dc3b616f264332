/**
 * The line's search box (names and numbers, from the local roster, on every keystroke) and its results, one tap each.
 * A badge scanned while the box has the focus types into it: a whole code in an empty box records its scholar at
 * once (the flow checks the text), and a code typed after other text is told by its speed, like anywhere on the page.
 */
import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { type RosterIndex, searchRoster } from '../../../ui/roster/roster-search';
import { StationSearchBox } from '../../../ui/station/station-search-box';
import type { MealType } from '../model/meal-service';
import { ScholarButton } from '../parts/scholar-button';

export interface MealSearchProps {
  index: RosterIndex;
  query: string;
  mealType: MealType;
  isServed: (scholarId: string) => boolean;
  onQuery: (text: string) => void;
  onScan: (code: string) => void;
  onServe: (scholar: DemographicRecord) => void;
}

/** The search box. */
export const MealSearchBox = memo(function MealSearchBox({
  query,
  onQuery,
  onScan,
}: Pick<MealSearchProps, 'query' | 'onQuery' | 'onScan'>) {
  const { t } = useTranslation('meals');
  return (
    <StationSearchBox
      label={t('line.searchLabel')}
      placeholder={t('line.searchPlaceholder')}
      value={query}
      onQuery={onQuery}
      onScan={onScan}
    />
  );
});

/**
 * The scholars matching the search, best first. Memoised: a tap's outcome renders the line, not the results again;
 * `served` changes whenever the answers of `isServed` may have.
 */
export const MealSearchResults = memo(function MealSearchResults({
  index,
  query,
  mealType,
  isServed,
  onServe,
}: Omit<MealSearchProps, 'onQuery' | 'onScan'> & { served: unknown }) {
  const { t } = useTranslation('meals');
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => searchRoster(index, deferred, 12), [index, deferred]);
  const more = matches.total - matches.scholars.length;
  if (matches.scholars.length === 0) {
    return (
      <Text color="fg.muted" fontSize="lg">
        {t('line.noMatch', { query: deferred.trim() })}
      </Text>
    );
  }
  return (
    <Stack gap="2">
      <SimpleGrid as="ul" aria-label={t('line.results')} columns={{ base: 1, md: 2 }} gap="2" listStyleType="none">
        {matches.scholars.map((scholar) => (
          <li key={scholar.id}>
            <ScholarButton
              scholar={scholar}
              mealType={mealType}
              served={isServed(scholar.id)}
              layout="row"
              onServe={onServe}
            />
          </li>
        ))}
      </SimpleGrid>
      {more > 0 && <Text color="fg.muted">{t('line.moreResults', { count: more })}</Text>}
    </Stack>
  );
});
