/**
 * View Who Ate (`/meals/view-who-ate`): for a day (today by default, on the school's clock) and a service
 * (by default the one the time of day suggests), who ate and who did not, grouped by grade and homeroom with their
 * photos and the counts of each group and of everyone shown; filters by grade and homeroom and a name search. It
 * reads the server's records of every device, refreshed each minute. Eligibility is never shown here (DESIGN
 * section 7): the screen does not read it, whatever the records or the roster carry.
 */
import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useRoster } from '../../../api/list-scholars';
import { GRADES } from '../../../contract';
import { type QueryLike, QueryState } from '../../../ui/data/query-state';
import { defaultMealType } from '../model/meal-service';
import { homeroomsOf } from '../records/model/scholars';
import { isDay, isMealType, useSchoolToday } from '../records/model/school-day';
import { useDayMeals } from './api/day-meals';
import { whoAte } from './model/who-ate';
import { WhoAteFilters, type WhoAteFilterValues } from './who-ate-filters';
import { CountsLine, WhoAteGroupSection } from './who-ate-group';

/** The View Who Ate screen; it offers no actions, so it needs nothing of the permissions it is given. */
export default function WhoAtePage(_props: { permissions?: readonly string[] }) {
  const { t } = useTranslation('meal-records');
  const { t: tc } = useTranslation();
  const { today, timeZone } = useSchoolToday();
  const [params, setParams] = useSearchParams();
  const pending = useRef<{ from: URLSearchParams; to: URLSearchParams } | null>(null);
  const [search, setSearch] = useState('');
  const meal = params.get('meal');
  const grade = params.get('grade') ?? '';
  const values: WhoAteFilterValues = {
    day: isDay(params.get('day')) ? (params.get('day') as string) : today,
    mealType: isMealType(meal) ? meal : defaultMealType(Date.now(), timeZone),
    grade: GRADES.some((g) => g === grade) ? grade : '',
    homeroom: params.get('homeroom') ?? '',
    search,
  };
  const update = (patch: Partial<WhoAteFilterValues>) => {
    if (patch.search !== undefined) setSearch(patch.search);
    // From what the previous change wrote if the navigation has not rendered yet: see useRecordsState.
    const base = pending.current?.from === params ? pending.current.to : params;
    const next = new URLSearchParams(base);
    const put = (key: string, value: string | undefined) => {
      if (value === undefined) return;
      if (value) next.set(key, value);
      else next.delete(key);
    };
    put('day', patch.day);
    put('meal', patch.mealType);
    put('grade', patch.grade);
    put('homeroom', patch.homeroom);
    pending.current = { from: params, to: next };
    setParams(next);
  };
  const roster = useRoster();
  const meals = useDayMeals(values.day, values.mealType);
  const result = useMemo(
    () => (roster.data && meals.data ? whoAte(roster.data, meals.data, values) : undefined),
    [roster.data, meals.data, values.grade, values.homeroom, values.search],
  );
  const failed = roster.isError ? roster : meals;
  const query: QueryLike = {
    data: result,
    isError: roster.isError || meals.isError,
    error: failed.error,
    fetchStatus: roster.fetchStatus === 'paused' || meals.fetchStatus === 'paused' ? 'paused' : meals.fetchStatus,
    refetch: () => Promise.all([roster.isError && roster.refetch(), meals.refetch()]),
  };

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {tc('sections.viewWhoAte')}
      </Heading>
      <WhoAteFilters values={values} homerooms={homeroomsOf(roster.data, values.grade)} onChange={update} />
      <QueryState
        query={query}
        isEmpty={result?.groups.length === 0}
        emptyText={t('whoAte.empty')}
        offlineText={t('needsConnection')}
      >
        {result && (
          <Stack gap="4">
            <HStack as="section" aria-label={t('whoAte.overall')} gap="3" wrap="wrap">
              <Text fontWeight="semibold">{t('whoAte.overall')}</Text>
              <CountsLine counts={result.counts} />
            </HStack>
            {result.groups.map((group) => (
              <WhoAteGroupSection key={group.key} group={group} timeZone={timeZone} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
