import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { SearchInput } from './search-input';

function Harness({ onSearch, initial = '' }: { onSearch: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SearchInput
        value={value}
        label="Search users"
        delay={200}
        onSearch={(next) => {
          setValue(next);
          onSearch(next);
        }}
      />
      <button type="button" onClick={() => setValue('from outside')}>
        reset
      </button>
    </>
  );
}

const box = () => screen.getByRole('searchbox', { name: 'Search users' }) as HTMLInputElement;

describe('<SearchInput />', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports once after typing pauses, not per key', async () => {
    const onSearch = vi.fn();
    await renderWithProviders(<Harness onSearch={onSearch} />);
    fireEvent.change(box(), { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(box(), { target: { value: 'an' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(box(), { target: { value: 'ana' } });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ana');
  });

  it('reports at once on Enter and does not report it again after the pause', async () => {
    const onSearch = vi.fn();
    await renderWithProviders(<Harness onSearch={onSearch} />);
    fireEvent.change(box(), { target: { value: 'lopez' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledWith('lopez');
    act(() => vi.advanceTimersByTime(500));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('clears with its labelled button and reports the empty search at once', async () => {
    const onSearch = vi.fn();
    await renderWithProviders(<Harness onSearch={onSearch} initial="ana" />);
    expect(box().value).toBe('ana');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenCalledWith('');
    expect(box().value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('keeps a trailing space while typing and takes a new value from outside', async () => {
    const onSearch = vi.fn();
    await renderWithProviders(<Harness onSearch={onSearch} />);
    fireEvent.change(box(), { target: { value: 'ana' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box(), { target: { value: 'ana ' } });
    act(() => vi.advanceTimersByTime(200));
    expect(box().value).toBe('ana ');
    expect(onSearch).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(box().value).toBe('from outside');
  });
});
