/**
 * React.lazy that renders at once when its code has already loaded. A lazy component suspends on its first render
 * even when its module arrived long before (React learns that only from the promise, a tick later), and React 19
 * shows what follows a suspended boundary no sooner than 300 ms after the previous reveal: on the portal's first
 * visit that cost a "Loading…" frame and a third of a second between the portal's frame and its screen (issue 16).
 * `preload()` starts the load and remembers the component once it is there; a mount after that renders it directly.
 */
import { type ComponentType, lazy, useState } from 'react';

export type PreloadedLazy<P extends object> = ComponentType<P> & {
  /** Starts loading (once) and resolves when the component can render without suspending. */
  preload(): Promise<unknown>;
};

/** A lazy component whose code, once preloaded (or loaded by an earlier mount), renders without suspending. */
export function preloadedLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadedLazy<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download may be tried again by the next mount (React.lazy keeps its own failure for this one).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start);
  function Preloaded(props: P) {
    // Decided once per mount: switching from the lazy wrapper to the component itself would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Preloaded, { preload: () => start() });
}
