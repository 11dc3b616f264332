/**
 * The public configuration (`GET v2/config`: the Google client id above all) for the sign-in screens.
 *
 * Why not TanStack Query: the sign-in card is the only reader of the config on the first screens, and the query
 * library (about 10 kB gzip) would count against their 170 kB budget (DESIGN section 8); the online screens, which
 * need it, provide it in their lazy section layout. What the query gave here is kept: one request at a time whoever
 * asks, and the answer kept in memory for an hour, so going between /login and the parent sign-in does not refetch.
 * Reads are retried by the HTTP client (src/api/client.ts). A failed refetch keeps showing the config already known.
 */
import { useEffect, useState } from 'react';
import { getToken } from '../../api/token';
import type { ConfigResponse } from '../../contract';
import { CONFIG_STORAGE_KEY } from '../../ui/school-name';

/** How long a fetched config is used without asking again (the config changes with a deployment, not by the hour). */
export const CONFIG_MAX_AGE_MS = 60 * 60_000;

/** The config as a screen shows it: not there yet, there, or unreachable. */
export type ConfigState = { status: 'pending' } | { status: 'success'; data: ConfigResponse } | { status: 'error' };

/** Where the config is kept between screens, and how it is fetched. */
export interface ConfigStore {
  /** The last config fetched, however old, or null. */
  current(): ConfigResponse | null;
  /** True when the last config fetched is younger than the maximum age. */
  isFresh(): boolean;
  /** Fetches the config, sharing a request already under way. */
  load(): Promise<ConfigResponse>;
}

/** Where the last config is kept on the device, so the school's name shows offline and before the first answer. */
export { CONFIG_STORAGE_KEY };

/** The config kept on the device, or null (nothing kept, or something unreadable). */
function readKept(storage: Storage | null): ConfigResponse | null {
  try {
    const kept = JSON.parse(storage?.getItem(CONFIG_STORAGE_KEY) ?? 'null') as Partial<ConfigResponse> | null;
    return kept && typeof kept.school_name === 'string' && typeof kept.time_zone === 'string'
      ? (kept as ConfigResponse)
      : null;
  } catch {
    return null;
  }
}

const deviceStorage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/**
 * `GET v2/config` with the browser's own fetch: the sign-in screens read it before anything else needs the HTTP client
 * (ky and the error mapping, 9 kB gzip the login screen would otherwise download at start). A network
 * error or a 5xx is retried twice, a second apart and then two, as the client retries reads.
 */
export async function fetchConfigDirect(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<ConfigResponse> {
  const RETRIES = 2;
  for (let attempt = 0; ; attempt++) {
    let response: Response | null = null;
    try {
      // The stored token goes along, as on every other call: the server may answer a signed-in device more.
      const token = getToken();
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      response = await fetchImpl('/api/v2/config', { headers, credentials: 'include' });
    } catch (err) {
      if (attempt >= RETRIES) throw err;
    }
    if (response?.ok) return (await response.json()) as ConfigResponse;
    if (response && (response.status < 500 || attempt >= RETRIES)) {
      throw new Error(`v2/config answered ${response.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
  }
}

/**
 * A config store over `fetcher` (the real endpoint unless a test gives another) and a clock. The last answer is
 * kept in `storage` and used, as not fresh, until a new one comes.
 */
export function createConfigStore(
  fetcher: () => Promise<ConfigResponse> = () => fetchConfigDirect(),
  maxAgeMs = CONFIG_MAX_AGE_MS,
  now: () => number = Date.now,
  storage: Storage | null = deviceStorage(),
): ConfigStore {
  const kept = readKept(storage);
  let cached: { data: ConfigResponse; fetchedAt: number } | null = kept ? { data: kept, fetchedAt: -Infinity } : null;
  let inFlight: Promise<ConfigResponse> | null = null;
  return {
    current: () => cached?.data ?? null,
    isFresh: () => cached !== null && now() - cached.fetchedAt < maxAgeMs,
    load() {
      inFlight ??= fetcher()
        .then((data) => {
          cached = { data, fetchedAt: now() };
          try {
            storage?.setItem(CONFIG_STORAGE_KEY, JSON.stringify(data));
          } catch {
            // A full or refused storage only loses the offline copy.
          }
          return data;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
  };
}

const configStore = createConfigStore();

/** Fetches the config again at once (after the setup, which names the school): the next screens start from it. */
export const refreshConfig = (): Promise<ConfigResponse> => configStore.load();

/** The school's name as the device last knew it (null before any answer): for the app bar, stations and prints. */
export function useSchoolName(store: ConfigStore = configStore): string | null {
  const config = useConfig(store);
  return config.status === 'success' ? config.data.school_name : null;
}

/** The public config: fetched on first use, then from memory while fresh (the app-wide store unless given one). */
export function useConfig(store: ConfigStore = configStore): ConfigState {
  const [state, setState] = useState<ConfigState>(() => {
    const data = store.current();
    return data ? { status: 'success', data } : { status: 'pending' };
  });

  useEffect(() => {
    if (store.isFresh()) return;
    let isMounted = true;
    store.load().then(
      (data) => {
        if (isMounted) setState({ status: 'success', data });
      },
      () => {
        if (isMounted) setState((previous) => (previous.status === 'success' ? previous : { status: 'error' }));
      },
    );
    return () => {
      isMounted = false;
    };
  }, [store]);

  return state;
}
