/**
 * Test setup for the `unit` project (jsdom). Add it to vitest.config.ts as `setupFiles: ['src/test/setup.ts']`; test
 * files that need it before then may import it directly (everything here is idempotent).
 *
 * - jsdom has no ResizeObserver, which Chakra's positioned overlays (menu, popover, select) call through floating-ui
 *   when they open; a no-op stand-in is enough since jsdom does no layout anyway.
 * - Vitest runs without globals, so Testing Library cannot register its automatic cleanup; it is registered here.
 * - findBy and waitFor wait up to 5 s (Testing Library's default is 1 s): beside the server suites on two cores a
 *   dialog can take longer than a second to open. Only a screen that never gets there waits that long.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

class NoopResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = NoopResizeObserver;
}

configure({ asyncUtilTimeout: 5000 });

afterEach(cleanup);
