/**
 * Scholar Led Conferences for staff: the conference days (search, pages), a form to make or change
 * one, and for a chosen day who signed in (the scholar or a parent, when) and the teacher's conference span the
 * sign-ins give, which those who keep timesheets add to the teacher's timesheet once; the days as searched (every page)
 * as a CSV file.
 */
import { Alert, Badge, Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useSchoolTimeZone } from '../../api/school-time-zone';
import type { ConferenceRecord } from '../../contract';
import { Pager } from '../../ui/data/pager';
import { QueryState } from '../../ui/data/query-state';
import { SearchInput } from '../../ui/data/search-input';
import { formatClockTime, formatDay, instantAt, schoolDayOf } from '../../ui/school-clock';
import { conferencesApi, fetchSignIns, recordTimesheet, signInsKey } from './conference-api';
import { ConferenceForm } from './conference-form';
import { ExportConferencesButton } from './export-conferences-button';

function SignIns({ conference, permissions }: { conference: ConferenceRecord; permissions: readonly string[] }) {
  const { t, i18n } = useTranslation('conferences');
  const client = useQueryClient();
  const query = useQuery({
    queryKey: signInsKey(conference.id),
    queryFn: ({ signal }) => fetchSignIns(conference.id, signal),
  });
  const record = useMutation({
    mutationFn: () => recordTimesheet(conference.id),
    onSuccess: () => void client.invalidateQueries({ queryKey: conferencesApi.keys.all }),
  });
  const timeZone = useSchoolTimeZone();
  const time = (iso: string) => formatClockTime(iso, timeZone, i18n.language);
  const span = query.data?.span;
  const mayRecord = permissions.includes('timesheets-view_any') && permissions.includes('timesheets-create');
  const onSheet = Boolean(conference.timesheet_id) || record.isSuccess;
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {t('review.signIns')}: {conference.title}
      </Heading>
      <QueryState query={query} isEmpty={(query.data?.data.length ?? 0) === 0} emptyText={t('review.noSignIns')}>
        <Table.ScrollArea
          borderWidth="1px"
          borderRadius="md"
          tabIndex={0}
          role="region"
          aria-label={t('review.signIns')}
        >
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('review.scholar')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('review.signer')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('review.at')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {query.data?.data.map((s) => (
                <Table.Row key={s.id}>
                  <Table.Cell>{s.scholar_name}</Table.Cell>
                  <Table.Cell>
                    {s.signer_name} <Badge>{t(`review.${s.signer_type}`)}</Badge>
                  </Table.Cell>
                  <Table.Cell>{time(s.signed_at)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {span && (
          <Text>
            {t('review.span', { start: time(span.started_at), end: time(span.ended_at), minutes: span.minutes })}
          </Text>
        )}
      </QueryState>
      {onSheet ? (
        <Text role="status" fontWeight="medium">
          {t('review.recorded')}
        </Text>
      ) : (
        mayRecord &&
        span &&
        conference.teacher_id && (
          <Button alignSelf="flex-start" variant="outline" loading={record.isPending} onClick={() => record.mutate()}>
            {t('review.record')}
          </Button>
        )
      )}
      {record.error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>
            {record.error instanceof ApiError
              ? (Object.values(record.error.errors)[0]?.[0] ?? record.error.message)
              : record.error.message}
          </Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** The screen. */
export default function ConferenceReviewPage({ permissions }: { permissions: readonly string[] }) {
  const { t, i18n } = useTranslation('conferences');
  const timeZone = useSchoolTimeZone();
  // The day and times as the reader's language writes them, on the school's clock (not YYYY-MM-DD, not the browser's).
  const wall = (day: string, hhmm: string) => formatClockTime(instantAt(day, hhmm, timeZone), timeZone, i18n.language);
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ConferenceRecord | 'new' | null>(null);
  const [chosen, setChosen] = useState<ConferenceRecord | null>(null);
  const params = { page, per_page: 25, search: search || undefined };
  const query = useQuery({
    queryKey: conferencesApi.keys.list(params),
    queryFn: ({ signal }) => conferencesApi.list(params, signal),
    // Not a stub: the option below is TanStack Query's own; with keepPreviousData the page shown stays while
    // the next page loads (no flash of an empty list between pages).
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => conferencesApi.remove(id),
    onSuccess: () => {
      setChosen(null);
      void client.invalidateQueries({ queryKey: conferencesApi.keys.all });
    },
  });
  const canCreate = permissions.includes('conferences-create');
  const canUpdate = permissions.includes('conferences-update');
  const canDelete = permissions.includes('conferences-delete');
  const current = chosen ? (query.data?.data.find((c) => c.id === chosen.id) ?? chosen) : null;
  return (
    <Stack gap="4">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {tc('sections.conferences')}
        </Heading>
        <Text color="fg.muted">{t('review.explain')}</Text>
      </Stack>
      <HStack gap="3" wrap="wrap">
        <Box flex="1" minW="48">
          <SearchInput
            value={search}
            onSearch={(s) => {
              setSearch(s);
              setPage(1);
            }}
            label={t('review.search')}
          />
        </Box>
        {canCreate && (
          <Button colorPalette="primary" onClick={() => setEditing('new')}>
            {t('review.new')}
          </Button>
        )}
        <ExportConferencesButton search={search} disabled={!query.data?.meta.total} />
      </HStack>
      {editing && (
        <ConferenceForm
          conference={editing === 'new' ? null : editing}
          today={schoolDayOf(new Date(), timeZone)}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setChosen(saved);
          }}
        />
      )}
      <QueryState query={query} isEmpty={(query.data?.data.length ?? 0) === 0} emptyText={t('review.empty')}>
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {query.data?.data.map((c) => (
            <Box as="li" key={c.id} borderWidth="1px" borderRadius="md" p="3">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Stack gap="0">
                  <Text fontWeight="medium">{c.title}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatDay(c.held_on, i18n.language)} · {wall(c.held_on, c.start_time)}–
                    {wall(c.held_on, c.end_time)}
                    {c.teacher_name ? ` · ${c.teacher_name}` : ''} · {t('review.signIns')}: {c.sign_in_count}
                  </Text>
                </Stack>
                <HStack gap="1">
                  <Button size="sm" variant="outline" onClick={() => setChosen(c)} aria-pressed={current?.id === c.id}>
                    {t('review.signIns')}
                  </Button>
                  {canUpdate && (
                    <Button size="sm" variant="ghost" onClick={() => setEditing(c)}>
                      {t('review.edit')}
                    </Button>
                  )}
                  {canDelete && (
                    <Button
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      loading={remove.isPending && remove.variables === c.id}
                      onClick={() => {
                        if (window.confirm(t('review.confirmDelete'))) remove.mutate(c.id);
                      }}
                    >
                      {t('review.delete')}
                    </Button>
                  )}
                </HStack>
              </HStack>
            </Box>
          ))}
        </Stack>
        <Pager page={page} perPage={25} total={query.data?.meta.total ?? 0} onPageChange={setPage} />
      </QueryState>
      {current && <SignIns conference={current} permissions={permissions} />}
    </Stack>
  );
}
