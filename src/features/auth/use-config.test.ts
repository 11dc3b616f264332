import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { TOKEN_KEY } from '../../api/token';
import type { ConfigResponse } from '../../contract';
import {
  CONFIG_MAX_AGE_MS,
  CONFIG_STORAGE_KEY,
  createConfigStore,
  fetchConfigDirect,
  useConfig,
  useSchoolName,
} from './use-config';

const CONFIG: ConfigResponse = {
  google_client_id: 'client-1.apps.googleusercontent.com',
  school_name: 'Demo School',
  time_zone: 'America/Los_Angeles',
  version: '1.0.0',
};

afterEach(() => localStorage.clear());

describe('useConfig', () => {
  it("keeps the last answer on the device: a later start (offline) knows the school's name at once", async () => {
    const online = createConfigStore(async () => CONFIG);
    await online.load();
    expect(JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY) ?? 'null')).toEqual(CONFIG);

    const offline = createConfigStore(async () => {
      throw new ApiError('offline', 0);
    });
    expect(offline.isFresh()).toBe(false);
    const { result } = renderHook(() => useSchoolName(offline));
    expect(result.current).toBe('Demo School');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(result.current).toBe('Demo School');
  });

  it('ignores a kept copy it cannot read', () => {
    localStorage.setItem(CONFIG_STORAGE_KEY, '{not json');
    expect(createConfigStore(async () => CONFIG).current()).toBeNull();
    localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify({ school_name: 3 }));
    expect(createConfigStore(async () => CONFIG).current()).toBeNull();
  });

  it('is pending, then has the config; a later screen gets it from memory without a request', async () => {
    const fetcher = vi.fn(async () => CONFIG);
    const store = createConfigStore(fetcher);
    const first = renderHook(() => useConfig(store));
    expect(first.result.current).toEqual({ status: 'pending' });
    await waitFor(() => expect(first.result.current).toEqual({ status: 'success', data: CONFIG }));
    first.unmount();

    const second = renderHook(() => useConfig(store));
    expect(second.result.current).toEqual({ status: 'success', data: CONFIG });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('says so when the config cannot be fetched', async () => {
    const store = createConfigStore(async () => {
      throw new ApiError('offline', 0);
    });
    const { result } = renderHook(() => useConfig(store));
    await waitFor(() => expect(result.current).toEqual({ status: 'error' }));
  });

  it('sends one request for screens that ask at the same time', async () => {
    const fetcher = vi.fn(async () => CONFIG);
    const store = createConfigStore(fetcher);
    const a = renderHook(() => useConfig(store));
    const b = renderHook(() => useConfig(store));
    await waitFor(() => expect(a.result.current.status).toBe('success'));
    await waitFor(() => expect(b.result.current.status).toBe('success'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('asks again after an hour, and keeps the config it has when that fails', async () => {
    let now = 0;
    const fetcher = vi
      .fn<() => Promise<ConfigResponse>>()
      .mockResolvedValueOnce(CONFIG)
      .mockRejectedValueOnce(new ApiError('Server Error', 503));
    const store = createConfigStore(fetcher, CONFIG_MAX_AGE_MS, () => now);
    const first = renderHook(() => useConfig(store));
    await waitFor(() => expect(first.result.current.status).toBe('success'));
    first.unmount();

    now = CONFIG_MAX_AGE_MS + 1;
    const second = renderHook(() => useConfig(store));
    expect(second.result.current).toEqual({ status: 'success', data: CONFIG });
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    // Give the failed refetch time to settle; the screen still has the config.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(second.result.current).toEqual({ status: 'success', data: CONFIG });
  });
});

describe('fetchConfigDirect', () => {
  const answer = (status: number, body: unknown = CONFIG) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('reads v2/config with the browser fetch, no HTTP client needed', async () => {
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer(200));
    await expect(fetchConfigDirect(fetchImpl)).resolves.toEqual(CONFIG);
    expect(fetchImpl).toHaveBeenCalledOnce();
    expect(String(fetchImpl.mock.calls[0]?.[0])).toBe('/api/v2/config');
    expect(new Headers(fetchImpl.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('carries the stored token, as every other call does', async () => {
    localStorage.setItem(TOKEN_KEY, 'token-7');
    try {
      const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer(200));
      await fetchConfigDirect(fetchImpl);
      expect(new Headers(fetchImpl.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer token-7');
    } finally {
      localStorage.removeItem(TOKEN_KEY);
    }
  });

  it('retries a network error and a 5xx twice; a 4xx is an answer, not retried', async () => {
    vi.useFakeTimers();
    try {
      const flaky = vi
        .fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(answer(503, { message: 'Down.' }))
        .mockResolvedValueOnce(answer(200));
      const read = fetchConfigDirect(flaky);
      await vi.runAllTimersAsync();
      await expect(read).resolves.toEqual(CONFIG);
      expect(flaky).toHaveBeenCalledTimes(3);

      const down = vi.fn(async () => answer(503, { message: 'Down.' }));
      const failing = expect(fetchConfigDirect(down)).rejects.toThrow('v2/config answered 503');
      await vi.runAllTimersAsync();
      await failing;
      expect(down).toHaveBeenCalledTimes(3);

      const missing = vi.fn(async () => answer(404, { message: 'Not found.' }));
      await expect(fetchConfigDirect(missing)).rejects.toThrow('v2/config answered 404');
      expect(missing).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
