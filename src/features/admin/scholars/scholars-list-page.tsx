/**
 * Scholars (`/admin/scholars`, demographics-view_any): find scholars by name or student number, filter by grade,
 * homeroom, program and enrolled or withdrawn (all kept in the URL), 25 a page; each row opens the scholar's page;
 * "Add scholar" for those who may create; the list as filtered (every page) as a CSV file. Online only: without a
 * connection the list says so and offers Retry, while the search and filters keep what was typed.
 */
import { Badge, Box, Button, Heading, HStack, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { GRADES } from '../../../contract/common';
import type { DemographicRecord } from '../../../contract/demographics';
import { ExportCsvButton } from '../../../ui/data/export-csv-button';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { SearchInput } from '../../../ui/data/search-input';
import { adminErrorText } from '../api/admin-error-text';
import { scholarsQueryOptions, scholarsResource } from '../api/scholars';
import {
  SCHOLAR_STATUSES,
  type ScholarStatus,
  toScholarsFilter,
  toScholarsListParams,
  useScholarsListState,
} from './use-scholars-list-state';

/** The screen; `permissions` are the signed-in person's (Add needs demographics-create). */
export default function ScholarsListPage({ permissions = [] }: { permissions?: readonly string[] }) {
  const { t, i18n } = useTranslation('scholars');
  const { t: ta } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const [state, update] = useScholarsListState();
  const scholars = useQuery(scholarsQueryOptions(toScholarsListParams(state)));
  const rows = scholars.data?.data ?? [];

  const toCsv = (records: DemographicRecord[]) => ({
    fileName: `${t('export.fileName')}.csv`,
    header: [
      t('csv.studentNumber'),
      t('csv.lastName'),
      t('csv.firstName'),
      t('csv.nickname'),
      t('csv.grade'),
      t('csv.homeroom'),
      t('csv.program'),
      t('csv.status'),
      t('csv.withdrawnOn'),
      t('csv.alerts'),
    ],
    rows: records.map((s) => [
      s.student_number,
      s.lname,
      s.fname,
      s.nickname ?? '',
      s.grade,
      s.homeroom ?? '',
      s.program,
      t(s.active ? 'list.statuses.active' : 'list.statuses.withdrawn'),
      s.withdrawn_on ?? '',
      s.alerts ?? '',
    ]),
  });

  return (
    <Stack gap="4" minW="0">
      <Heading as="h1" size="lg">
        {tc('sections.scholars')}
      </Heading>
      <Text>{t('list.intro')}</Text>
      <HStack gap="3" wrap="wrap">
        {permissions.includes('demographics-create') && (
          <Button asChild colorPalette="primary" minH="10">
            <RouterLink to="/admin/scholars/new">{t('list.add')}</RouterLink>
          </Button>
        )}
        <ExportCsvButton
          list={scholarsResource.list}
          params={toScholarsFilter(state)}
          toCsv={toCsv}
          disabled={!scholars.data?.meta.total}
          texts={{
            button: t('export.button'),
            progress: (progress) => t('export.progress', { ...progress }),
            done: (count) => t('export.done', { count, total: count.toLocaleString(i18n.language) }),
            failed: (error) => t('export.failed', { message: adminErrorText(error, ta) }),
          }}
        />
      </HStack>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3">
        <Box flex="2">
          <SearchInput
            value={state.search}
            onSearch={(search) => update({ search })}
            label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
          />
        </Box>
        <NativeSelect.Root flex="1">
          <NativeSelect.Field
            aria-label={t('list.grade')}
            value={state.grade}
            onChange={(event) => update({ grade: event.target.value })}
          >
            <option value="">{t('list.allGrades')}</option>
            {GRADES.map((grade) => (
              <option key={grade} value={grade}>
                {grade}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root flex="1">
          <NativeSelect.Field
            aria-label={t('list.status')}
            value={state.status}
            onChange={(event) => update({ status: event.target.value as ScholarStatus })}
          >
            {SCHOLAR_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`list.statuses.${status}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Box flex="1">
          <SearchInput
            value={state.homeroom}
            onSearch={(homeroom) => update({ homeroom })}
            label={t('list.homeroom')}
            placeholder={t('list.homeroomPlaceholder')}
          />
        </Box>
        <Box flex="1">
          <SearchInput
            value={state.program}
            onSearch={(program) => update({ program })}
            label={t('list.program')}
            placeholder={t('list.programPlaceholder')}
          />
        </Box>
      </Stack>
      <QueryState
        query={scholars}
        isEmpty={rows.length === 0}
        emptyText={t('list.empty')}
        offlineText={t('list.offline')}
      >
        <Box opacity={scholars.isPlaceholderData ? 0.6 : 1} aria-busy={scholars.isFetching || undefined}>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Caption srOnly>{t('list.tableLabel')}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('list.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('list.studentNumber')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('list.grade')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('list.homeroom')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('list.program')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('list.status')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((s) => (
                  <Table.Row key={s.id}>
                    <Table.Cell>
                      <Link
                        asChild
                        color="primary.fg"
                        fontWeight="medium"
                        minH="10"
                        display="inline-flex"
                        alignItems="center"
                      >
                        <RouterLink to={`/admin/scholars/${s.id}`}>{`${s.lname}, ${s.nickname || s.fname}`}</RouterLink>
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{s.student_number}</Table.Cell>
                    <Table.Cell>{s.grade}</Table.Cell>
                    <Table.Cell>{s.homeroom ?? ''}</Table.Cell>
                    <Table.Cell>{s.program}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={s.active ? 'green' : 'gray'}>
                        {t(s.active ? 'list.statuses.active' : 'list.statuses.withdrawn')}
                      </Badge>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pager
            page={state.page}
            perPage={state.perPage}
            total={scholars.data?.meta.total ?? 0}
            onPageChange={(page) => update({ page })}
            onPerPageChange={(perPage) => update({ perPage })}
          />
        </Box>
      </QueryState>
    </Stack>
  );
}
