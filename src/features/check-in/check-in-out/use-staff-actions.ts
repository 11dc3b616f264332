/**
 * What staff record from Check In/Out: check in (an arrival, or 'sign_in' when the scholar comes
 * back after leaving) or check out (an early departure, which needs a reason). A check-in after the late threshold
 * needs a reason too, as on the kiosk, unless the family reported the late arrival or the early departure ahead.
 * Everything goes through the outbox with method 'manual'.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addNotification } from '../../../ui/notifications';
import { reportedReason, staffAction } from '../model/decide';
import { formatClockTime, isLateArrival } from '../model/school-clock';
import type { CheckInDay } from '../station/use-check-in-day';
import { useRecordCheckIn } from '../station/use-record-check-in';
import { useWrittenDays } from '../station/use-written-days';
import type { DayRow } from './day-list';

type Kind = ReturnType<typeof staffAction>;

/** A check-in or check-out waiting for its reason. */
export interface ReasonRequest {
  row: DayRow;
  kind: Kind;
  at: string;
  late: boolean;
}

/** The staff actions of the list and the reason they are waiting for, if any. */
export function useStaffActions(day: Pick<CheckInDay, 'settings' | 'timeZone' | 'days' | 'today' | 'reports'>) {
  const { t, i18n } = useTranslation('check-in');
  const record = useRecordCheckIn();
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  // A write under way (a ref, so a second click before the next render sees it), and what was written until the
  // live list has it.
  const saving = useRef(false);
  const { dayFor, remember } = useWrittenDays(day);

  async function save({ row, kind, at, late }: ReasonRequest, reason: string | null) {
    const { scholar } = row;
    saving.current = true;
    setBusyId(scholar.id);
    try {
      await record({ kind, scholarId: scholar.id, method: 'manual', occurredAt: at, reason });
      const next = remember(scholar.id, { kind, occurred_at: at, reason, late, pending: true });
      const name = `${scholar.nickname || scholar.fname} ${scholar.lname}`;
      const time = formatClockTime(at, day.timeZone, i18n.language);
      const text = next.state === 'in' ? t('day.checkedIn', { name, time }) : t('day.checkedOut', { name, time });
      addNotification({ text, type: 'success' });
      setAsking(null);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      addNotification({ text: t('arrivals.recordFailed', { message }), type: 'error' });
    } finally {
      saving.current = false;
      setBusyId(null);
    }
  }

  return {
    asking,
    busyId,
    /** The action button of a row. */
    act(row: DayRow) {
      if (saving.current) return;
      const current = dayFor(row.scholar.id);
      const kind = staffAction(current.state);
      const at = new Date().toISOString();
      const late = kind === 'arrival' && isLateArrival(at, day.settings, day.timeZone);
      const request = { row: { ...row, day: current }, kind, at, late };
      // What the family reported ahead (late, or leaving early) is the reason: it is not asked again.
      const report = day.reports.get(row.scholar.id);
      const reported =
        (late && report?.kind === 'late') || (kind === 'departure' && report?.kind === 'early') ? report : undefined;
      if (reported) void save(request, reportedReason(reported.reason));
      else if (kind === 'departure' || late) setAsking(request);
      else void save(request, null);
    },
    /** The reason chosen in the dialog. */
    pick(reason: string) {
      if (asking) void save(asking, reason);
    },
    cancel() {
      setAsking(null);
    },
  };
}
