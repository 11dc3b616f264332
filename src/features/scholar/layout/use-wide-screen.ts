/**
 * Whether the screen is at least the theme's `md` breakpoint: the portal shows its side list there and the bottom bar
 * on phones, and the Calendar its month grid there and an agenda list on phones. Only one of each pair is rendered
 * (not both, one hidden by CSS), so a phone never builds a navigation it does not show (a third of the portal's first
 * screen: issue 16) or lays out a 42-cell grid, and a screen reader never meets the month twice. Without
 * `matchMedia` (a test's jsdom) it counts as wide.
 */
import { useChakraContext } from '@chakra-ui/react';
import { useCallback, useSyncExternalStore } from 'react';

/** True from the `md` breakpoint up. */
export function useWideScreen(): boolean {
  const system = useChakraContext();
  const query = system.breakpoints.up('md').replace(/^@media\s+/, '');
  const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => media()?.matches ?? true);
}
