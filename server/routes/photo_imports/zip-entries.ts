/**
 * The files of a photo zip, read with fflate a few at a time so that a zip of hundreds of photos never sits in
 * memory unpacked: `listZipEntries` reads only the zip's directory (no file is inflated), `extractZipEntries` inflates
 * the files of one batch. Folders' names are ignored (a photo is named by its file name), as are what archivers and
 * file managers add besides the photos: `__MACOSX/` (macOS's resource forks), dot-files (`.DS_Store`, `._IMG_1.jpg`),
 * `Thumbs.db` and `desktop.ini`.
 */
import { unzipSync } from 'fflate';

export interface ZipEntry {
  /** The entry's path inside the zip, as stored. */
  path: string;
  /** Its file name without the folders. */
  name: string;
  /** The name without its extension, trimmed: what is matched to a student number or a sourcedId. */
  stem: string;
  /** The size once inflated, as the zip's directory says. */
  size: number;
}

const SYSTEM_FILES = new Set(['thumbs.db', 'desktop.ini']);

/** True for what is not a photo of the zip: a folder, macOS's resource forks, dot-files, Windows' thumbnails. */
function isIgnored(path: string, name: string): boolean {
  if (path.endsWith('/') || name === '') return true;
  if (path.split('/').some((part) => part === '__MACOSX')) return true;
  return name.startsWith('.') || SYSTEM_FILES.has(name.toLowerCase());
}

/** The files of a zip, in the zip's order, without inflating any; null when the bytes are not a zip. */
export function listZipEntries(data: Uint8Array): ZipEntry[] | null {
  const entries: ZipEntry[] = [];
  try {
    unzipSync(data, {
      filter: (file) => {
        // Some Windows archivers write folders with backslashes.
        const path = file.name.replaceAll('\\', '/');
        const name = path.slice(path.lastIndexOf('/') + 1);
        if (!isIgnored(path, name)) {
          const dot = name.lastIndexOf('.');
          entries.push({
            path: file.name,
            name,
            stem: (dot > 0 ? name.slice(0, dot) : name).trim(),
            size: file.originalSize,
          });
        }
        return false;
      },
    });
  } catch {
    return null;
  }
  return entries;
}

/**
 * The bytes of these entries (by path); an entry that cannot be inflated (damaged, or a compression fflate does not
 * read) is missing from the answer. The zip's directory is read once for the batch; only when the batch fails is
 * each entry tried on its own, to tell the damaged ones from the rest.
 */
export function extractZipEntries(data: Uint8Array, paths: readonly string[]): Map<string, Uint8Array> {
  const wanted = new Set(paths);
  const inflate = (only: Set<string>) => unzipSync(data, { filter: (file) => only.has(file.name) });
  try {
    return new Map(Object.entries(inflate(wanted)));
  } catch {
    const out = new Map<string, Uint8Array>();
    for (const path of wanted) {
      try {
        const bytes = inflate(new Set([path]))[path];
        if (bytes) out.set(path, bytes);
      } catch {
        // Left out: the caller refuses it as unreadable.
      }
    }
    return out;
  }
}
