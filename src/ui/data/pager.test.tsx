import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { Pager, pageCount } from './pager';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('pageCount', () => {
  it('is at least one page and rounds up', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(312, 25)).toBe(13);
  });
});

describe('<Pager />', () => {
  it('says where we are from meta.total and moves a page at a time', async () => {
    const onPageChange = vi.fn();
    await renderWithProviders(<Pager page={2} perPage={25} total={60} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByText('26–50 of 60')).toBeTruthy();
    fireEvent.click(button('Next'));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    fireEvent.click(button('Previous'));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('disables previous on the first page and next on the last', async () => {
    await renderWithProviders(<Pager page={1} perPage={25} total={10} onPageChange={vi.fn()} />);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
  });

  it('says 0–0 of 0 for an empty list', async () => {
    await renderWithProviders(<Pager page={1} perPage={25} total={0} onPageChange={vi.fn()} />);
    expect(screen.getByText('0–0 of 0')).toBeTruthy();
  });

  it('leads back from a page beyond the last', async () => {
    const onPageChange = vi.fn();
    await renderWithProviders(<Pager page={7} perPage={25} total={30} onPageChange={onPageChange} />);
    fireEvent.click(button('Previous'));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('offers the per-page choice', async () => {
    const onPerPageChange = vi.fn();
    await renderWithProviders(
      <Pager page={1} perPage={25} total={100} onPageChange={vi.fn()} onPerPageChange={onPerPageChange} />,
    );
    const select = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect(select.value).toBe('25');
    fireEvent.change(select, { target: { value: '50' } });
    expect(onPerPageChange).toHaveBeenCalledWith(50);
  });
});
