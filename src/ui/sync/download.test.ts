import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadText } from './download';

// jsdom has no object URLs; the test lends URL its own and gives back whatever was there.
const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

afterEach(() => {
  Object.assign(URL, original);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('downloadText', () => {
  it('clicks a download link to a UTF-8 blob of the text (with a byte order mark), then frees it', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv-1';
    });
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    });

    downloadText('needs-attention-2026-03-02.csv', 'id,resource\r\n');

    expect(clicked).toEqual([{ name: 'needs-attention-2026-03-02.csv', href: 'blob:csv-1' }]);
    expect(document.querySelector('a')).toBeNull();
    const blob = blobs[0];
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await (blob as Blob).arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:csv-1');
  });
});
