/**
 * The school's logo where the school's name is shown (sign-in screens, station header, badges, printed letters and
 * sheets). Without a logo nothing is drawn; an image that cannot be loaded (a device offline that never fetched it)
 * hides itself instead of showing a broken-image icon. The address is versioned by the logo's hash, so a browser keeps
 * it as long as it stays the same.
 */
import { type CSSProperties, useState, useSyncExternalStore } from 'react';
import { CONFIG_STORAGE_KEY } from './school-name';

function readLogoUrl(): string | null {
  try {
    const kept = JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY) ?? 'null') as { logo_url?: unknown } | null;
    return typeof kept?.logo_url === 'string' ? kept.logo_url : null;
  } catch {
    return null;
  }
}

const subscribe = (listener: () => void) => {
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
};

/** The logo's address in the config kept on the device, or null (no logo, or never fetched). */
export function useKnownSchoolLogoUrl(): string | null {
  return useSyncExternalStore(subscribe, readLogoUrl, () => null);
}

export interface SchoolLogoProps {
  /** The logo's address; null or undefined: nothing is drawn. */
  url: string | null | undefined;
  /** The school's name: the image's alt text. */
  name: string | null | undefined;
  /** The largest height (and width) in CSS length, e.g. '3rem'. */
  size?: string;
  style?: CSSProperties;
}

/** The logo as an image of at most `size`, or nothing. */
export function SchoolLogo({ url, name, size = '3rem', style }: SchoolLogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return null;
  return (
    <img
      src={url}
      alt={name ?? ''}
      onError={() => setFailed(url)}
      style={{ maxHeight: size, maxWidth: size, objectFit: 'contain', flexShrink: 0, ...style }}
    />
  );
}
