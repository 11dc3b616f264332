/**
 * The frame every content list screen shares: the heading and what the screen is for, the screen's
 * own filters, a search, the order (the table's headers from the md breakpoint, a choice on phones), Add for those
 * who may create, Export CSV of the whole list as searched and filtered, the page of rows with Edit and Delete for
 * those who may, the pager, the add-or-change dialog around the screen's form, and Delete behind a confirmation. The
 * list's state lives in the address.
 */
import { Box, Button, Field, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams, ListResult } from '../../../api/resource';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { SearchInput } from '../../../ui/data/search-input';
import { SelectField } from '../../../ui/form/select-field';
import { DeleteDialog } from '../../../ui/timekeeping/delete-dialog';
import { type Editing, RecordFormDialog } from '../../../ui/timekeeping/form-dialog';
import { type Column, ContentTable } from './content-table';
import { type ContentCsv, ExportContentButton } from './export-content-button';
import { type ContentSave, useContentWrites, type WritableApi } from './use-content-writes';
import { type ListState, useListState } from './use-list-state';

export const PER_PAGE = 25;

export interface ContentApi<R, C> extends WritableApi<R, C, never> {
  keys: { all: readonly unknown[]; list: (params: ListParams) => readonly unknown[] };
  list: (params: ListParams, signal?: AbortSignal) => Promise<ListResult<R>>;
}

export interface ContentWords<R> {
  searchLabel: string;
  add: string;
  empty: string;
  caption: string;
  addTitle: string;
  editTitle: (row: R) => string;
  deleteTitle: string;
  deleteBody: (row: R) => string;
  deleted: (row: R) => string;
  /** What a row's buttons act on. */
  what: (row: R) => string;
}

export interface ContentFormArgs<R, C> {
  record: R | null;
  formId: string;
  close: () => void;
  save: ContentSave<R, C>;
}

export interface ContentScreenProps<R extends { id: string }, C> {
  title: string;
  intro: string;
  permissions: readonly string[];
  api: ContentApi<R, C>;
  /** The fields the list sorts by, with their names, the first one the default. */
  sorts: readonly (readonly [field: string, label: string])[];
  defaultSort: string;
  /** The list's `filter[...]` from the address. */
  filter?: (params: URLSearchParams) => Record<string, string | undefined>;
  /** The screen's own filters, above the search. */
  filters?: (state: ListState) => ReactNode;
  columns: readonly Column<R>[];
  words: ContentWords<R>;
  form: (args: ContentFormArgs<R, C>) => ReactNode;
  /** The list as a CSV file (Export CSV exports every page of it). */
  csv: ContentCsv<R>;
}

/** A content list screen. */
export function ContentScreen<R extends { id: string }, C>(props: ContentScreenProps<R, C>) {
  const { title, intro, permissions, api, sorts, defaultSort, filter, filters, columns, words, form, csv } = props;
  const { t } = useTranslation('portal-content');
  const state = useListState(
    sorts.map(([field]) => field),
    defaultSort,
  );
  const params: ListParams = {
    search: state.search,
    sort: state.sort,
    page: state.page,
    per_page: PER_PAGE,
    filter: filter?.(state.params),
  };
  const list = useQuery({
    queryKey: api.keys.list(params),
    queryFn: ({ signal }) => api.list(params, signal),
    // TanStack Query's placeholderData: the last page stays on screen while the next one loads (no flash of empty).
    placeholderData: keepPreviousData,
  });
  const { save, remove } = useContentWrites(api);
  const [editing, setEditing] = useState<Editing<R>>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const can = (action: 'create' | 'update' | 'delete') => permissions.includes(`portal_content-${action}`);
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;

  return (
    <Stack gap="5" minW="0">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text>{intro}</Text>
      <Stack as="section" aria-label={t('list.filters')} gap="3">
        {filters?.(state)}
        <HStack gap="3" wrap="wrap" align="flex-end">
          <Field.Root flex="1" minW={{ base: 'full', sm: '64' }}>
            <Field.Label>{t('list.search')}</Field.Label>
            <SearchInput
              value={state.search}
              onSearch={(search) => state.change({ search })}
              label={words.searchLabel}
            />
          </Field.Root>
          <Box hideFrom="md" w={{ base: 'full', sm: '56' }}>
            <SelectField
              label={t('list.order')}
              value={state.sort}
              w="full"
              choices={sorts.flatMap(([field, label]) => [
                [field, t('list.ascending', { field: label })],
                [`-${field}`, t('list.descending', { field: label })],
              ])}
              onChange={(sort) => state.change({ sort })}
            />
          </Box>
        </HStack>
      </Stack>
      <HStack gap="3" wrap="wrap">
        {can('create') && (
          <Button colorPalette="primary" minH="10" onClick={() => setEditing('new')}>
            {words.add}
          </Button>
        )}
        <ExportContentButton
          list={api.list}
          params={{ search: params.search, sort: params.sort, filter: params.filter }}
          csv={csv}
          disabled={total === 0}
        />
      </HStack>
      <QueryState
        query={list}
        isEmpty={rows.length === 0 && total === 0}
        emptyText={state.search ? t('list.noMatch', { search: state.search }) : words.empty}
        offlineText={t('offline')}
      >
        {/* Dimmed while TanStack's placeholderData (the last page kept on screen) waits for the next. */}
        <Stack gap="2" opacity={list.isPlaceholderData ? 0.6 : 1} aria-busy={list.isFetching || undefined}>
          <ContentTable
            caption={words.caption}
            rows={rows}
            columns={columns}
            sort={state.sort}
            onSortChange={(sort) => state.change({ sort })}
            what={words.what}
            onEdit={can('update') ? setEditing : null}
            onDelete={can('delete') ? setDeleting : null}
          />
          <Pager
            page={state.page}
            perPage={PER_PAGE}
            total={total}
            onPageChange={(page) => state.change({ page: String(page) })}
          />
        </Stack>
      </QueryState>
      <RecordFormDialog
        editing={editing}
        title={(record) => (record ? words.editTitle(record) : words.addTitle)}
        save={save}
        onClose={() => setEditing(null)}
      >
        {({ record, formId, close }) => form({ record, formId, close, save })}
      </RecordFormDialog>
      <DeleteDialog
        target={deleting}
        title={words.deleteTitle}
        body={(row) => <Text>{words.deleteBody(row)}</Text>}
        confirmLabel={t('rows.delete')}
        offlineText={t('offline')}
        deleted={words.deleted}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
