import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { fetchSyncPhotos, pullSync, pushSync, UNREADABLE_ANSWER } from './sync';

const calls: Request[] = [];
/** Answers every request with this response; Request resolves '/api/' against the page (Node's cannot). */
function answer(status: number, body: unknown, type = 'application/json') {
  const Base = globalThis.Request;
  class RelativeRequest extends Base {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal('Request', RelativeRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      calls.push(input.clone());
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': type },
      });
    }),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

const item = {
  id: '0190f3a4-0000-7000-8000-000000000001',
  resource: 'check_ins',
  action: 'create' as const,
  data: {},
  recorded_at: '2026-03-02T15:00:00.000Z',
  recorded_by: null,
};

describe('sync calls', () => {
  it('push posts the batch and reads one result per item', async () => {
    answer(200, { results: [{ id: item.id, status: 'applied', record: { id: item.id } }] });
    const res = await pushSync({ device_id: 'd', items: [item] });
    expect(res.results[0]?.status).toBe('applied');
    expect(calls[0]?.method).toBe('POST');
    expect(new URL(calls[0]?.url ?? '').pathname).toBe('/api/v2/sync/push');
    expect(await calls[0]?.json()).toEqual({ device_id: 'd', items: [item] });
  });

  it('never retries by itself: a 503 is one request and an ApiError for the engine', async () => {
    answer(503, { message: 'down' });
    const error = await pushSync({ device_id: 'd', items: [item] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(calls).toHaveLength(1);
    answer(503, { message: 'down' });
    await expect(pullSync({ since: 3 })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(2);
  });

  it('pull sends the cursor and limit', async () => {
    answer(200, { changes: [], cursor: 9, more: false, reset: false, server_time: '2026-03-02T15:00:00Z' });
    expect((await pullSync({ since: 3, limit: 50 })).cursor).toBe(9);
    const url = new URL(calls[0]?.url ?? '');
    expect(url.pathname).toBe('/api/v2/sync/pull');
    expect(url.searchParams.get('since')).toBe('3');
    expect(url.searchParams.get('limit')).toBe('50');
  });

  it("pull sends a snapshot page's token back as `snapshot`, without a cursor, and reads the page's progress", async () => {
    answer(200, {
      changes: [],
      cursor: 9,
      more: true,
      reset: false,
      server_time: '2026-03-02T15:00:00Z',
      snapshot_next: 'eyJjIjo5fQ',
      snapshot_total: 9185,
    });
    const page = await pullSync({ snapshot: 'eyJjIjo4fQ', limit: 2000 });
    expect(page).toMatchObject({ snapshot_next: 'eyJjIjo5fQ', snapshot_total: 9185 });
    const url = new URL(calls[0]?.url ?? '');
    expect(url.searchParams.get('snapshot')).toBe('eyJjIjo4fQ');
    expect(url.searchParams.has('since')).toBe(false);
    expect(url.searchParams.get('limit')).toBe('2000');
  });

  it('an answer that is not the contract (a captive portal page) is retried like a lost connection', async () => {
    answer(200, '<html>Sign in to the Wi-Fi</html>', 'text/html');
    const error = await fetchSyncPhotos(['0190f3a4-0000-7000-8000-000000000002']).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: UNREADABLE_ANSWER });
    answer(200, { photos: [{ id: 'p' }] });
    await expect(fetchSyncPhotos(['0190f3a4-0000-7000-8000-000000000002'])).rejects.toMatchObject({ status: 0 });
  });
});
