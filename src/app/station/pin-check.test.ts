import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { checkPin } from './pin-check';
import { makeVerifier, matchesVerifier } from './pin-verifier';
import { createStationStore, STATION_STORAGE_KEY, waitMs } from './station-store';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

async function startedStore(pin = '2468') {
  const storage = memoryStorage();
  const store = createStationStore(storage);
  store.start({ kind: 'arrivals', user_id: 'u1', verifier: await makeVerifier(pin, 1000) });
  return { store, storage };
}

const offline = async () => {
  throw new ApiError('offline', 0);
};

describe('station mode state', () => {
  it('keeps the station across a restart (a new store over the same storage) and never the PIN', async () => {
    const { storage } = await startedStore('2468');
    const raw = storage.getItem(STATION_STORAGE_KEY) ?? '';
    expect(raw).not.toContain('2468');
    const again = createStationStore(storage);
    expect(again.get()?.kind).toBe('arrivals');
    again.leave();
    expect(createStationStore(storage).get()).toBeNull();
  });

  it('ignores a kept state it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(STATION_STORAGE_KEY, '{"kind":"disco"}');
    expect(createStationStore(storage).get()).toBeNull();
  });

  it('verifies a PIN against its verifier', async () => {
    const verifier = await makeVerifier('482913', 1000);
    expect(await matchesVerifier('482913', verifier)).toBe(true);
    expect(await matchesVerifier('482914', verifier)).toBe(false);
  });
});

describe('checking the PIN that leaves station mode', () => {
  it('asks the server first: its right or wrong decides', async () => {
    const { store } = await startedStore('2468');
    const wrongOnServer = vi.fn(async () => {
      throw new ApiError('That PIN is not right.', 422, { pin: ['That PIN is not right.'] });
    });
    // The device's verifier would say right, but the staff member has changed the PIN since: the server decides.
    expect(await checkPin('2468', { store, checkOnServer: wrongOnServer })).toEqual({ ok: false, reason: 'wrong' });
    expect(await checkPin('9999', { store, checkOnServer: async () => ({}) })).toEqual({ ok: true });
  });

  it('checks on the device when the server cannot be reached', async () => {
    const { store } = await startedStore('2468');
    expect(await checkPin('1111', { store, checkOnServer: offline })).toEqual({ ok: false, reason: 'wrong' });
    expect(await checkPin('2468', { store, checkOnServer: offline })).toEqual({ ok: true });
    expect(store.get()?.failures).toBe(0);
  });

  it('makes the device wait after five wrong PINs, longer each time, across a reload', async () => {
    const { store, storage } = await startedStore('2468');
    let now = Date.parse('2026-11-25T08:00:00Z');
    const deps = { store, checkOnServer: offline, now: () => now };
    for (let i = 0; i < 5; i++) expect((await checkPin('0000', deps)).ok).toBe(false);
    const held = await checkPin('2468', deps);
    expect(held).toEqual({ ok: false, reason: 'wait', waitSeconds: 15 });
    const reloaded = createStationStore(storage);
    expect(waitMs(reloaded.get() as NonNullable<ReturnType<typeof reloaded.get>>, now)).toBe(15_000);
    now += 15_000;
    expect((await checkPin('0000', deps)).ok).toBe(false);
    expect(await checkPin('2468', deps)).toEqual({ ok: false, reason: 'wait', waitSeconds: 30 });
    now += 30_000;
    expect(await checkPin('2468', deps)).toEqual({ ok: true });
  });

  it('passes on the server asking to wait', async () => {
    const { store } = await startedStore('2468');
    const tooMany = async () => {
      throw new ApiError('Too many', 429);
    };
    expect(await checkPin('2468', { store, checkOnServer: tooMany })).toEqual({ ok: false, reason: 'wait' });
  });
});
