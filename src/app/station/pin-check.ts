/**
 * Checking the PIN that leaves station mode: the server when it answers (the staff member's current
 * PIN, with its limits), else the verifier the device kept when the station started, under the device's own limit.
 */
import { ApiError } from '../../api/errors';
import { matchesVerifier } from './pin-verifier';
import { type StationStore, waitMs } from './station-store';

export type PinOutcome = { ok: true } | { ok: false; reason: 'wrong' | 'wait'; waitSeconds?: number };

export interface PinCheckDeps {
  store: StationStore;
  /** The server's check: resolves when right; ApiError 422 when wrong, 429 when waiting, 0 when unreachable. */
  checkOnServer: (pin: string) => Promise<unknown>;
  now?: () => number;
}

/** Checks a typed PIN against the station's staff member's. */
export async function checkPin(
  pin: string,
  { store, checkOnServer, now = Date.now }: PinCheckDeps,
): Promise<PinOutcome> {
  const station = store.get();
  if (!station) return { ok: true };
  const wait = waitMs(station, now());
  if (wait > 0) return { ok: false, reason: 'wait', waitSeconds: Math.ceil(wait / 1000) };
  try {
    await checkOnServer(pin);
    store.recordAttempt(true, now());
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return { ok: false, reason: 'wait' };
    // 422: the server says wrong. Offline, a 5xx, or a session the server no longer knows: the device decides.
    const serverSaidWrong = error instanceof ApiError && error.status === 422;
    const ok = !serverSaidWrong && (await matchesVerifier(pin, station.verifier));
    store.recordAttempt(ok, now());
    return ok ? { ok: true } : { ok: false, reason: 'wrong' };
  }
}
