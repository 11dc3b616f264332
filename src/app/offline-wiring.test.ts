import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../contract';
import type { SessionState } from '../features/auth/session';
import { createOfflineWiring, type SessionSource, type WiredModule } from './offline-wiring';

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
  await wiring.start();
  return { session, module, userId, load, wiring };
}

describe('createOfflineWiring', () => {
  it('does not start the engine while nobody is signed in, and starts it (and resumes) at a sign-in', async () => {
    const { session, module } = await wire(false);
    expect(module.syncEngine.start).not.toHaveBeenCalled();
    expect(module.requestPersistence).not.toHaveBeenCalled();

    session.set(true);
    expect(module.syncEngine.start).toHaveBeenCalledOnce();
    expect(module.syncEngine.resume).toHaveBeenCalledOnce();
    expect(module.requestPersistence).toHaveBeenCalledOnce();
  });

  it('starts at once for a person already signed in, without a resume (nobody signed in anew)', async () => {
    const { module } = await wire(true);
    expect(module.syncEngine.start).toHaveBeenCalledOnce();
    expect(module.syncEngine.resume).not.toHaveBeenCalled();
  });

  it('waits for the start-up check, then starts without a resume when it confirms the cached sign-in', async () => {
    const { session, module } = await wire(null);
    expect(module.syncEngine.start).not.toHaveBeenCalled();
    session.set(true);
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
