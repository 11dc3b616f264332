/**
 * Whether the screen is at least the theme's `md` breakpoint: the Calendar shows its month grid there and an agenda
 * list on phones. Only one of the two is rendered (not both hidden by CSS), so a phone never lays out a 42-cell grid
 * and a screen reader never meets the month twice. Without `matchMedia` (a test's jsdom) it counts as wide.
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
