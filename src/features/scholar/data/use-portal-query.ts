/**
 * How every Scholar Portal screen reads (issue P1 item 10): the server's answer when it can be reached, kept on the
 * device; the device's last answer, with when it was fetched ("as of"), when the phone is offline or the server
 * cannot be reached. An answer the server refuses (401, 403, 404, 422) is never replaced by an older one.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, call, NETWORK_ERROR } from '../../../api/client';
import { portalCache } from '../../../offline';

export interface PortalAnswer<T> {
  data: T;
  /** Epoch ms when the server gave this answer. */
  fetchedAt: number;
  /** True when the answer is the device's copy (offline or the server unreachable). */
  fromDevice: boolean;
}

/** Reads a portal call (`path` under /api/, e.g. `v2/scholar/scholars`) for the signed-in person `userId`. */
export async function readPortal<T>(userId: string, path: string): Promise<PortalAnswer<T>> {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (!offline) {
    try {
      const data = await call(() => api.get(path).json<T>());
      const fetchedAt = Date.now();
      // A full or blocked IndexedDB must not cost the person the answer on screen.
      await portalCache.write(userId, path, data, fetchedAt).catch(() => undefined);
      return { data, fetchedAt, fromDevice: false };
    } catch (err) {
      if (!(err instanceof ApiError) || !err.isOffline) throw err;
    }
  }
  const kept = await portalCache.read<T>(userId, path).catch(() => null);
  if (kept) return { ...kept, fromDevice: true };
  throw new ApiError(NETWORK_ERROR, 0);
}

/**
 * A TanStack query of a portal call. `networkMode: 'always'` so that offline the query still runs and answers from
 * the device rather than pausing.
 */
export function usePortalQuery<T>(userId: string | null | undefined, path: string | null) {
  return useQuery({
    queryKey: ['portal', userId, path],
    queryFn: () => readPortal<T>(userId as string, path as string),
    enabled: Boolean(userId && path),
    networkMode: 'always',
    retry: (count, err) => count < 2 && err instanceof ApiError && err.status >= 500,
    staleTime: 60_000,
  });
}
