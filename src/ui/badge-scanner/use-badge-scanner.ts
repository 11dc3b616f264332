/**
 * Listens for a USB badge scanner anywhere on the page (it types like a keyboard: the code, then Enter). Keys typed
 * into a field are the field's, so nothing is taken from a person typing in the search box; the search box watches
 * its own keys for a scan. A recognised scan's Enter is cancelled, so it cannot also press whatever button has the
 * focus after the last tap.
 */
import { useEffect, useEffectEvent } from 'react';
import { createBurstDetector } from './badge-burst';

function isEditable(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** Calls `onScan` with each code a scanner types while no field has the focus. */
export function useBadgeScanner(onScan: (code: string) => void, enabled = true): void {
  const scanned = useEffectEvent(onScan);
  useEffect(() => {
    if (!enabled) return;
    const detector = createBurstDetector();
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isEditable(document.activeElement)) {
        detector.reset();
        return;
      }
      const code = detector.key(event.key, performance.now());
      if (code === null) return;
      event.preventDefault();
      event.stopPropagation();
      scanned(code);
    };
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [enabled]);
}
