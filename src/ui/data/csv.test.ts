import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvField, csvText, downloadCsv } from './csv';

const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
afterEach(() => {
  Object.assign(URL, original);
  vi.restoreAllMocks();
});

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Núñez, Ana')).toBe('"Núñez, Ana"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(csvText(['a', 'b'], [['1', '2,3']])).toBe('a,b\r\n1,"2,3"\r\n');
  });

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
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFa\r\n1\r\n');
  });
});
