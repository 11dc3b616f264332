/**
 * View Records (`/meals/view-records`): the meals recorded by every cafeteria device, read from the server.
 * Two parts over one date range and service (today by default, on the school's clock): the records themselves,
 * filtered by grade, homeroom and scholar, sortable, paginated, with voided and added-later ones marked, a void with
 * a reason for those who hold nslp_records-update, and a CSV export of the whole filtered range; and the daily counts
 * by category for the claim, with the edit check's flagged days and their own CSV. Everything chosen is kept in the
 * URL. The category of each meal shows only to those who may see meal eligibility (the server leaves it out for
 * everyone else anyway).
 */
import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoster } from '../../../api/list-scholars';
import { MAX_COUNT_DAYS, MEAL_ELIGIBILITY_PERMISSION, NslpDailyCountsQuerySchema } from '../../../contract';
import { DailyCountsPanel } from './daily-counts-panel';
import { RECORD_VIEWS, resolveRange, useRecordsState } from './model/records-state';
import { indexRoster } from './model/scholars';
import { useSchoolToday } from './model/school-day';
import { RangeFields } from './range-fields';
import { RecordsPanel } from './records-panel';

export interface RecordsPageProps {
  /** The signed-in person's permissions: voiding needs nslp_records-update. */
  permissions: readonly string[];
}

/** The View Records screen. */
export default function RecordsPage({ permissions }: RecordsPageProps) {
  const { t } = useTranslation('meal-records');
  const { t: tc } = useTranslation();
  const [state, update] = useRecordsState();
  const { today, timeZone } = useSchoolToday();
  const roster = useRoster();
  const scholars = useMemo(() => indexRoster(roster.data), [roster.data]);
  const range = resolveRange(state, today);
  const countsQuery = NslpDailyCountsQuerySchema.safeParse({ ...range, meal_type: state.mealType || undefined });
  const rangeOk = range.from <= range.to;
  const problem = !rangeOk
    ? t('filters.rangeInvalid')
    : state.view === 'counts' && !countsQuery.success
      ? t('filters.rangeTooLong', { days: MAX_COUNT_DAYS })
      : null;

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {tc('sections.viewRecords')}
      </Heading>
      <RangeFields
        from={range.from}
        to={range.to}
        mealType={state.mealType}
        problem={problem}
        onChange={(patch) => update(patch)}
      />
      <Tabs.Root
        value={state.view}
        onValueChange={(details) => update({ view: RECORD_VIEWS.find((v) => v === details.value) ?? 'records' })}
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          <Tabs.Trigger value="records">{t('tabs.records')}</Tabs.Trigger>
          <Tabs.Trigger value="counts">{t('tabs.counts')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="records">
          <RecordsPanel
            state={state}
            update={update}
            today={today}
            timeZone={timeZone}
            rangeOk={rangeOk}
            roster={roster.data}
            scholars={scholars}
            canVoid={permissions.includes('nslp_records-update')}
            showEligibility={permissions.includes(MEAL_ELIGIBILITY_PERMISSION)}
          />
        </Tabs.Content>
        <Tabs.Content value="counts">
          <DailyCountsPanel
            query={countsQuery.success ? countsQuery.data : null}
            canCountServices={permissions.includes('meal_service_days-create')}
          />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
