import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../contract';
import type { SessionState } from '../features/auth/session';
import { createOfflineWiring, type SessionSource, type WiredModule } from './offline-wiring';

// The app's wiring loads at once on a device that keeps a sign-in (its token).
vi.hoisted(() => localStorage.setItem('auth.token', 'token-1'));

const fakeOffline = vi.hoisted(() => ({
  setUserIdSource: vi.fn(),
  setUserNameSource: vi.fn(),
  requestPersistence: vi.fn(async () => true),
  syncEngine: { start: vi.fn(), resume: vi.fn(async () => undefined) },
}));
vi.mock('../offline', () => fakeOffline);

const user = (id: string) => ({ id, permissions: [] }) as Partial<SessionUser> as SessionUser;

function fakeSession(loggedIn: boolean | null) {
  let state: SessionState = { loggedIn, user: loggedIn ? user('u1') : null, permissions: [] };
  const listeners = new Set<() => void>();
  const store: SessionSource & { set(next: boolean | null, id?: string): void } = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next, id = 'u1') {
      state = { loggedIn: next, user: next ? user(id) : null, permissions: [] };
      for (const listener of listeners) listener();
    },
  };
  return store;
}

function fakeModule() {
  let userId: (() => string | null) | null = null;
  const module = {
    setUserIdSource: vi.fn((source: () => string | null) => {
      userId = source;
    }),
    requestPersistence: vi.fn(async () => true),
    syncEngine: { start: vi.fn(), resume: vi.fn(async () => undefined) },
  } satisfies WiredModule;
  return { module, userId: () => userId?.() };
}

async function wire(loggedIn: boolean | null) {
  const session = fakeSession(loggedIn);
  const { module, userId } = fakeModule();
  const load = vi.fn(async () => module);
  const wiring = createOfflineWiring({ load, session });
  const started = wiring.start();
  // Nobody signed in: the module loads with the next sign-in (the test signs in when it wants).
  if (loggedIn) await started;
  return { session, module, userId, load, wiring, started };
}

describe('createOfflineWiring', () => {
  it('loads nothing while nobody is signed in; at a sign-in loads, starts the engine and resumes', async () => {
    const { session, module, load, started, wiring } = await wire(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).not.toHaveBeenCalled();
    expect(wiring.getModule()).toBeNull();

    session.set(true);
    await started;
    expect(load).toHaveBeenCalledOnce();
    expect(module.syncEngine.start).toHaveBeenCalledOnce();
    expect(module.syncEngine.resume).toHaveBeenCalledOnce();
    expect(module.requestPersistence).toHaveBeenCalledOnce();
  });

  it('loads at once on a device that keeps a sign-in, before the start-up check answers', async () => {
    const session = fakeSession(null);
    const { module } = fakeModule();
    const load = vi.fn(async () => module);
    await createOfflineWiring({ load, session, remembered: () => true }).start();
    expect(load).toHaveBeenCalledOnce();
    expect(module.syncEngine.start).not.toHaveBeenCalled();
    session.set(true);
    expect(module.syncEngine.start).toHaveBeenCalledOnce();
    expect(module.syncEngine.resume).not.toHaveBeenCalled();
  });

  it('starts at once for a person already signed in, without a resume (nobody signed in anew)', async () => {
    const { module } = await wire(true);
    expect(module.syncEngine.start).toHaveBeenCalledOnce();
    expect(module.syncEngine.resume).not.toHaveBeenCalled();
  });

  it('waits for the start-up check, then starts without a resume when it confirms the cached sign-in', async () => {
    const { session, module, started } = await wire(null);
    expect(module.syncEngine.start).not.toHaveBeenCalled();
    session.set(true);
    await started;
    expect(module.syncEngine.start).toHaveBeenCalledOnce();
    expect(module.syncEngine.resume).not.toHaveBeenCalled();
  });

  it('resumes after each new sign-in, starting the engine only once', async () => {
    const { session, module } = await wire(true);
    session.set(false);
    session.set(true, 'u2');
    session.set(false);
    session.set(true, 'u3');
    expect(module.syncEngine.start).toHaveBeenCalledOnce();
    expect(module.syncEngine.resume).toHaveBeenCalledTimes(2);
  });

  it('records writes under whoever is signed in now', async () => {
    const { session, userId } = await wire(true);
    expect(userId()).toBe('u1');
    session.set(false);
    expect(userId()).toBeNull();
    session.set(true, 'u2');
    expect(userId()).toBe('u2');
  });

  it('loads the module once, and again after a failed load', async () => {
    const session = fakeSession(true);
    const { module } = fakeModule();
    const load = vi.fn<() => Promise<typeof module>>().mockRejectedValueOnce(new Error('chunk missing'));
    load.mockResolvedValue(module);
    const wiring = createOfflineWiring({ load, session });
    await expect(wiring.start()).rejects.toThrow('chunk missing');
    expect(wiring.getModule()).toBeNull();
    await wiring.start();
    await wiring.start();
    expect(load).toHaveBeenCalledTimes(2);
    expect(wiring.getModule()).toBe(module);
    expect(module.syncEngine.start).toHaveBeenCalledOnce();
  });
});

describe('startOffline and useOfflineModule', () => {
  it('give nothing before the offline layer is loaded, then the module', async () => {
    const { startOffline, useOfflineModule } = await import('./offline-wiring');
    const { result } = renderHook(() => useOfflineModule());
    expect(result.current).toBeNull();
    await act(() => startOffline());
    await waitFor(() => expect(result.current?.syncEngine).toBe(fakeOffline.syncEngine));
    expect(fakeOffline.setUserIdSource).toHaveBeenCalledOnce();
    // Each write keeps the recorder's name for the device panel, which never shows an id.
    expect(fakeOffline.setUserNameSource).toHaveBeenCalledOnce();
  });
});
