/**
 * The pager under an online list: where we are ('Page 2 of 13', '26–50 of 312'), previous and next, and how many rows
 * a page holds. It works from the list answer's `meta.total`, so it needs no second request; a page beyond the last
 * (rows deleted meanwhile) still offers the way back. Its texts are in the `data` group of the admin namespace (see
 * search-input.tsx).
 */
import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const PER_PAGE_OPTIONS = [25, 50, 100] as const;

/** The number of pages `total` rows fill, at least one. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

export interface PagerProps {
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Without it, no per-page choice is shown. */
  onPerPageChange?: (perPage: number) => void;
  perPageOptions?: readonly number[];
}

/** Page x of y with previous/next and the per-page choice. */
export function Pager({
  page,
  perPage,
  total,
  onPageChange,
  onPerPageChange,
  perPageOptions = PER_PAGE_OPTIONS,
}: PagerProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const pages = pageCount(total, perPage);
  const from = total === 0 ? 0 : Math.min(total, (page - 1) * perPage + 1);
  const to = Math.min(total, page * perPage);

  return (
    <HStack as="nav" aria-label={t('data.pagination')} justify="space-between" wrap="wrap" gap="3" py="2">
      <Text fontSize="sm" color="fg.muted">
        {t('data.range', { from, to, total })}
      </Text>
      <HStack gap="2" wrap="wrap">
        {onPerPageChange && (
          <HStack gap="2">
            <Text asChild fontSize="sm" whiteSpace="nowrap">
              <label htmlFor={selectId}>{t('data.perPage')}</label>
            </Text>
            <NativeSelect.Root size="sm" width="5rem">
              <NativeSelect.Field
                id={selectId}
                value={String(perPage)}
                onChange={(event) => onPerPageChange(Number(event.target.value))}
              >
                {perPageOptions.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        )}
        <Button variant="outline" disabled={page <= 1} onClick={() => onPageChange(Math.min(page - 1, pages))}>
          {t('data.previousPage')}
        </Button>
        <Text fontSize="sm" aria-live="polite" whiteSpace="nowrap">
          {t('data.pageOf', { page, pages })}
        </Text>
        <Button variant="outline" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          {t('data.nextPage')}
        </Button>
      </HStack>
    </HStack>
  );
}
