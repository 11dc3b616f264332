import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../contract';
import { createParentSessionStore, PARENT_SESSION_KEY } from './parent-session';

const parent = { id: 'p1', fname: 'Rosa', lname: 'Diaz', nickname: null, type: 'parent' } as unknown as SessionUser;

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  } as Storage;
}

describe("a parent's sign-in inside a scholar's session", () => {
  it('is kept in the storage given (a reload keeps it) and tells its listeners', () => {
    const storage = memoryStorage();
    const store = createParentSessionStore(storage, async () => undefined);
    const seen = vi.fn();
    store.subscribe(seen);
    store.start({ token: 'parent-token', user: parent, scholarId: 's1' });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(PARENT_SESSION_KEY) ?? '{}').scholarId).toBe('s1');
    const reloaded = createParentSessionStore(storage, async () => undefined);
    expect(reloaded.get()?.token).toBe('parent-token');
  });

  it("ends with logout-parent on the parent's own token, and is forgotten even when the call fails", async () => {
    const storage = memoryStorage();
    const logout = vi.fn().mockRejectedValue(new Error('offline'));
    const store = createParentSessionStore(storage, logout);
    store.start({ token: 'parent-token', user: parent, scholarId: 's1' });
    await store.end();
    expect(logout).toHaveBeenCalledWith('parent-token');
    expect(store.get()).toBeNull();
    expect(storage.getItem(PARENT_SESSION_KEY)).toBeNull();
    await store.end();
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it("is forgotten without a call when the scholar's session ends", () => {
    const logout = vi.fn();
    const store = createParentSessionStore(memoryStorage(), logout);
    store.start({ token: 't', user: parent, scholarId: 's1' });
    store.forget();
    expect(store.get()).toBeNull();
    expect(logout).not.toHaveBeenCalled();
  });
});
