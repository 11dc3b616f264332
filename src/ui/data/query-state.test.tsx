import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../api/client';
import { renderWithProviders } from '../../test/render-with-providers';
import { isOfflineQuery, type QueryLike, QueryState } from './query-state';

const base: QueryLike = { data: undefined, isError: false, error: null, fetchStatus: 'fetching', refetch: vi.fn() };

function show(query: Partial<QueryLike>, isEmpty = false) {
  return renderWithProviders(
    <QueryState
      query={{ ...base, ...query }}
      isEmpty={isEmpty}
      emptyText="No users yet."
      offlineText="Needs a connection."
    >
      <p>the list</p>
    </QueryState>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isOfflineQuery', () => {
  it('tells a lost connection from a server error', () => {
    expect(isOfflineQuery({ isError: true, error: new ApiError(NETWORK_ERROR, 0), fetchStatus: 'idle' })).toBe(true);
    const serverError = new ApiError('Server Error', 500);
    expect(isOfflineQuery({ isError: true, error: serverError, fetchStatus: 'idle' })).toBe(false);
    expect(isOfflineQuery({ isError: false, error: null, fetchStatus: 'paused' })).toBe(true);
    expect(isOfflineQuery({ isError: false, error: null, fetchStatus: 'fetching' })).toBe(false);
  });
});

describe('<QueryState />', () => {
  it('shows a loading skeleton while the first answer is on its way', async () => {
    await show({});
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('the list')).toBeNull();
  });

  it('shows the offline message with Retry when the server cannot be reached', async () => {
    const refetch = vi.fn();
    await show({ isError: true, error: new ApiError(NETWORK_ERROR, 0), fetchStatus: 'idle', refetch });
    expect(screen.getByText('Needs a connection.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('counts any failure as offline when the browser says it is offline', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await show({ isError: true, error: new Error('fetch failed'), fetchStatus: 'idle' });
    expect(screen.getByText('Needs a connection.')).toBeTruthy();
  });

  it('shows the error message with Retry', async () => {
    const refetch = vi.fn();
    await show({ isError: true, error: new ApiError('You do not have permission to do that.', 403), refetch });
    expect(screen.getByText('You do not have permission to do that.')).toBeTruthy();
    expect(screen.queryByText('Needs a connection.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the given empty text, not the children, when there is nothing', async () => {
    await show({ data: [], fetchStatus: 'idle' }, true);
    expect(screen.getByText('No users yet.')).toBeTruthy();
    expect(screen.queryByText('the list')).toBeNull();
  });

  it('shows its children when there is data, and a failed refetch above them', async () => {
    await show({ data: [1], isError: true, error: new ApiError('Server Error.', 500), fetchStatus: 'idle' });
    expect(screen.getByText('the list')).toBeTruthy();
    expect(screen.getByText('Server Error.')).toBeTruthy();
  });
});
