/**
 * A function whose identity never changes and that always calls the latest `fn`: for handlers handed to memoised
 * lists, so that a parent's render (a keystroke in the search box) does not render every row again.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
