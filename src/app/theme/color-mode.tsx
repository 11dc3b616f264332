/**
 * Colour mode (light, dark, or follow the system) without next-themes.
 *
 * Chakra v3 only reads a `light`/`dark` class on an ancestor (its `_dark` condition is `.dark &`), so a small provider of
 * our own is enough: it puts the resolved class and `color-scheme` on <html>, follows `prefers-color-scheme` live when
 * the choice is 'system', and remembers the choice per device in localStorage (kiosks and shared tablets keep their
 * own setting; it is not a user preference on the server). `applyStoredColorMode()` can run before React renders so
 * that a dark kiosk does not flash white on start.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';

export type ColorMode = 'light' | 'dark' | 'system';
export type ResolvedColorMode = 'light' | 'dark';

export const COLOR_MODE_STORAGE_KEY = 'settings.colorMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export interface ColorModeState {
  mode: ColorMode;
  resolved: ResolvedColorMode;
  setMode: (mode: ColorMode) => void;
}

const ColorModeContext = createContext<ColorModeState | null>(null);

function isColorMode(value: unknown): value is ColorMode {
  return value === 'light' || value === 'dark' || value === 'system';
}

/** The colour mode remembered on this device, or 'light' when none (or storage is unavailable). */
export function readStoredColorMode(): ColorMode {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorMode(stored) ? stored : 'light';
  } catch {
    return 'light';
  }
}

function writeStoredColorMode(mode: ColorMode): void {
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // Private mode or a full quota: the choice still applies for this session.
  }
}

function darkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

function systemPrefersDark(): boolean {
  return darkQuery()?.matches ?? false;
}

function subscribeToSystemScheme(onChange: () => void): () => void {
  const query = darkQuery();
  if (!query) return () => {};
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Resolves 'system' against the current `prefers-color-scheme`. */
export function resolveColorMode(mode: ColorMode, prefersDark = systemPrefersDark()): ResolvedColorMode {
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}

/** Puts the resolved mode on <html> as Chakra expects it: a `light`/`dark` class and the `color-scheme` style. */
export function applyColorModeToDocument(resolved: ResolvedColorMode): void {
  const root = document.documentElement;
  root.classList.remove(resolved === 'dark' ? 'light' : 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
}

/** Applies the remembered mode before the first render, so the page never flashes the wrong colours. */
export function applyStoredColorMode(): void {
  applyColorModeToDocument(resolveColorMode(readStoredColorMode()));
}

/** Provides `useColorMode()` and keeps <html> in the resolved mode. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ColorMode>(readStoredColorMode);
  const prefersDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark, () => false);
  const resolved = resolveColorMode(mode, prefersDark);

  useLayoutEffect(() => {
    applyColorModeToDocument(resolved);
  }, [resolved]);

  // Another tab of the same device changed the setting: follow it.
  useLayoutEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_MODE_STORAGE_KEY) setModeState(readStoredColorMode());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setMode = useCallback((next: ColorMode) => {
    writeStoredColorMode(next);
    setModeState(next);
  }, []);

  const value = useMemo(() => ({ mode, resolved, setMode }), [mode, resolved, setMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

/** The chosen mode, the mode actually shown, and a setter that remembers the choice on this device. */
export function useColorMode(): ColorModeState {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode() needs a <ColorModeProvider> (AppThemeProvider includes one).');
  return value;
}
