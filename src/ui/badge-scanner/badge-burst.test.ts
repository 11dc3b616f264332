import { describe, expect, it } from 'vitest';
import { createBurstDetector } from './badge-burst';

/** Feeds the keys with the given gap (ms) between them, starting at `start`; answers what the last key returned. */
function type(keys: readonly string[], gap: number, detector = createBurstDetector(), start = 1000) {
  let result: string | null = null;
  keys.forEach((key, i) => {
    result = detector.key(key, start + i * gap);
  });
  return result;
}

const scan = [...'K7QX2M9RT4HB', 'Enter'];

describe('badge burst detection', () => {
  it('recognises a fast burst of characters ended by Enter', () => {
    expect(type(scan, 8)).toBe('K7QX2M9RT4HB');
    expect(type(scan, 40)).toBe('K7QX2M9RT4HB');
  });

  it('leaves normal typing alone', () => {
    expect(type(scan, 120)).toBeNull();
    expect(type([...'garcia', 'Enter'], 90)).toBeNull();
  });

  it('needs the Enter to come quickly too, and a code long enough', () => {
    const detector = createBurstDetector();
    type([...'K7QX2M9RT4HB'], 5, detector);
    expect(detector.key('Enter', 1000 + 11 * 5 + 400)).toBeNull();
    expect(type([...'ab', 'Enter'], 5)).toBeNull();
    expect(type(['Enter'], 5)).toBeNull();
  });

  it('starts a new code after a pause, so earlier typing does not stick to a scan', () => {
    const detector = createBurstDetector();
    type([...'hello'], 150, detector, 0);
    expect(type(scan, 6, detector, 5000)).toBe('K7QX2M9RT4HB');
  });

  it('ignores modifier keys inside a scan and forgets everything after a scan', () => {
    const detector = createBurstDetector();
    const keys = ['Shift', 'K', 'Shift', '7', 'Q', 'X', '2', 'M', 'Enter'];
    expect(type(keys, 4, detector)).toBe('K7QX2M');
    expect(detector.key('Enter', 1100)).toBeNull();
  });

  it('honours its options', () => {
    const detector = createBurstDetector({ maxGapMs: 200, minLength: 3 });
    expect(type([...'abc', 'Enter'], 150, detector)).toBe('abc');
  });
});
