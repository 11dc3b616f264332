import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { requestPersistence, storageEstimate } from './storage';

describe('requestPersistence', () => {
  it('asks once when granted and remembers the answer', async () => {
    const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) };
    expect(await requestPersistence(storage)).toBe(true);
    expect(await requestPersistence(storage)).toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the origin is already persistent', async () => {
    const storage = { persisted: vi.fn(async () => true), persist: vi.fn(async () => true) };
    expect(await requestPersistence(storage)).toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('answers false where the browser has no persist() or it throws', async () => {
    expect(await requestPersistence(undefined)).toBe(false);
    expect(await requestPersistence({})).toBe(false);
    expect(await requestPersistence({ persist: async () => Promise.reject(new Error('denied')) })).toBe(false);
  });
});

describe('storageEstimate', () => {
  it('reports usage, quota and persistence', async () => {
    const storage = { estimate: async () => ({ usage: 1200, quota: 10_000 }), persisted: async () => true };
    expect(await storageEstimate(storage)).toEqual({ usage: 1200, quota: 10_000, persisted: true });
  });

  it('falls back to what requestPersistence learned, and to unknowns', async () => {
    const storage = { persist: async () => true };
    await requestPersistence(storage);
    expect(await storageEstimate(storage)).toEqual({ usage: null, quota: null, persisted: true });
    expect(await storageEstimate(undefined)).toEqual({ usage: null, quota: null, persisted: false });
  });
});
