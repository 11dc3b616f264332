/**
 * The body every work list shares: "as of" when it is the device's copy, then loading, offline, error or the list's
 * empty state (QueryState), else a search box once the list is long, the day groups, and the pages when the server
 * has more than one.
 */
import { Button, EmptyState, Flex, Input, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkListType } from '../../../contract/work-lists';
import { type QueryLike, QueryState } from '../../../ui/data/query-state';
import type { PortalAnswer } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { searchWork, shownWork, type WorkAnswerLike } from './model/shown-work';
import { WorkGroups } from './work-groups';

/** From how many items a list offers its search box. */
export const SEARCH_FROM = 8;

export interface WorkListBodyProps {
  query: QueryLike & { data: PortalAnswer<WorkAnswerLike & { meta: ListMeta }> | undefined };
  type: WorkListType;
  emptyText: string;
  /** The names of a parent's children by id (the combined list says whose each item is). */
  scholarNames?: ReadonlyMap<string, string>;
  page: number;
  onPage: (page: number) => void;
}

interface ListMeta {
  page: number;
  per_page: number;
  total: number;
}

function Pages({ meta, onPage }: { meta: ListMeta; onPage: (page: number) => void }) {
  const { t } = useTranslation('portal-work');
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  if (pages <= 1) return null;
  return (
    <Flex as="nav" aria-label={t('pages.page', { page: meta.page, pages })} gap="2" align="center" wrap="wrap">
      <Button size="sm" variant="outline" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
        {t('pages.previous')}
      </Button>
      <Text fontSize="sm">{t('pages.page', { page: meta.page, pages })}</Text>
      <Button size="sm" variant="outline" disabled={meta.page >= pages} onClick={() => onPage(meta.page + 1)}>
        {t('pages.next')}
      </Button>
    </Flex>
  );
}

/** The list's body. */
export function WorkListBody({ query, type, emptyText, scholarNames, page, onPage }: WorkListBodyProps) {
  const { t } = useTranslation('portal-work');
  const answer = query.data;
  const shown = answer ? shownWork(answer.data, type, answer.fromDevice, Date.now()) : null;
  const [search, setSearch] = useState('');
  // Typing stays quick on a slow phone: the groups redraw when the phone has a moment.
  const deferred = useDeferredValue(search);
  const items = shown ? searchWork(shown.items, deferred) : [];
  const searchable = (shown?.items.length ?? 0) >= SEARCH_FROM || search !== '';
  return (
    <>
      <AsOfNotice fetchedAt={answer?.fetchedAt} fromDevice={answer?.fromDevice} />
      <QueryState query={query} isEmpty={!shown || (shown.items.length === 0 && page === 1)} emptyText={emptyText}>
        {shown && answer && (
          <Stack gap="4">
            {searchable && (
              <>
                <Input
                  type="search"
                  aria-label={t('search.label')}
                  // The box's placeholder says what the search reads; its name is the aria-label.
                  placeholder={t('search.hint')}
                  value={search}
                  maxLength={100}
                  onChange={(event) => setSearch(event.target.value)}
                />
                <VisuallyHidden aria-live="polite">
                  {search.trim() ? t('search.count', { count: items.length }) : ''}
                </VisuallyHidden>
              </>
            )}
            {items.length === 0 && search.trim() ? (
              <EmptyState.Root size="sm">
                <EmptyState.Content>
                  <EmptyState.Description>{t('search.noMatch', { search: search.trim() })}</EmptyState.Description>
                  <Button size="sm" variant="outline" onClick={() => setSearch('')}>
                    {t('search.clear')}
                  </Button>
                </EmptyState.Content>
              </EmptyState.Root>
            ) : (
              <WorkGroups
                items={items}
                type={type}
                today={shown.today}
                timeZone={shown.timeZone}
                scholarNames={scholarNames}
              />
            )}
            <Pages meta={answer.data.meta} onPage={onPage} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
