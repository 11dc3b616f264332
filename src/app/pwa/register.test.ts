/**
 * The update flow is what keeps kiosks from running stale code and from reloading under someone's finger, so it is
 * tested through a fake Workbox that fires the lifecycle events a real one would.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPwaController,
  type PwaController,
  type PwaLifecycleEvent,
  type PwaRegistration,
  requestPersistentStorage,
  type WorkboxLike,
} from './register';

type LifecycleType = 'waiting' | 'activated' | 'controlling';

class FakeWorkbox implements WorkboxLike {
  readonly registration = {
    active: null as object | null,
    update: vi.fn<() => Promise<unknown>>(() => Promise.resolve()),
  } satisfies PwaRegistration;
  readonly messageSkipWaiting = vi.fn<() => void>();
  readonly register = vi.fn<() => Promise<PwaRegistration | undefined>>(() => Promise.resolve(this.registration));
  private readonly listeners = new Map<LifecycleType, Array<(event: PwaLifecycleEvent) => void>>();

  addEventListener(type: LifecycleType, listener: (event: PwaLifecycleEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: LifecycleType, event: PwaLifecycleEvent = {}): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function setVisibility(value: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('createPwaController', () => {
  let wb: FakeWorkbox;
  let reload: ReturnType<typeof vi.fn<() => void>>;
  let pwa: PwaController;

  beforeEach(() => {
    vi.useFakeTimers();
    wb = new FakeWorkbox();
    reload = vi.fn<() => void>();
    pwa = createPwaController({ reload, updateIntervalMs: 1000 });
  });

  afterEach(() => {
    pwa.dispose();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts with nothing registered, nothing ready and no update', () => {
    expect(pwa.getState()).toEqual({ updateAvailable: false, offlineReady: false, registered: false });
  });

  it('notifies subscribers on change, keeps the snapshot stable otherwise, and stops after unsubscribe', async () => {
    const listener = vi.fn();
    const unsubscribe = pwa.subscribe(listener);
    const before = pwa.getState();

    await pwa.register(wb);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(pwa.getState()).not.toBe(before);
    expect(pwa.getState().registered).toBe(true);

    const snapshot = pwa.getState();
    wb.emit('activated');
    wb.emit('activated');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(pwa.getState().offlineReady).toBe(true);
    expect(pwa.getState()).not.toBe(snapshot);

    unsubscribe();
    wb.emit('waiting');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('is offline-ready at once when a worker was already active', async () => {
    wb.registration.active = {};
    await pwa.register(wb);
    expect(pwa.getState()).toEqual({ updateAvailable: false, offlineReady: true, registered: true });
  });

  it('registers only once when called twice', async () => {
    await Promise.all([pwa.register(wb), pwa.register(wb)]);
    expect(wb.register).toHaveBeenCalledTimes(1);
  });

  it('stays unregistered when registration fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    wb.register.mockRejectedValueOnce(new Error('script failed'));
    await pwa.register(wb);
    expect(pwa.getState().registered).toBe(false);
  });

  it('offers the update when a new worker is waiting', async () => {
    await pwa.register(wb);
    const listener = vi.fn();
    pwa.subscribe(listener);

    wb.emit('waiting', { isUpdate: true });

    expect(pwa.getState().updateAvailable).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('applyUpdate sends SKIP_WAITING and reloads once the new worker controls the page', async () => {
    await pwa.register(wb);
    wb.emit('waiting', { isUpdate: true });

    pwa.applyUpdate();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();

    wb.emit('controlling', { isUpdate: true });
    wb.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('applyUpdate does nothing when no update is waiting', async () => {
    await pwa.register(wb);
    pwa.applyUpdate();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('does not treat the first install taking control as an update', async () => {
    await pwa.register(wb);
    wb.emit('activated');
    wb.emit('controlling', { isUpdate: false, isExternal: false });
    expect(pwa.getState()).toEqual({ updateAvailable: false, offlineReady: true, registered: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('when another tab accepted the update, offers a reload without messaging the worker', async () => {
    await pwa.register(wb);
    wb.emit('controlling', { isExternal: true });
    expect(pwa.getState().updateAvailable).toBe(true);
    expect(reload).not.toHaveBeenCalled();

    pwa.applyUpdate();
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('looks for a new version periodically and when the page becomes visible, until one is waiting', async () => {
    await pwa.register(wb);
    expect(wb.registration.update).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1000);
    expect(wb.registration.update).toHaveBeenCalledTimes(1);

    setVisibility('hidden');
    expect(wb.registration.update).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    expect(wb.registration.update).toHaveBeenCalledTimes(2);

    wb.emit('waiting', { isExternal: true });
    vi.advanceTimersByTime(5000);
    setVisibility('visible');
    expect(wb.registration.update).toHaveBeenCalledTimes(2);
  });

  it('survives a failed update check (offline)', async () => {
    wb.registration.update.mockRejectedValue(new TypeError('Failed to fetch'));
    await pwa.register(wb);
    vi.advanceTimersByTime(1000);
    await vi.runOnlyPendingTimersAsync();
    expect(pwa.getState().registered).toBe(true);
  });

  it('stops checking after dispose', async () => {
    await pwa.register(wb);
    pwa.dispose();
    vi.advanceTimersByTime(5000);
    setVisibility('visible');
    expect(wb.registration.update).not.toHaveBeenCalled();
  });
});

describe('requestPersistentStorage', () => {
  it('answers true without asking when storage is already persistent', async () => {
    const persist = vi.fn(() => Promise.resolve(false));
    await expect(requestPersistentStorage({ persisted: () => Promise.resolve(true), persist })).resolves.toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('asks and reports what the browser granted', async () => {
    const persisted = () => Promise.resolve(false);
    await expect(requestPersistentStorage({ persisted, persist: () => Promise.resolve(true) })).resolves.toBe(true);
    await expect(requestPersistentStorage({ persisted, persist: () => Promise.resolve(false) })).resolves.toBe(false);
  });

  it('answers false without the Storage API or when it throws', async () => {
    await expect(requestPersistentStorage(undefined)).resolves.toBe(false);
    const failing = { persisted: () => Promise.reject(new Error('denied')), persist: () => Promise.resolve(true) };
    await expect(requestPersistentStorage(failing)).resolves.toBe(false);
  });
});
