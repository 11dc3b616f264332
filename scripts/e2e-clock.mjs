/**
 * The end-to-end tests' clock: every run starts at the same instant on the school's clock, so a test never passes or
 * fails by the day or hour it runs (a weekend, a holiday, before the late bell, after lunch). The Vitest process, the
 * servers it starts and the demo seed they make run under libfaketime (Debian's `faketime`) with a fixed offset from
 * the machine's clock; Chromium stays on the machine's clock (libfaketime slows it about fifteen times) and its pages
 * get the same offset in `Date` (tests/e2e/lib/browser.ts reads E2E_CLOCK_OFFSET_MS).
 *
 * The instant: Tuesday 17 November 2026 at 11:40 in Los Angeles (the demo's time zone), an ordinary school day in
 * the lunch service, with three weeks of the demo's records before it and Veterans Day among them.
 */
import { spawnSync } from 'node:child_process';

export const E2E_CLOCK_START = '2026-11-17T19:40:00Z';

/** A hint for a machine without libfaketime. */
export const FAKETIME_MISSING = "The end-to-end tests run on a set clock with libfaketime: 'apt-get install faketime'.";

/** True when the `faketime` wrapper is on this machine. */
export function hasFaketime() {
  return !spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error;
}

/**
 * The command and environment that run `cmd args` on the end-to-end clock: a whole-second offset (libfaketime's
 * relative format), the same for every process below it; monotonic clocks and file times stay real, so timers,
 * timeouts and the build's staleness check are unchanged.
 */
export function onE2eClock(cmd, args, env = process.env) {
  const offsetSeconds = Math.round((Date.parse(E2E_CLOCK_START) - Date.now()) / 1000);
  const sign = offsetSeconds >= 0 ? '+' : '-';
  return {
    cmd: 'faketime',
    args: ['-f', `${sign}${Math.abs(offsetSeconds)}`, cmd, ...args],
    env: {
      ...env,
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      NO_FAKE_STAT: '1',
      E2E_CLOCK_OFFSET_MS: String(offsetSeconds * 1000),
    },
  };
}
