/**
 * The kiosk's resting screen: one big search box (names and numbers, from the local roster) and, while it is empty,
 * the scholars recorded on this device today, so a second tap on the same person (or the front office correcting
 * one) needs no typing. The search runs on every keystroke; the index was built once for the roster. A badge
 * scanned while the box has the focus types into it: a whole code in an empty box opens its scholar at once (the
 * screen checks the text), and a code typed after other text is told by its speed, like anywhere on the page.
 */
import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { searchRoster } from '../../../ui/roster/roster-search';
import { StationSearchBox } from '../../../ui/station/station-search-box';
import { useStableCallback } from '../../../ui/use-stable-callback';
import { dayOf } from '../model/day-state';
import { type ChildDetails, ScholarRow, ScholarRows } from '../parts/scholar-row';
import type { CheckInDay } from '../station/use-check-in-day';

/** How many scholars the recent list shows. */
export const RECENT_LIMIT = 8;

/**
 * How many matches the search shows: about a kiosk screen's height of rows. More would only cost render time on every
 * keystroke (bench/roster-search.mjs keeps the same number); the rest is counted ('12 more: type more of the name').
 */
export const RESULT_LIMIT = 12;

/** The scholars with check-ins made on this device today, the latest first. */
export function recentScholars(
  day: Pick<CheckInDay, 'events' | 'index'>,
  deviceId: string | undefined,
  limit = RECENT_LIMIT,
): DemographicRecord[] {
  const mine = day.events
    .filter((e) => e.pending || (deviceId !== undefined && e.device_id === deviceId))
    .sort((a, b) => Date.parse(b.occurred_at) - Date.parse(a.occurred_at));
  const seen = new Set<string>();
  const out: DemographicRecord[] = [];
  for (const event of mine) {
    const scholar = day.index.byId.get(event.scholar_id);
    if (!scholar || seen.has(scholar.id)) continue;
    seen.add(scholar.id);
    out.push(scholar);
    if (out.length >= limit) break;
  }
  return out;
}

export interface SearchScreenProps {
  day: CheckInDay;
  deviceId: string | undefined;
  query: string;
  onQuery: (text: string) => void;
  /** A badge code a scanner typed into the search box (after other text, where the box's text is no code). */
  onScan: (code: string) => void;
  canRecord: boolean;
  /** A child is at the kiosk: no list of who came before, rows a child may see. */
  forChildren?: boolean;
  error: string | null;
  onArrive: (scholar: DemographicRecord) => void;
  onLeave: (scholar: DemographicRecord) => void;
}

interface ScholarListProps {
  scholars: DemographicRecord[];
  days: CheckInDay['days'];
  timeZone: string;
  canRecord: boolean;
  forChildren: boolean;
  childDetails: ChildDetails;
  onArrive: (scholar: DemographicRecord) => void;
  onLeave: (scholar: DemographicRecord) => void;
}

/**
 * The rows, rendered again only when the results (or the day) change; rows already on screen stay as they are. The
 * results render in the keystroke's own commit: a dozen plain rows cost a few milliseconds, and a deferred render
 * would show them a frame later (bench/roster-search.mjs).
 */
const ScholarList = memo(function ScholarList({
  scholars,
  days,
  timeZone,
  canRecord,
  forChildren,
  childDetails,
  onArrive,
  onLeave,
}: ScholarListProps) {
  return (
    <ScholarRows>
      {scholars.map((scholar) => (
        <ScholarRow
          key={scholar.id}
          scholar={scholar}
          day={dayOf(days, scholar.id)}
          timeZone={timeZone}
          canRecord={canRecord}
          forChildren={forChildren}
          childDetails={childDetails}
          onArrive={onArrive}
          onLeave={onLeave}
        />
      ))}
    </ScholarRows>
  );
});

/** Search box, results or recent list. */
export function SearchScreen(props: SearchScreenProps) {
  const { day, deviceId, query, onQuery, onScan, canRecord, forChildren = false, error, onArrive, onLeave } = props;
  const { t } = useTranslation('check-in');
  const matches = useMemo(() => searchRoster(day.index, query, RESULT_LIMIT), [day.index, query]);
  // Children never see who checked in before them.
  const recent = useMemo(() => (forChildren ? [] : recentScholars(day, deviceId)), [day, deviceId, forChildren]);
  const searching = query.trim() !== '';
  const list = searching ? matches.scholars : recent;
  const more = matches.total - matches.scholars.length;
  const showNumber = day.settings?.kiosk_show_student_number === true;
  const showHomeroom = day.settings?.kiosk_show_homeroom === true;
  const childDetails = useMemo(
    () => ({ studentNumber: showNumber, homeroom: showHomeroom }),
    [showNumber, showHomeroom],
  );
  const arrive = useStableCallback(onArrive);
  const leave = useStableCallback(onLeave);

  return (
    <Stack gap="4">
      <StationSearchBox
        label={t('arrivals.searchLabel')}
        placeholder={t('arrivals.searchPlaceholder')}
        value={query}
        onQuery={onQuery}
        onScan={onScan}
      />
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      {!canRecord && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('arrivals.viewOnly')}</Alert.Description>
        </Alert.Root>
      )}
      {!searching && forChildren ? (
        <Text fontSize="2xl" textAlign="center" py="6">
          {t('arrivals.childHint')}
        </Text>
      ) : (
        <Heading as="h2" size="md">
          {searching ? t('arrivals.results') : t('arrivals.recent')}
        </Heading>
      )}
      {!searching && forChildren ? null : list.length === 0 ? (
        <Text color="fg.muted" fontSize="lg">
          {searching ? t('arrivals.noMatch', { query: query.trim() }) : t('arrivals.recentEmpty')}
        </Text>
      ) : (
        <ScholarList
          scholars={list}
          days={day.days}
          timeZone={day.timeZone}
          canRecord={canRecord}
          forChildren={forChildren}
          childDetails={childDetails}
          onArrive={arrive}
          onLeave={leave}
        />
      )}
      {searching && more > 0 && <Text color="fg.muted">{t('arrivals.moreResults', { count: more })}</Text>}
    </Stack>
  );
}
