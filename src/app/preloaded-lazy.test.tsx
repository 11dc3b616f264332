import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadedLazy } from './preloaded-lazy';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadedLazy', () => {
  it('renders a preloaded component on the first render, with no fallback frame, and loads once', async () => {
    const load = vi.fn(async () => ({ default: Hello }));
    const Page = preloadedLazy(load);
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    // Synchronously there: no "Loading…" was ever committed.
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends as React.lazy does when not preloaded, then renders; a later mount renders at once', async () => {
    let resolve: (m: { default: typeof Hello }) => void = () => undefined;
    const Page = preloadedLazy<{ name: string }>(() => new Promise((r) => (resolve = r)));
    const view = render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => resolve({ default: Hello }));
    expect(await screen.findByText('Hello Ana')).toBeTruthy();
    view.unmount();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Luis" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Luis')).toBeTruthy();
  });

  it('a failed load can be tried again by the next preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Hello });
    const Page = preloadedLazy(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(<Page name="Ana" />);
    expect(screen.getByText('Hello Ana')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
