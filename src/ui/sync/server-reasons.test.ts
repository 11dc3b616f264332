import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_SENTENCES, problemKind, refusalKind } from './server-reasons';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The source of every non-test TypeScript file under these folders of the project. */
function sources(...folders: string[]): string {
  return folders
    .flatMap((folder) =>
      readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => readFileSync(join(ROOT, folder, file), 'utf8')),
    )
    .join('\n');
}

describe('the server sentences the device panel explains', () => {
  it('are each still said by the server, the API client or the sync engine', () => {
    const said = sources('server', 'src/api', 'src/offline', 'src/contract');
    const missing = KNOWN_SENTENCES.filter((sentence) => !said.includes(sentence));
    expect(missing).toEqual([]);
  });

  it("sorts a rule of the day held by another record as 'taken', however the server words the meal", () => {
    expect(refusalKind('This scholar already arrived today.')).toBe('taken');
    expect(refusalKind('This scholar already had lunch that day.')).toBe('taken');
    expect(refusalKind('This scholar already had this meal that day.')).toBe('taken');
    expect(refusalKind('The entry is not valid.')).toBe('invalid');
    expect(refusalKind('toString')).toBeNull();
    expect(refusalKind('Something new.')).toBeNull();
    expect(problemKind('constructor')).toBeNull();
  });
});
