/**
 * A scholar's pick-up adults from the server (`GET v2/authorized_pick_ups?filter[scholar_id]=…`), ten to a page,
 * searchable by name, active ones unless "Show deactivated" is ticked; the page and the search live in the URL.
 * Loading, empty, offline and error states come from QueryState.
 */
import { Checkbox, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AuthorizedPickUpRecord } from '../../../contract';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { SearchInput } from '../../../ui/data/search-input';
import { useScholarPickUps } from '../api/pick-ups-queries';
import { AdultCard } from './adult-card';

export const ADULTS_PER_PAGE = 10;

export interface AdultsListProps {
  scholarId: string;
  onEdit: (adult: AuthorizedPickUpRecord) => void;
  onDeactivate: (adult: AuthorizedPickUpRecord) => void;
  onReactivate: (adult: AuthorizedPickUpRecord) => void;
}

/** The list with its search, filter and pager. */
export function AdultsList({ scholarId, onEdit, onDeactivate, onReactivate }: AdultsListProps) {
  const { t } = useTranslation('pick-ups');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const withInactive = params.get('inactive') === '1';
  const query = useScholarPickUps({
    filter: { scholar_id: scholarId, active: withInactive ? undefined : 'true' },
    search,
    sort: 'full_name',
    page,
    per_page: ADULTS_PER_PAGE,
  });
  const set = (changes: Record<string, string | null>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  const total = query.data?.meta.total ?? 0;
  return (
    <Stack gap="3">
      <HStack gap="4" wrap="wrap" align="end">
        <Stack flex="1" minW="60">
          <SearchInput
            value={search}
            label={t('list.searchLabel')}
            // The field's hint text (HTML placeholder attribute).
            placeholder={t('list.searchPlaceholder')}
            onSearch={(text) => set({ q: text.trim() || null, page: null })}
          />
        </Stack>
        <Checkbox.Root
          checked={withInactive}
          onCheckedChange={(d) => set({ inactive: d.checked === true ? '1' : null, page: null })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('list.showInactive')}</Checkbox.Label>
        </Checkbox.Root>
      </HStack>
      <QueryState
        query={query}
        isEmpty={query.data?.data.length === 0}
        emptyText={search ? t('list.noMatch') : t('list.empty')}
        offlineText={t('list.offline')}
      >
        <Stack as="ul" listStyleType="none" gap="3" aria-label={t('list.label')}>
          {query.data?.data.map((adult) => (
            <AdultCard
              key={adult.id}
              adult={adult}
              onEdit={() => onEdit(adult)}
              onDeactivate={() => onDeactivate(adult)}
              onReactivate={() => onReactivate(adult)}
            />
          ))}
        </Stack>
        {total > ADULTS_PER_PAGE && (
          <Pager
            page={page}
            perPage={ADULTS_PER_PAGE}
            total={total}
            onPageChange={(next) => set({ page: next > 1 ? String(next) : null })}
          />
        )}
      </QueryState>
    </Stack>
  );
}
