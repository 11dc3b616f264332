/**
 * COVID Screening at the entrance: the day's answers, each scholar's latest (who is cleared, who
 * must stay home, who has no negative test on file, who attends remotely), with the day's counts; search, outcome
 * filter and pages; recording a negative test; and, for those who may change it, the school's switch and the days
 * answers are kept.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useSchoolTimeZone } from '../../api/school-time-zone';
import { SCREENING_OUTCOMES, type ScreeningDayRow, type ScreeningOutcome } from '../../contract';
import { Pager } from '../../ui/data/pager';
import { QueryState } from '../../ui/data/query-state';
import { SearchInput } from '../../ui/data/search-input';
import { formatClockTime, formatDay } from '../../ui/school-clock';
import { type DayParams, dayKey, fetchDay, recordNegativeTest } from './screening-api';
import { SettingsPanel } from './settings-panel';

const COLORS: Record<ScreeningOutcome, string> = {
  cleared: 'green',
  stay_home: 'red',
  no_negative_test: 'orange',
  remote: 'blue',
};

function TestForm({ row, today, onDone }: { row: ScreeningDayRow; today: string; onDone: () => void }) {
  const { t } = useTranslation('covid-screening');
  const client = useQueryClient();
  const [on, setOn] = useState(today);
  const save = useMutation({
    mutationFn: () => recordNegativeTest({ scholar_id: row.scholar_id, tested_on: on }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['v2/covid_screenings'] });
      onDone();
    },
  });
  const error = save.error instanceof ApiError ? (save.error.errors.tested_on?.[0] ?? save.error.message) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} aria-label={t('review.recordTest')}>
      <HStack align="flex-end" gap="2" wrap="wrap">
        <Field.Root invalid={Boolean(error)} maxW="44">
          <Field.Label fontSize="sm">{t('review.testedOn')}</Field.Label>
          <Input type="date" size="sm" value={on} max={today} onChange={(e) => setOn(e.target.value)} />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="primary" loading={save.isPending}>
          {t('review.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('review.cancel')}
        </Button>
      </HStack>
    </form>
  );
}

function Answers({ row }: { row: ScreeningDayRow }) {
  const { t } = useTranslation('covid-screening');
  const s = row.screening;
  if (s.kind === 'remote') return null;
  const yes = (v: boolean | null) => (v ? t('yes') : t('no'));
  return (
    <Text fontSize="sm" color="fg.muted">
      {t('review.symptomsShort')}: {s.symptoms.map((x) => t(`symptoms.${x}`)).join(', ')} · {t('review.contactShort')}:{' '}
      {yes(s.recent_contact)} · {t('review.householdShort')}: {yes(s.household_symptoms)}
    </Text>
  );
}

/** The screen. */
export default function ScreeningReviewPage({ permissions }: { permissions: readonly string[] }) {
  const { t, i18n } = useTranslation('covid-screening');
  const { t: tc } = useTranslation();
  const [params, setParams] = useState<DayParams>({ page: 1, outcome: '', search: '' });
  const [testing, setTesting] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<string | null>(null);
  const query = useQuery({
    queryKey: dayKey(params),
    queryFn: ({ signal }) => fetchDay(params, signal),
    // Not a stub: the option below is TanStack Query's own; with keepPreviousData the page shown stays while
    // the next page loads (no flash of an empty list between pages).
    placeholderData: keepPreviousData,
  });
  const day = query.data?.meta.date ?? params.date ?? '';
  const counts = query.data?.meta.counts ?? {};
  const canTest = permissions.includes('covid_screenings-create');
  const timeZone = useSchoolTimeZone();
  // Times on the school's clock and days as the reader's language writes them, not YYYY-MM-DD.
  const time = (iso: string) => formatClockTime(iso, timeZone, i18n.language);
  const dayText = (d: string) => formatDay(d, i18n.language);
  return (
    <Stack gap="4">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {tc('sections.covidScreening')}
        </Heading>
        <Text color="fg.muted">{t('review.explain')}</Text>
      </Stack>
      <HStack gap="3" wrap="wrap" align="flex-end">
        <Field.Root maxW="44">
          <Field.Label>{t('review.date')}</Field.Label>
          <Input
            type="date"
            value={day}
            onChange={(e) => setParams((p) => ({ ...p, date: e.target.value || undefined, page: 1 }))}
          />
        </Field.Root>
        <Field.Root maxW="52">
          <Field.Label>{t('review.outcome')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={params.outcome}
              onChange={(e) => setParams((p) => ({ ...p, outcome: e.target.value as ScreeningOutcome | '', page: 1 }))}
            >
              <option value="">{t('review.all')}</option>
              {SCREENING_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {t(`review.outcomeNames.${o}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Box flex="1" minW="48">
          <SearchInput
            value={params.search ?? ''}
            onSearch={(search) => setParams((p) => ({ ...p, search, page: 1 }))}
            label={t('review.search')}
          />
        </Box>
      </HStack>
      <Text fontWeight="medium" role="status">
        {t('review.counts', {
          cleared: counts.cleared ?? 0,
          stay_home: counts.stay_home ?? 0,
          no_negative_test: counts.no_negative_test ?? 0,
          remote: counts.remote ?? 0,
        })}
      </Text>
      {recorded && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Description>{t('review.recorded', { name: recorded })}</Alert.Description>
        </Alert.Root>
      )}
      <QueryState query={query} isEmpty={(query.data?.data.length ?? 0) === 0} emptyText={t('review.empty')}>
        <Table.ScrollArea
          borderWidth="1px"
          borderRadius="md"
          tabIndex={0}
          role="region"
          aria-label={t('review.explain')}
        >
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('review.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('review.outcome')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('review.answered')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('review.test')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {query.data?.data.map((row) => (
                <Table.Row key={row.scholar_id}>
                  <Table.Cell>
                    <Text fontWeight="medium">{row.name}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t('review.grade')} {row.grade}
                      {row.homeroom ? ` · ${row.homeroom}` : ''}
                    </Text>
                    <Answers row={row} />
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={COLORS[row.screening.outcome]}>
                      {t(`review.outcomeNames.${row.screening.outcome}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{time(row.screening.answered_at)}</Table.Cell>
                  <Table.Cell>
                    <Stack gap="2">
                      <Text fontSize="sm">
                        {row.negative_test_on ? dayText(row.negative_test_on) : t('review.none')}
                      </Text>
                      {canTest &&
                        (testing === row.scholar_id ? (
                          <TestForm
                            row={row}
                            today={query.data?.meta.date ?? ''}
                            onDone={() => {
                              setTesting(null);
                              setRecorded(row.name);
                            }}
                          />
                        ) : (
                          <Button size="xs" variant="outline" onClick={() => setTesting(row.scholar_id)}>
                            {t('review.recordTest')}
                          </Button>
                        ))}
                    </Stack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Pager
          page={params.page}
          perPage={50}
          total={query.data?.meta.total ?? 0}
          onPageChange={(page) => setParams((p) => ({ ...p, page }))}
        />
      </QueryState>
      {permissions.includes('covid_screenings-view_any') && (
        <SettingsPanel canSave={permissions.includes('covid_screenings-update')} />
      )}
    </Stack>
  );
}
