/**
 * The school's name as this device last knew it (the config answer kept by features/auth/use-config.ts), for
 * screens and prints outside the sign-in feature: badges and printed lists carry it. Null before
 * the device has ever fetched the config.
 */
import { useSyncExternalStore } from 'react';
import { CONFIG_STORAGE_KEY } from '../api/config-keys';

export { CONFIG_STORAGE_KEY };

function read(): string | null {
  try {
    const kept = JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY) ?? 'null') as { school_name?: unknown } | null;
    return typeof kept?.school_name === 'string' ? kept.school_name : null;
  } catch {
    return null;
  }
}

const subscribe = (listener: () => void) => {
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
};

/** The school's name kept on the device, or null. */
export function useKnownSchoolName(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
