/**
 * Station mode's state (DESIGN section 9): which station this device is, who started it, and how
 * the PIN that leaves it is checked when the server cannot be asked. Kept in localStorage, so the device stays a
 * station across reloads and restarts, offline too.
 *
 * The PIN itself is never stored: a PBKDF2-SHA256 verifier of the PIN typed when the station started (salted,
 * 210,000 iterations) lets the device check it offline. Online, the server checks the staff member's current PIN (and
 * limits wrong ones); offline, the device limits wrong PINs itself: five free tries, then a wait that doubles from 15
 * seconds up to 15 minutes, kept with the state so a reload does not reset it.
 */
import { useSyncExternalStore } from 'react';
import type { PinVerifier } from './pin-verifier';

export type { PinVerifier };

export const STATION_STORAGE_KEY = 'school-ops.station';

export const STATION_KINDS = ['arrivals', 'meals', 'pick-up'] as const;
export type StationKind = (typeof STATION_KINDS)[number];

export interface StationState {
  kind: StationKind;
  /** The staff member who started it. */
  user_id: string;
  started_at: string;
  verifier: PinVerifier;
  /** Wrong PINs typed on this device in a row, and when the last was. */
  failures: number;
  last_failure_at: string | null;
}

const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 15_000;
const MAX_WAIT_MS = 15 * 60_000;

/** Milliseconds to wait before the next PIN may be tried on this device (0: now). */
export function waitMs(state: Pick<StationState, 'failures' | 'last_failure_at'>, now = Date.now()): number {
  if (state.failures < FREE_FAILURES || !state.last_failure_at) return 0;
  const wait = Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (state.failures - FREE_FAILURES));
  return Math.max(0, Date.parse(state.last_failure_at) + wait - now);
}

function isStationState(value: unknown): value is StationState {
  const v = value as Partial<StationState> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    STATION_KINDS.includes(v.kind as StationKind) &&
    typeof v.user_id === 'string' &&
    typeof v.verifier?.salt === 'string' &&
    typeof v.verifier?.hash === 'string' &&
    typeof v.verifier?.iterations === 'number'
  );
}

export interface StationStore {
  get(): StationState | null;
  subscribe(listener: () => void): () => void;
  start(state: Omit<StationState, 'failures' | 'last_failure_at' | 'started_at'>): void;
  /** Records a wrong PIN (or a right one: the count starts again). */
  recordAttempt(ok: boolean, now?: number): void;
  leave(): void;
}

/** A store over `storage` (the device's localStorage unless a test gives another). */
export function createStationStore(storage: Storage | null = globalThis.localStorage ?? null): StationStore {
  const listeners = new Set<() => void>();
  const read = (): StationState | null => {
    try {
      const value = JSON.parse(storage?.getItem(STATION_STORAGE_KEY) ?? 'null');
      if (!isStationState(value)) return null;
      return { ...value, failures: Number(value.failures) || 0, last_failure_at: value.last_failure_at ?? null };
    } catch {
      return null;
    }
  };
  let current = read();
  const write = (next: StationState | null) => {
    current = next;
    if (next) storage?.setItem(STATION_STORAGE_KEY, JSON.stringify(next));
    else storage?.removeItem(STATION_STORAGE_KEY);
    for (const listener of listeners) listener();
  };
  // Another tab starting or leaving station mode changes this one too.
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key !== STATION_STORAGE_KEY) return;
    current = read();
    for (const listener of listeners) listener();
  });
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(state) {
      write({ ...state, started_at: new Date().toISOString(), failures: 0, last_failure_at: null });
    },
    recordAttempt(ok, now = Date.now()) {
      if (!current) return;
      write(
        ok
          ? { ...current, failures: 0, last_failure_at: null }
          : { ...current, failures: current.failures + 1, last_failure_at: new Date(now).toISOString() },
      );
    },
    leave: () => write(null),
  };
}

export const stationStore = createStationStore();

/** The device's station, or null when it is not in station mode. */
export function useStation(store: StationStore = stationStore): StationState | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
