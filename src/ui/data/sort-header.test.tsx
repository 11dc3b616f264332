import { Table } from '@chakra-ui/react';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { nextSort, SortHeader, sortDirection } from './sort-header';

async function renderHeader(sort: string | undefined, onSortChange = vi.fn()) {
  await renderWithProviders(
    <Table.Root>
      <Table.Header>
        <Table.Row>
          <SortHeader field="email" sort={sort} onSortChange={onSortChange}>
            Email
          </SortHeader>
        </Table.Row>
      </Table.Header>
    </Table.Root>,
  );
  return onSortChange;
}

describe('sortDirection / nextSort', () => {
  it('reads and flips the API sort format', () => {
    expect(sortDirection('email', 'email')).toBe('ascending');
    expect(sortDirection('email', '-email')).toBe('descending');
    expect(sortDirection('email', 'lname')).toBe('none');
    expect(sortDirection('email', undefined)).toBe('none');
    expect(nextSort('email', 'lname')).toBe('email');
    expect(nextSort('email', 'email')).toBe('-email');
    expect(nextSort('email', '-email')).toBe('email');
  });
});

describe('<SortHeader />', () => {
  it('marks the column header with aria-sort', async () => {
    await renderHeader('-email');
    expect(screen.getByRole('columnheader').getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts ascending first, then descending', async () => {
    const onSortChange = await renderHeader('lname');
    expect(screen.getByRole('columnheader').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: /Email/ }));
    expect(onSortChange).toHaveBeenCalledWith('email');
  });

  it('flips an ascending column to descending', async () => {
    const onSortChange = await renderHeader('email');
    fireEvent.click(screen.getByRole('button', { name: /Email/ }));
    expect(onSortChange).toHaveBeenCalledWith('-email');
  });
});
