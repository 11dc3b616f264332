/**
 * React view of the service worker store in `register.ts`, so the update prompt and the offline badge re-render when
 * a new version is waiting or the app became offline-ready. useSyncExternalStore keeps every component on the same
 * snapshot without a context provider.
 */
import { useSyncExternalStore } from 'react';
import { applyUpdate, getState, type PwaState, subscribe } from './register';

export interface UsePwaResult extends PwaState {
  /** Accepts the waiting update; the page reloads when the new version has taken over. */
  applyUpdate: () => void;
}

/** The current service worker state and the action that accepts an update. */
export function usePwa(): UsePwaResult {
  const state = useSyncExternalStore(subscribe, getState, getState);
  return { ...state, applyUpdate };
}
