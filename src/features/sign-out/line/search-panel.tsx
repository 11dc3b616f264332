/**
 * Finding the scholar at the pick-up line: one big search box (part of a name or a student number, from the local
 * roster, on every keystroke) and the matches as large rows, one tap each to the scholar's pick-up screen. A scholar
 * already signed out today says so on the row. A badge scanned while the box has the focus types into it: a whole
 * code in an empty box opens its scholar (the page checks the text), and a code typed after other text is told by
 * its speed, like anywhere on the page.
 */
import { Alert, Badge, Button, Stack, Text } from '@chakra-ui/react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { searchRoster } from '../../../ui/roster/roster-search';
import { formatClockTime } from '../../../ui/school-clock';
import { useSchoolWords } from '../../../ui/school-words';
import { StationSearchBox } from '../../../ui/station/station-search-box';
import { useStableCallback } from '../../../ui/use-stable-callback';
import { ScholarPhoto, scholarName } from '../parts/photos';
import { signedOut } from '../parts/sign-out-state';
import type { SignOutDay } from '../station/use-sign-out-day';

/** How many matches show: about a tablet screen of rows; the rest is counted. */
export const RESULT_LIMIT = 12;

export interface SearchPanelProps {
  day: SignOutDay;
  query: string;
  error: string | null;
  onQuery: (text: string) => void;
  onScan: (code: string) => void;
  onOpen: (scholar: DemographicRecord) => void;
}

interface ResultsProps {
  scholars: DemographicRecord[];
  day: SignOutDay;
  onOpen: (scholar: DemographicRecord) => void;
}

const Results = memo(function Results({ scholars, day, onOpen }: ResultsProps) {
  const { t, i18n } = useTranslation('sign-out');
  const words = useSchoolWords();
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t('search.results')}>
      {scholars.map((scholar) => {
        const out = signedOut(day.latest.get(scholar.id));
        const details = [
          t('grade', { grade: scholar.grade }),
          words.homeroom(scholar.homeroom),
          `#${scholar.student_number}`,
        ];
        return (
          <li key={scholar.id}>
            <Button
              variant="outline"
              h="auto"
              minH="5rem"
              w="100%"
              py="3"
              justifyContent="flex-start"
              gap="4"
              whiteSpace="normal"
              aria-label={t('search.open', { name: scholarName(scholar) })}
              onClick={() => onOpen(scholar)}
            >
              <ScholarPhoto scholar={scholar} size="md" />
              <Stack as="span" gap="1" align="start" minW="0">
                <Text as="span" fontSize="xl" fontWeight="semibold">
                  {scholarName(scholar)}
                </Text>
                <Text as="span" fontSize="sm" color="fg.muted">
                  {details.filter(Boolean).join(' · ')}
                </Text>
                {out && (
                  <Badge as="span" colorPalette="green">
                    {t('search.signedOutAt', { time: formatClockTime(out.at, day.timeZone, i18n.language) })}
                  </Badge>
                )}
              </Stack>
            </Button>
          </li>
        );
      })}
    </Stack>
  );
});

/** The search box, the outcome of the last scan, and the matches. */
export function SearchPanel({ day, query, error, onQuery, onScan, onOpen }: SearchPanelProps) {
  const { t } = useTranslation('sign-out');
  const matches = useMemo(() => searchRoster(day.index, query, RESULT_LIMIT), [day.index, query]);
  const open = useStableCallback(onOpen);
  const searching = query.trim() !== '';
  const more = matches.total - matches.scholars.length;
  return (
    <Stack gap="4">
      <StationSearchBox
        label={t('search.label')}
        placeholder={t('search.boxHint')}
        value={query}
        onQuery={onQuery}
        onScan={onScan}
      />
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description fontSize="lg">{error}</Alert.Description>
        </Alert.Root>
      )}
      {!searching ? (
        <Text color="fg.muted" fontSize="lg">
          {t('search.hint')}
        </Text>
      ) : matches.scholars.length === 0 ? (
        <Text color="fg.muted" fontSize="lg">
          {t('search.noMatch', { query: query.trim() })}
        </Text>
      ) : (
        <Results scholars={matches.scholars} day={day} onOpen={open} />
      )}
      {searching && more > 0 && <Text color="fg.muted">{t('search.moreResults', { count: more })}</Text>}
    </Stack>
  );
}
