/**
 * The reference data a device keeps (DESIGN section 5): each pullable resource, who may see it, which rows a
 * snapshot carries and a delta hands out, and how a row is shown. The pull (pull.ts) reads them in the order of
 * PULLABLE.
 */
import { and, eq, gte, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { type Permission, shiftDate } from '../../../src/contract';
import type { Tx } from '../../db/client';
import {
  absenceReports,
  authorizedPickUps,
  checkIns,
  demographics,
  messengerSchedules,
  nslpRecords,
  schoolSettings,
  timesheets,
} from '../../db/schema';
import { requireAuth } from '../../plugins/access';
import { toReports } from '../absence_reports/model';
import { toPickUpRecord } from '../authorized_pick_ups/index';
import { toCheckInRecord } from '../check_ins/index';
import { presentDemographic, toDemographicRecord } from '../demographics/index';
import { toMessengerRecord } from '../messenger_schedules/index';
import { presentNslpRecord, toNslpRecord } from '../nslp_records/index';
import { toSchoolSettings } from '../school_settings/index';
import { toTimesheetRecords } from '../timesheets/index';
import { carLineQueuePullable } from './car-line';
import { dismissalChangesPullable } from './dismissal-changes';

/** The reference data a device keeps: what it is, who may see it, which rows, and how a row is shown. */
export interface Pullable {
  /** The permission that lets a caller see it; none: everyone signed in. */
  permission?: Permission;
  table: PgTable;
  id: AnyPgColumn;
  /** The rows a device keeps (what a snapshot carries); none: all of them. */
  kept?(today: string, request: FastifyRequest): SQL | undefined;
  /** The changed rows a delta hands out (any other changed row goes out as a removal); none: those kept. */
  changed?(today: string, request: FastifyRequest): SQL | undefined;
  /**
   * The rows this caller's devices may ever hold (their own records); a change to any other row is not sent at all,
   * not even as a removal. None: every row may be held.
   */
  audience?(request: FastifyRequest): SQL;
  /** Stored rows as this caller may see them, in the same order. */
  records(rows: unknown[], request: FastifyRequest, tx: Tx): unknown[] | Promise<unknown[]>;
}

/** A Pullable whose `records` is typed by its table's rows. */
const pullable = <T extends PgTable>(
  p: Omit<Pullable, 'records' | 'table'> & {
    table: T;
    records(rows: T['$inferSelect'][], request: FastifyRequest, tx: Tx): unknown[] | Promise<unknown[]>;
  },
): Pullable => p as unknown as Pullable;

/** How far back a device keeps its person's own timesheet records: a pay period of a month and some days more. */
export const OWN_TIMESHEET_DAYS = 40;

/** In the order a snapshot hands them out (its pages go resource after resource, each by id). */
export const PULLABLE: Record<string, Pullable> = {
  demographics: pullable({
    permission: 'demographics-view_any',
    table: demographics,
    id: demographics.id,
    // Enrolled scholars only: one withdrawn since the last pull goes out as a removal, so the stations' rosters drop
    // them while the record and its history stay on the server.
    kept: () => eq(demographics.active, true),
    // Meal eligibility only to those who may see it: a serving station's roster never carries it (DESIGN section 7).
    records: (rows, request) => rows.map((r) => presentDemographic(toDemographicRecord(r), request)),
  }),
  authorized_pick_ups: pullable({
    permission: 'authorized_pick_ups-view_any',
    table: authorizedPickUps,
    id: authorizedPickUps.id,
    /**
     * The pick-up adults of every scholar with their photo ids (F5), so the pick-up line signs out offline. Active
     * ones only: one deactivated since the last pull goes out as a removal. Refusals (not_authorized) are included,
     * so the line sees the custody order's note; validity dates are the device's to check, and the server's again.
     */
    kept: () => eq(authorizedPickUps.active, true),
    records: (rows) => rows.map(toPickUpRecord),
  }),
  messenger_schedules: pullable({
    permission: 'messenger_schedules-view_any',
    table: messengerSchedules,
    id: messengerSchedules.id,
    records: (rows) => rows.map(toMessengerRecord),
  }),
  school_settings: pullable({
    table: schoolSettings,
    id: schoolSettings.id,
    records: (rows) => rows.map(toSchoolSettings),
  }),
  check_ins: pullable({
    permission: 'check_ins-view_any',
    table: checkIns,
    id: checkIns.id,
    // A check-in voided since the last pull goes out as a removal: other stations drop it (the scholar is back).
    kept: (today) => and(eq(checkIns.school_day, today), isNull(checkIns.voided_at)),
    records: (rows) => rows.map(toCheckInRecord),
  }),
  nslp_records: pullable({
    permission: 'nslp_records-view_any',
    table: nslpRecords,
    id: nslpRecords.id,
    /**
     * Today's meals from every station, so a tablet's duplicate check knows another tablet's: a snapshot carries the
     * meals that stand, a delta also the day's voids (voided: true) so a station can drop them.
     */
    kept: (today) => and(eq(nslpRecords.served_on, today), eq(nslpRecords.voided, false)),
    changed: (today) => eq(nslpRecords.served_on, today),
    records: (rows, request) => rows.map((r) => presentNslpRecord(toNslpRecord(r), request)),
  }),
  absence_reports: pullable({
    permission: 'absence_reports-view_any',
    table: absenceReports,
    id: absenceReports.id,
    /**
     * The families' reports of today and later days, so Check In/Out and the kiosk know a reported absence or late
     * arrival offline. One withdrawn, or whose last day has passed, goes out as a removal.
     */
    kept: (today) => and(gte(absenceReports.ends_on, today), isNull(absenceReports.withdrawn_at)),
    records: (rows, _request, tx) => toReports(tx, rows),
  }),
  dismissal_changes: dismissalChangesPullable,
  timesheets: pullable({
    permission: 'timesheets-create',
    table: timesheets,
    id: timesheets.id,
    /**
     * The caller's own records of the last OWN_TIMESHEET_DAYS days: whether they are clocked in (at
     * the kiosk, say) and their recent days, on their phone offline. Nobody else's, whatever the caller may see.
     */
    kept: (today, request) =>
      and(
        eq(timesheets.user_id, requireAuth(request).user.id),
        gte(timesheets.work_date, shiftDate(today, -OWN_TIMESHEET_DAYS)),
      ),
    // Another person's clock-ins are none of this device's business: not even their ids go out in a delta.
    audience: (request) => eq(timesheets.user_id, requireAuth(request).user.id),
    records: (rows, _request, tx) => toTimesheetRecords(rows, tx),
  }),
  car_line_queue: pullable(carLineQueuePullable),
};

/** Rows as `{id, record}` for this caller. */
export async function shown(
  p: Pullable,
  rows: unknown[],
  request: FastifyRequest,
  tx: Tx,
): Promise<{ id: string; record: unknown }[]> {
  const records = await p.records(rows, request, tx);
  return rows.map((row, i) => ({ id: (row as { id: string }).id, record: records[i] }));
}
