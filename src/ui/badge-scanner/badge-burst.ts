/**
 * A USB badge scanner is a keyboard to the browser: it types the badge's opaque code and Enter, one key every few
 * milliseconds. A person types far slower (100 ms and more between keys). So a run of printable keys with short gaps,
 * ended by an Enter that also comes quickly, is a scan; anything else is typing, and is left alone. Modifier keys
 * (the scanner's own Shift before capitals) neither add to the code nor break the run.
 */

export interface BurstOptions {
  /** The longest gap between two keys of one scan. */
  maxGapMs?: number;
  /** The shortest code taken for a scan (badge codes are 12 characters; this leaves room for other formats). */
  minLength?: number;
}

export interface BurstDetector {
  /** Feeds one key (`KeyboardEvent.key`) pressed at `at` ms; answers the scanned code when this Enter ends a scan. */
  key(key: string, at: number): string | null;
  /** Forgets the keys seen so far. */
  reset(): void;
}

/** Makes a detector of scanner bursts. */
export function createBurstDetector({ maxGapMs = 50, minLength = 6 }: BurstOptions = {}): BurstDetector {
  let buffer = '';
  let last = Number.NEGATIVE_INFINITY;
  const reset = () => {
    buffer = '';
    last = Number.NEGATIVE_INFINITY;
  };
  return {
    key(key, at) {
      if (key === 'Enter') {
        const code = at - last <= maxGapMs && buffer.length >= minLength ? buffer : null;
        reset();
        return code;
      }
      // Shift, Control, arrows...: not part of a code.
      if (key.length !== 1) return null;
      if (at - last > maxGapMs) buffer = '';
      buffer += key;
      last = at;
      return null;
    },
    reset,
  };
}
