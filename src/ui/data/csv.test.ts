import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv } from './csv';

const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
afterEach(() => {
  Object.assign(URL, original);
  vi.restoreAllMocks();
});

describe('downloadCsv', () => {
  it('downloads the text with a byte order mark under the file name', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:1';
    };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    downloadCsv('x.csv', ['a'], [['1']]);
    expect(names).toEqual(['x.csv']);
    const bytes = await (blobs[0] as Blob).arrayBuffer();
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFF"a"\r\n"1"\r\n');
  });
});
