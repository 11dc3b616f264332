/**
 * How every Scholar Portal screen reads: the server's answer when it can be reached, kept on the
 * device; the device's last answer, with when it was fetched ("as of"), when the phone is offline or the server
 * cannot be reached. An answer the server refuses (401, 403, 404, 422) is never replaced by an older one.
 *
 * The device's copy (IndexedDB, in the offline layer) loads on demand: online, the answer shows without waiting for
 * it and is kept in the background, so a phone's first visit does not download the database code first (DESIGN
 * section 8). A call started early (`prefetchPortal`, while the portal's code still loads) is taken over by the first
 * query that asks for it.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, call, NETWORK_ERROR } from '../../../api/client';

export interface PortalAnswer<T> {
  data: T;
  /** Epoch ms when the server gave this answer. */
  fetchedAt: number;
  /** True when the answer is the device's copy (offline or the server unreachable). */
  fromDevice: boolean;
}

const cache = () => import('../../../offline').then((m) => m.portalCache);

/** Writes waiting for their moment, each run once. */
const pendingWrites = new Set<() => Promise<unknown>>();

/** The first seconds of a page's life, when its first screen is still loading on a slow phone. */
const FIRST_SCREEN_MS = 4000;

/** When the main thread is idle, and not before the page's first screen has had its first seconds. */
function whenIdle(task: () => Promise<unknown>): void {
  pendingWrites.add(task);
  const run = () => {
    if (pendingWrites.delete(task)) void task();
  };
  const since = typeof performance === 'undefined' ? FIRST_SCREEN_MS : performance.now();
  setTimeout(
    () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : run()),
    Math.max(0, FIRST_SCREEN_MS - since),
  );
}

/** Keeps every answer still waiting to be kept on the device now (the connection lost, the page hidden; tests). */
export async function flushPortalWrites(): Promise<void> {
  const tasks = [...pendingWrites];
  pendingWrites.clear();
  await Promise.all(tasks.map((task) => task()));
}

if (typeof window !== 'undefined') {
  // The phone losing its connection, or the person leaving the page, keeps what is on screen at once.
  window.addEventListener('offline', () => void flushPortalWrites());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushPortalWrites();
  });
}

/** The calls public/portal-start.js started before the app's code ran, by path, for the person remembered then. */
interface PortalStart {
  userId: string;
  started: Map<string, Promise<unknown>>;
}

/** The page's own early call of this path for this person (public/portal-start.js), taken once; null if none. */
export function takeStarted<T>(userId: string, path: string): Promise<T> | null {
  const start = typeof window === 'undefined' ? undefined : (window as { __portalStart?: PortalStart }).__portalStart;
  const pending = start?.userId === userId ? start.started.get(path) : undefined;
  if (!start || !pending) return null;
  start.started.delete(path);
  return pending as Promise<T>;
}

/** Reads a portal call (`path` under /api/, e.g. `v2/scholar/scholars`) for the signed-in person `userId`. */
export async function readPortal<T>(userId: string, path: string): Promise<PortalAnswer<T>> {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (!offline) {
    try {
      const ask = () => call(() => api.get(path).json<T>());
      // A call the page started early answers; if it failed, the app asks again itself (its 401 and error handling).
      const data = await (takeStarted<T>(userId, path)?.catch(ask) ?? ask());
      const fetchedAt = Date.now();
      // Kept in the background, once the page is idle (the database code is not on a first visit's critical path);
      // a full or blocked IndexedDB must not cost the person the answer on screen.
      whenIdle(() =>
        cache()
          .then((c) => c.write(userId, path, data, fetchedAt))
          .catch(() => undefined),
      );
      return { data, fetchedAt, fromDevice: false };
    } catch (err) {
      if (!(err instanceof ApiError) || !err.isOffline) throw err;
    }
  }
  const kept = await cache()
    .then((c) => c.read<T>(userId, path))
    .catch(() => null);
  if (kept) return { ...kept, fromDevice: true };
  throw new ApiError(NETWORK_ERROR, 0);
}

/** Calls started ahead of their screen, by person and path; each is taken once, or dropped after a while. */
const early = new Map<string, Promise<PortalAnswer<unknown>>>();
/** The early calls that have answered (from the server, not the device's copy), by the same key: read synchronously. */
const answered = new Map<string, PortalAnswer<unknown>>();
const EARLY_KEEP_MS = 10_000;

/** Starts a portal call before the screen that shows it has loaded; the screen's query takes its answer. */
export function prefetchPortal<T>(userId: string, path: string): Promise<PortalAnswer<T>> {
  const key = `${userId} ${path}`;
  let pending = early.get(key);
  if (!pending) {
    const started = readPortal<unknown>(userId, path);
    pending = started;
    early.set(key, started);
    started.then(
      (answer) => {
        if (early.get(key) === started && !answer.fromDevice) answered.set(key, answer);
      },
      () => undefined,
    );
    setTimeout(() => {
      if (early.get(key) === started) early.delete(key);
      answered.delete(key);
    }, EARLY_KEEP_MS);
  }
  return pending as Promise<PortalAnswer<T>>;
}

/** The call started early for this person and path, taken (a later read asks the server again), or a new read. */
export function takeOrRead<T>(userId: string, path: string): Promise<PortalAnswer<T>> {
  const key = `${userId} ${path}`;
  const pending = early.get(key);
  if (!pending) return readPortal<T>(userId, path);
  early.delete(key);
  answered.delete(key);
  return pending as Promise<PortalAnswer<T>>;
}

/**
 * The early call's answer when it is already here, taken: the screen's first render shows it instead of a loading
 * state and a second render a moment later (on a phone four times slower, each render of a screen is 100 ms or more).
 */
export function takeAnswered<T>(userId: string, path: string): PortalAnswer<T> | undefined {
  const key = `${userId} ${path}`;
  const answer = answered.get(key);
  if (!answer) return undefined;
  answered.delete(key);
  early.delete(key);
  return answer as PortalAnswer<T>;
}

/**
 * A TanStack query of a portal call. `networkMode: 'always'` so that offline the query still runs and answers from
 * the device rather than pausing. An answer started early that is already here is the query's first data.
 */
export function usePortalQuery<T>(userId: string | null | undefined, path: string | null) {
  // Read by TanStack Query only when it creates the query (initialData first, then its time).
  let taken: PortalAnswer<T> | undefined;
  return useQuery({
    queryKey: ['portal', userId, path],
    queryFn: () => takeOrRead<T>(userId as string, path as string),
    initialData: () => {
      taken = userId && path ? takeAnswered<T>(userId, path) : undefined;
      return taken;
    },
    initialDataUpdatedAt: () => taken?.fetchedAt,
    enabled: Boolean(userId && path),
    networkMode: 'always',
    retry: (count, err) => count < 2 && err instanceof ApiError && err.status >= 500,
    staleTime: 60_000,
  });
}
