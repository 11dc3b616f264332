/** Catches what a screen offers as a download (jsdom has no object URLs): the file names and their text. */

import { vi } from 'vitest';
import { csvLines } from './csv-parse';

export interface Download {
  name: string;
  text: string;
}

/** Lends URL object URLs and records each downloaded file; undo with `restore()`. */
export function captureDownloads() {
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  const blobs = new Map<string, Blob>();
  const files: Promise<Download>[] = [];
  let n = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test-${++n}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (!blob) return;
    const name = this.download;
    files.push(
      blob.arrayBuffer().then((b) => ({ name, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(b) })),
    );
  });
  return {
    files: () => Promise.all(files),
    count: () => files.length,
    restore: () => {
      Object.assign(URL, original);
      click.mockRestore();
    },
  };
}

/** The rows of a CSV text as short lines (quotes only where a field needs them), without the byte order mark. */
export const csvRows = (text: string) => csvLines(text);
