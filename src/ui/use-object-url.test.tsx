import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useObjectUrl } from './use-object-url';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** URL with the browser's rule: only a Blob (or a MediaSource) gets an object URL. */
function withBrowserObjectUrls() {
  const revoked: string[] = [];
  let made = 0;
  class BrowserUrl extends URL {
    static override createObjectURL(blob: unknown): string {
      if (!(blob instanceof Blob)) throw new TypeError("Failed to execute 'createObjectURL' on 'URL'");
      made += 1;
      return `blob:photo-${made}`;
    }
    static override revokeObjectURL(url: string): void {
      revoked.push(url);
    }
  }
  vi.stubGlobal('URL', BrowserUrl);
  return revoked;
}

describe('useObjectUrl', () => {
  it('makes a URL for a blob while mounted and releases it after', () => {
    const revoked = withBrowserObjectUrls();
    const photo = new Blob(['x'], { type: 'image/jpeg' });
    const { result, unmount } = renderHook(() => useObjectUrl(photo));
    expect(result.current).toMatch(/^blob:photo-/);
    const url = result.current;
    unmount();
    expect(revoked).toContain(url);
  });

  it('shows no photo, without failing, for nothing and for a stored value that is not a blob', () => {
    withBrowserObjectUrls();
    expect(renderHook(() => useObjectUrl(null)).result.current).toBeUndefined();
    expect(renderHook(() => useObjectUrl(undefined)).result.current).toBeUndefined();
    const damaged = { size: 3, type: 'image/jpeg' } as unknown as Blob;
    expect(renderHook(() => useObjectUrl(damaged)).result.current).toBeUndefined();
  });
});
