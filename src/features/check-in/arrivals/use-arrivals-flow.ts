/**
 * The Arrivals kiosk's flow: search (or scan) → record at once, or ask a reason first (late arrival, early
 * departure) → confirmation → back to the search. What a tap does is decided from the scholar's day on this device
 * (model/decide.ts), which includes what this screen has just written even before the live list shows it, so a
 * double tap never records twice.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CheckInRecord,
  type DemographicRecord,
  STAFF_BADGE_CODE_LENGTH,
  staffBadgeCode,
  TIMESHEET_PUNCHES,
} from '../../../contract';
import { findByBadge } from '../../../ui/roster/roster-search';
import type { ScholarDay } from '../model/day-state';
import { decideArrival, decideDeparture, reportedReason } from '../model/decide';
import { isAfterSchoolDay, isLateArrival } from '../model/school-clock';
import { useStation } from '../station/station';
import type { CheckInDay } from '../station/use-check-in-day';
import { useRecordCheckIn } from '../station/use-record-check-in';
import { useWrittenDays } from '../station/use-written-days';

export type ArrivalsStep =
  | { step: 'search' }
  | { step: 'reason'; purpose: 'late' | 'departure'; scholar: DemographicRecord; method: CheckInMethod; at: string }
  | {
      step: 'done';
      scholar: DemographicRecord;
      kind: 'arrival' | 'departure';
      at: string;
      late: boolean;
      /** A late arrival the family reported ahead: recorded without asking a reason again. */
      reported?: boolean;
    }
  | { step: 'already'; scholar: DemographicRecord; day: ScholarDay }
  /** An arrival after the school day's end: asked whether it is meant before anything is recorded. */
  | { step: 'after-hours'; scholar: DemographicRecord; method: CheckInMethod; at: string }
  /** A staff badge read: the punch's outbox entry and when it was read. */
  | { step: 'punch'; id: string; at: string };

type Purpose = 'arrival' | 'departure';
type CheckInMethod = CheckInRecord['method'];

/** The shortest text taken for a badge typed into the search box (codes are 12 characters). */
const MIN_BADGE_LENGTH = 6;

/**
 * The kiosk's state and what the person can do in it. `canPunch`: staff badges clock their holder in or out here
 * (a badge punch through the outbox; the server decides which, as it knows whether the holder is clocked in).
 */
export function useArrivalsFlow(day: CheckInDay, canRecord: boolean, canPunch = false) {
  const { t } = useTranslation('check-in');
  const record = useRecordCheckIn();
  const write = useStation().useWrite();
  const [step, setStep] = useState<ArrivalsStep>({ step: 'search' });
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Guards against a double tap or a badge read twice: a write under way (a ref, so a second event before the next
  // render sees it too), and what this screen wrote until the live list has it.
  const saving = useRef(false);
  const { dayFor, remember } = useWrittenDays(day);
  const reset = useCallback(() => setStep({ step: 'search' }), []);
  const { settings, timeZone } = day;

  async function save(
    scholar: DemographicRecord,
    kind: Purpose,
    method: CheckInMethod,
    at: string,
    reason: string | null,
    reported = false,
  ) {
    saving.current = true;
    // Only the reason step shows it; a tap on the search screen would render that screen again for nothing.
    const showBusy = reason !== null && !reported;
    if (showBusy) setBusy(true);
    try {
      await record({ kind, scholarId: scholar.id, method, occurredAt: at, reason });
      const late = kind === 'arrival' && isLateArrival(at, settings, timeZone);
      remember(scholar.id, { kind, occurred_at: at, reason, late, pending: true });
      // The search is emptied with the step change, in one render: emptying it before the write would render the
      // recent list while the write is under way and hold the confirmation back (bench/tap-to-confirmed.mjs).
      setQuery('');
      setStep({ step: 'done', scholar, kind, at, late, reported });
    } catch (err) {
      setError(t('arrivals.recordFailed', { message: err instanceof Error ? err.message : String(err) }));
      setStep({ step: 'search' });
    } finally {
      saving.current = false;
      if (showBusy) setBusy(false);
    }
  }

  async function punch(badge: string) {
    if (saving.current) return;
    setError(null);
    if (!canPunch) {
      setError(t('arrivals.staffBadgeNotHere'));
      return;
    }
    saving.current = true;
    try {
      const at = new Date().toISOString();
      const entry = await write(TIMESHEET_PUNCHES, { badge, at });
      setQuery('');
      setStep({ step: 'punch', id: entry.id, at });
    } catch (err) {
      setError(t('arrivals.recordFailed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      saving.current = false;
    }
  }

  function open(scholar: DemographicRecord, method: CheckInMethod, purpose: Purpose, confirmed = false) {
    if (saving.current) return;
    setError(null);
    if (!canRecord) {
      // Looking up only: a scan shows the scholar in the list.
      setQuery(scholar.student_number);
      return;
    }
    const at = new Date().toISOString();
    const current = dayFor(scholar.id);
    const decision =
      purpose === 'arrival' ? decideArrival(current, isLateArrival(at, settings, timeZone)) : decideDeparture(current);
    if (
      purpose === 'arrival' &&
      decision.type !== 'already' &&
      !confirmed &&
      isAfterSchoolDay(at, settings, timeZone)
    ) {
      setQuery('');
      setStep({ step: 'after-hours', scholar, method, at });
      return;
    }
    if (decision.type === 'record') {
      void save(scholar, 'arrival', method, at, null);
      return;
    }
    // A late arrival the family reported ahead (the portal's absence report): its reason is theirs, not asked again.
    const report = purpose === 'arrival' ? day.reports.get(scholar.id) : undefined;
    if (decision.type === 'ask-reason' && report?.kind === 'late') {
      void save(scholar, 'arrival', method, at, reportedReason(report.reason), true);
      return;
    }
    setQuery('');
    if (decision.type === 'already') setStep({ step: 'already', scholar, day: decision.day });
    else setStep({ step: 'reason', purpose: purpose === 'arrival' ? 'late' : 'departure', scholar, method, at });
  }

  return {
    step,
    query,
    error,
    busy,
    reset,
    /** A tap on a scholar's row or on 'Leaving early'. */
    open,
    /** A code from the badge scanner. */
    scan(code: string) {
      const staff = staffBadgeCode(code);
      if (staff !== null) {
        void punch(staff);
        return;
      }
      const scholar = findByBadge(day.index, code);
      if (scholar) open(scholar, 'scan', 'arrival');
      else setError(t('arrivals.unknownBadge'));
    },
    /** Typing in the search box; a whole badge code there (a scanner typing into it) opens its scholar. */
    type(text: string) {
      const staff = staffBadgeCode(text);
      if (staff !== null && staff.length === STAFF_BADGE_CODE_LENGTH) {
        void punch(staff);
        return;
      }
      const badge = text.trim().length >= MIN_BADGE_LENGTH ? findByBadge(day.index, text) : undefined;
      if (badge) open(badge, 'scan', 'arrival');
      else setQuery(text);
    },
    /** 'Record arrival' after the question of an arrival after the school day: on as if asked for again. */
    confirmAfterHours() {
      if (step.step !== 'after-hours') return;
      open(step.scholar, step.method, 'arrival', true);
    },
    /** The reason chosen in the reason step. */
    pick(reason: string) {
      if (step.step !== 'reason') return;
      void save(step.scholar, step.purpose === 'late' ? 'arrival' : 'departure', step.method, step.at, reason);
    },
  };
}
