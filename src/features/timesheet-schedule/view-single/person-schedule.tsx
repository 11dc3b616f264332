/**
 * One person's expected hours for a week or a month: their name and exempt flag, the range and its controls, the
 * total at the top ('Expected this week: 40:00 over 5 days'), a hint when days lack a default week, Print and CSV,
 * and the day-by-day table. Online only: offline says so in the section's words.
 */
import { Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TimekeepingStaffRecord } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { dateTimeFormat } from '../../../ui/intl-format';
import { formatMinutes, staffName } from '../../../ui/timekeeping/hours';
import { useExpectedHours } from './api/view-single-queries';
import { ExpectedActions } from './expected-actions';
import { ExpectedTable, shortRange } from './expected-table';
import type { DayWords } from './model/describe-day';
import { tableRows, totalsOf } from './model/expected-rows';
import { rangeOf, type ViewState } from './model/view-state';
import { NoScheduleHint } from './no-schedule-hint';
import { RangeControls } from './range-controls';

export interface PersonScheduleProps {
  person: TimekeepingStaffRecord;
  state: ViewState;
  today: string;
  onChange: (patch: Partial<ViewState>) => void;
}

/** 'Week of Nov 23 – 29, 2026' or 'November 2026'. */
function useRangeLabel(state: ViewState, from: string, to: string): string {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'single' });
  const at = (day: string) => new Date(`${day}T00:00:00Z`);
  if (state.view === 'month') {
    return dateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at(from));
  }
  const range = dateTimeFormat(i18n.language, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(at(from), at(to));
  return t('range.week', { range });
}

/** The chosen person's expected hours. */
export function PersonSchedule({ person, state, today, onChange }: PersonScheduleProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'single' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const { from, to } = rangeOf(state.view, state.date);
  const expected = useExpectedHours(person.id, from, to);
  const label = useRangeLabel(state, from, to);
  const name = staffName(person);
  const words: DayWords = { t, ts, locale: i18n.language };
  const days = expected.data?.days ?? [];
  const totals = totalsOf(days);

  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Heading as="h2" size="lg">
          {name}
        </Heading>
        <Badge size="lg" colorPalette={person.exempt ? 'blue' : 'gray'}>
          {person.exempt ? t('exempt') : t('nonExempt')}
        </Badge>
      </HStack>
      <RangeControls view={state.view} date={state.date} today={today} onChange={onChange} />
      <Text fontSize="lg" fontWeight="medium" aria-live="polite">
        {label}
      </Text>
      <QueryState
        query={expected}
        isEmpty={!expected.data}
        emptyText={t('empty')}
        offlineText={ts('offline')}
        skeletonRows={7}
      >
        <Stack gap="4">
          <Text fontWeight="semibold" data-testid="range-total">
            {state.view === 'month'
              ? t('totals.month', { hours: formatMinutes(totals.minutes), count: totals.workDays })
              : t('totals.week', { hours: formatMinutes(totals.minutes), count: totals.workDays })}
          </Text>
          <NoScheduleHint staffId={person.id} name={name} days={days} />
          <ExpectedActions name={name} view={state.view} from={from} days={days} words={words} />
          <ExpectedTable
            rows={tableRows(days, state.view)}
            days={days}
            view={state.view}
            caption={t('table.caption', { name, range: shortRange(from, to, i18n.language) })}
            words={words}
          />
        </Stack>
      </QueryState>
    </Stack>
  );
}
