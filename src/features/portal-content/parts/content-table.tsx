/**
 * One page of a content list. From the md breakpoint it is a table with sortable headers; below it each row stacks
 * as a card (the first column as its title, each other cell named), so a phone never scrolls sideways.
 */
import { Box, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortHeader } from '../../../ui/data/sort-header';
import { RowActions } from '../../../ui/timekeeping/row-actions';

export interface Column<R> {
  key: string;
  label: string;
  /** The API's sort field for this column, when it sorts. */
  sortField?: string;
  render: (row: R) => ReactNode;
}

export interface ContentTableProps<R extends { id: string }> {
  caption: string;
  rows: readonly R[];
  /** The first column is the row's name (a card's title on a phone). */
  columns: readonly Column<R>[];
  sort: string;
  onSortChange: (sort: string) => void;
  /** What a row's Edit and Delete buttons name ("the announcement Field trip"). */
  what: (row: R) => string;
  onEdit: ((row: R) => void) | null;
  onDelete: ((row: R) => void) | null;
}

const CELL = {
  display: { base: 'block', md: 'table-cell' },
  borderBottomWidth: { base: '0', md: '1px' },
  py: { base: '0.5', md: '2' },
  px: { base: '0', md: '3' },
} as const;

/** The rows, as a table or stacked cards. */
export function ContentTable<R extends { id: string }>(props: ContentTableProps<R>) {
  const { caption, rows, columns, sort, onSortChange, what, onEdit, onDelete } = props;
  const { t } = useTranslation('portal-content');
  const acts = Boolean(onEdit || onDelete);
  return (
    <Box overflowX={{ md: 'auto' }}>
      <Table.Root size="sm" display={{ base: 'block', md: 'table' }} borderTopWidth={{ base: '1px', md: '0' }}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header hideBelow="md">
          <Table.Row>
            {columns.map((column) =>
              column.sortField ? (
                <SortHeader key={column.key} field={column.sortField} sort={sort} onSortChange={onSortChange}>
                  {column.label}
                </SortHeader>
              ) : (
                <Table.ColumnHeader key={column.key}>{column.label}</Table.ColumnHeader>
              ),
            )}
            {acts && <Table.ColumnHeader>{t('rows.actions')}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body display={{ base: 'block', md: 'table-row-group' }}>
          {rows.map((row) => (
            <Table.Row
              key={row.id}
              display={{ base: 'block', md: 'table-row' }}
              py={{ base: '3', md: '0' }}
              borderBottomWidth={{ base: '1px', md: '0' }}
            >
              {columns.map((column, index) => (
                <Table.Cell key={column.key} {...CELL} overflowWrap="anywhere">
                  {index > 0 && (
                    <Text as="span" hideFrom="md" color="fg.muted" me="1">
                      {column.label}:
                    </Text>
                  )}
                  {index === 0 ? (
                    <Text as="span" fontWeight="semibold">
                      {column.render(row)}
                    </Text>
                  ) : (
                    column.render(row)
                  )}
                </Table.Cell>
              ))}
              {acts && (
                <Table.Cell {...CELL}>
                  <RowActions
                    words={(word) => t(`rows.${word}`, { what: what(row) })}
                    onEdit={onEdit && (() => onEdit(row))}
                    onDelete={onDelete && (() => onDelete(row))}
                    pt={{ base: '2', md: '0' }}
                    wrap={{ base: 'wrap', md: 'nowrap' }}
                  />
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
