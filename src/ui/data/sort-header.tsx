/**
 * A sortable table column header. The API takes `sort=field` for ascending and `sort=-field` for descending (DESIGN
 * section 4), so the header speaks that format directly; the `th` carries `aria-sort` so screen readers announce the
 * order, and the button inside is what keyboard users press.
 */
import { Button, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type SortDirection = 'ascending' | 'descending' | 'none';

/** How a column is sorted under the given `sort` value. */
export function sortDirection(field: string, sort: string | undefined): SortDirection {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}

/** The `sort` value after pressing a column: ascending first, then it flips. */
export function nextSort(field: string, sort: string | undefined): string {
  return sort === field ? `-${field}` : field;
}

export interface SortHeaderProps {
  field: string;
  sort: string | undefined;
  onSortChange: (sort: string) => void;
  children: ReactNode;
}

const ARROWS: Record<SortDirection, string> = { ascending: '▲', descending: '▼', none: '↕' };

/** A column header whose button toggles `field` / `-field`. */
export function SortHeader({ field, sort, onSortChange, children }: SortHeaderProps) {
  const direction = sortDirection(field, sort);
  return (
    <Table.ColumnHeader aria-sort={direction}>
      <Button
        variant="ghost"
        size="xs"
        px="1"
        ms="-1"
        fontWeight="inherit"
        onClick={() => onSortChange(nextSort(field, sort))}
      >
        {children}
        <span aria-hidden="true" style={{ opacity: direction === 'none' ? 0.4 : 1 }}>
          {ARROWS[direction]}
        </span>
      </Button>
    </Table.ColumnHeader>
  );
}
