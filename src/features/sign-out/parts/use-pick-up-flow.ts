/**
 * The pick-up line's flow, shared by Scholar Sign Out and Scan Sign Out: find the scholar (search, USB badge scanner or
 * camera) → the scholar's pick-up screen → one tap on an adult (or an override) records the sign-out → a large
 * confirmation → back to finding the next scholar. Whether the scholar is already signed out is decided from the
 * day's check-ins on the device, plus what this screen has just written (until the live list shows it), so a double
 * tap never records twice. For UNDO_WINDOW_MS after a release an Undo voids it ("tapped in error") through the
 * outbox, and the scholar is back on the list as not signed out.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { findByBadge } from '../../../ui/roster/roster-search';
import { schoolDayOf } from '../../../ui/school-clock';
import { type PickUpChoice, type SignOutInput, useRecordSignOut, useVoidSignOut } from '../station/use-record-sign-out';
import type { SignOutDay } from '../station/use-sign-out-day';
import { type LatestEvent, type SignOutInfo, signedOut } from './sign-out-state';

export type SignOutMethod = SignOutInput['method'];

export type PickUpStep =
  | { step: 'find' }
  | { step: 'pick-up'; scholar: DemographicRecord; method: SignOutMethod }
  | { step: 'done'; scholar: DemographicRecord; adultName: string; at: string; flagged: boolean };

/**
 * How long the Undo of a release stays: 10 seconds, the pick-up line's window for taking back a wrong tap. Long enough
 * to read the confirmation (name, adult) and tap again; short enough that the scholar has not yet reached the car, so
 * a sign-out still standing after it really happened.
 */
export const UNDO_WINDOW_MS = 10_000;

/** The latest release, while its Undo lasts. */
export interface Release {
  checkInId: string;
  scholar: DemographicRecord;
  /** Epoch ms of the tap. */
  at: number;
}

/** The flow's state and what the person can do in it. */
export function usePickUpFlow(day: SignOutDay) {
  const { t } = useTranslation('sign-out');
  const record = useRecordSignOut();
  const voidSignOut = useVoidSignOut();
  const [release, setRelease] = useState<Release | null>(null);
  // The scholar whose sign-out was just undone, for the notice that says so.
  const [undone, setUndone] = useState<DemographicRecord | null>(null);
  const [step, setStep] = useState<PickUpStep>({ step: 'find' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A write under way (a ref, so a second tap before the next render sees it too), and what this screen wrote.
  const saving = useRef(false);
  const written = useRef(new Map<string, LatestEvent>());
  const reset = useCallback(() => {
    setError(null);
    setStep({ step: 'find' });
  }, []);

  /** The scholar's sign-out today, if they are signed out. */
  function signOutOf(scholarId: string): SignOutInfo | null {
    const live = day.latest.get(scholarId);
    const mine = written.current.get(scholarId);
    const mineToday = mine && schoolDayOf(mine.info.at, day.timeZone) === day.today ? mine : undefined;
    // What this screen wrote counts only until the live list has something as recent (its own entry, at once).
    const useMine = mineToday && (!live || Date.parse(mineToday.info.at) > Date.parse(live.info.at));
    return signedOut(useMine ? mineToday : live);
  }

  function open(scholar: DemographicRecord, method: SignOutMethod) {
    if (saving.current) return;
    setError(null);
    setStep({ step: 'pick-up', scholar, method });
  }

  async function signOut(choice: PickUpChoice, adultName: string) {
    if (step.step !== 'pick-up' || saving.current) return;
    const { scholar, method } = step;
    if (signOutOf(scholar.id)) return;
    saving.current = true;
    setBusy(true);
    const at = new Date().toISOString();
    const flagged = choice.type === 'override';
    try {
      const checkInId = await record({ scholarId: scholar.id, method, occurredAt: at, pickUp: choice });
      setUndone(null);
      setRelease({ checkInId, scholar, at: Date.parse(at) });
      written.current.set(scholar.id, {
        id: `written-${at}`,
        kind: 'sign_out',
        info: {
          at,
          pickUpId: choice.type === 'listed' ? choice.pickUpId : null,
          pickUpName: adultName,
          flagged,
          pending: true,
        },
      });
      setStep({ step: 'done', scholar, adultName, at, flagged });
    } catch (err) {
      setError(t('pickUp.recordFailed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      saving.current = false;
      setBusy(false);
    }
  }

  /** Voids the latest release (the Undo); the scholar is back as not signed out. */
  async function undo() {
    if (!release || saving.current) return;
    saving.current = true;
    setBusy(true);
    try {
      await voidSignOut(release.checkInId, release.scholar.id);
      written.current.delete(release.scholar.id);
      setRelease(null);
      setUndone(release.scholar);
      setError(null);
      setStep((current) =>
        current.step === 'done' && current.scholar.id === release.scholar.id ? { step: 'find' } : current,
      );
    } catch (err) {
      setError(t('undo.failed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      saving.current = false;
      setBusy(false);
    }
  }

  return {
    step,
    error,
    busy,
    reset,
    /** The latest release while its Undo lasts, and the scholar whose sign-out was just undone. */
    release,
    undone,
    undo,
    /** The Undo's time ran out. */
    expire: useCallback(() => setRelease(null), []),
    signOutOf,
    /** A tap on a search result ('manual') or a badge read ('scan'). */
    open,
    /** A code from a badge scanner or the camera: opens its scholar, or says the code is unknown. */
    scan(code: string) {
      if (saving.current) return;
      const scholar = findByBadge(day.index, code);
      if (scholar) open(scholar, 'scan');
      else setError(t('unknownBadge'));
    },
    /** Signs the open scholar out to an adult from the list, or to someone not on it (an override). */
    signOut,
  };
}
