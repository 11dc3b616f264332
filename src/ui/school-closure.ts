/**
 * Whether the school calendar closes a day, as this device last knew it: the config answer kept by
 * features/auth/use-config.ts lists the closures of the coming weeks (`closures`), so a station knows offline too.
 * Null for a day the kept config does not close, or before the device has ever fetched the config.
 */
import { useSyncExternalStore } from 'react';
import { CONFIG_STORAGE_KEY } from './school-name';

interface KeptClosure {
  name: string;
  starts_on: string;
  ends_on: string;
}

function keptClosures(): readonly KeptClosure[] {
  try {
    const kept = JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY) ?? 'null') as { closures?: unknown } | null;
    return Array.isArray(kept?.closures) ? (kept.closures as KeptClosure[]) : [];
  } catch {
    return [];
  }
}

/** The name of the closure that covers `day` (YYYY-MM-DD), or null. */
export function closureOn(day: string, closures: readonly KeptClosure[] = keptClosures()): string | null {
  return closures.find((c) => c.starts_on <= day && day <= c.ends_on)?.name ?? null;
}

const subscribe = (listener: () => void) => {
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
};

/** The closure of `day` kept on the device, or null; follows a config fetched in another tab. */
export function useKnownClosure(day: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => closureOn(day),
    () => null,
  );
}
