/**
 * The pick-up line's flow, shared by Scholar Sign Out and Scan Sign Out: find the scholar (search, USB badge scanner or
 * camera) → the scholar's pick-up screen → one tap on an adult (or an override) records the sign-out → a large
 * confirmation → back to finding the next scholar. Whether the scholar is already signed out is decided from the
 * day's check-ins on the device, plus what this screen has just written (until the live list shows it), so a double
 * tap never records twice.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { findByBadge } from '../../../ui/roster/roster-search';
import { schoolDayOf } from '../../../ui/school-clock';
import { type PickUpChoice, type SignOutInput, useRecordSignOut } from '../station/use-record-sign-out';
import type { SignOutDay } from '../station/use-sign-out-day';
import { type LatestEvent, type SignOutInfo, signedOut } from './sign-out-state';

export type SignOutMethod = SignOutInput['method'];

export type PickUpStep =
  | { step: 'find' }
  | { step: 'pick-up'; scholar: DemographicRecord; method: SignOutMethod }
  | { step: 'done'; scholar: DemographicRecord; adultName: string; at: string; flagged: boolean };

/** The flow's state and what the person can do in it. */
export function usePickUpFlow(day: SignOutDay) {
  const { t } = useTranslation('sign-out');
  const record = useRecordSignOut();
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
      await record({ scholarId: scholar.id, method, occurredAt: at, pickUp: choice });
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

  return {
    step,
    error,
    busy,
    reset,
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
