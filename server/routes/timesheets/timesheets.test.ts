/**
 * Timesheet records through the API, on PGlite and PostgreSQL: the day a record counts on (across midnight
 * and both daylight-saving changes in the school's zone), overlaps refused (an open record too, and two clock-ins at
 * once), approved pay periods read-only until reopened, versions and reasons, and who sees and writes whose records
 * (a station recording for another person with their badge). Each test makes its own staff members, so the demo
 * school's records never get in the way.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMESHEET_MESSAGES, type TimesheetRecord, uuidv7 } from '../../../src/contract';
import { auditEvents } from '../../db/schema';
import type { TestServer } from '../../test/helpers';
import { type SignedInStaff, signedInStaff, startTimekeepingServer } from '../../test/timekeeping';

let s: TestServer;
let admin: string;
let keeper: string;
let staffRoleId: string;

beforeAll(async () => {
  ({ s, admin, keeper, staffRoleId } = await startTimekeepingServer());
});
afterAll(() => s.close());

/** A new staff member with the Staff role (their own timesheet only) unless other roles are given, signed in. */
const staff = (fname: string, opts: { roleIds?: string[]; type?: string } = {}) =>
  signedInStaff(s, admin, fname, {
    tag: 't2',
    family: 'Clock',
    type: opts.type,
    roleIds: opts.roleIds ?? [staffRoleId],
  });

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  s.call({ method, url: `/api/v2/${url}`, token, ...(payload ? { payload } : {}) });
async function create(payload: object, token = keeper): Promise<TimesheetRecord> {
  const res = await call('POST', 'timesheets', token, payload);
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const update = (id: string, payload: object, token = keeper) =>
  call('POST', `timesheets/${id}`, token, { _method: 'PATCH', ...payload });
const list = async (query: string, token = keeper) => {
  const res = await call('GET', `timesheets?${query}`, token);
  if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body}`);
  return res.json() as { data: TimesheetRecord[]; meta: { total: number } };
};
/** An instant from the school's wall clock with its offset (Los Angeles: -07:00 in summer, -08:00 in winter). */
const at = (local: string, offset: string) => new Date(`${local}${offset}`).toISOString();

describe('the day a record counts on', () => {
  it('is the day it started in the school zone: a night across midnight counts on the first day', async () => {
    const ana = await staff('Ana');
    const night = await create({
      user_id: ana.id,
      started_at: at('2025-10-14T22:00:00', '-07:00'),
      ended_at: at('2025-10-15T02:00:00', '-07:00'),
      break_minutes: 15,
      note: 'Night custodian cover',
    });
    expect(night).toMatchObject({
      user_id: ana.id,
      user_name: ana.name,
      work_date: '2025-10-14',
      worked_minutes: 225,
      version: 1,
      locked: false,
      method: 'manual',
      category: 'regular',
    });
    // 22:00 in Los Angeles is already the next day in UTC: the record still counts on the 14th.
    expect(night.started_at.slice(0, 10)).toBe('2025-10-15');
    const early = await create({ user_id: ana.id, started_at: at('2025-10-15T05:30:00', '-07:00'), ended_at: null });
    expect(early.work_date).toBe('2025-10-15');
    expect(early.worked_minutes).toBeNull();
    // Moving the start moves the day.
    const moved = await update(early.id, { started_at: at('2025-10-16T06:00:00', '-07:00'), reason: 'Wrong day' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ work_date: '2025-10-16', version: 2 });
  });

  it('counts the hours of the night the clocks go back (2026-11-01) and forward (2026-03-08) as they passed', async () => {
    const ben = await staff('Ben');
    // 1:30 AM happens twice on 2026-11-01: first in daylight time (UTC-7), an hour later in standard time (UTC-8).
    const first = await create({
      user_id: ben.id,
      started_at: '2026-11-01T01:30:00-07:00',
      ended_at: '2026-11-01T01:50:00-07:00',
    });
    const second = await create({
      user_id: ben.id,
      started_at: '2026-11-01T01:30:00-08:00',
      ended_at: '2026-11-01T01:50:00-08:00',
    });
    expect([first.work_date, second.work_date]).toEqual(['2026-11-01', '2026-11-01']);
    expect([first.worked_minutes, second.worked_minutes]).toEqual([20, 20]);
    // 11:00 PM on 31 October is already 1 November in UTC: it counts on the 31st.
    const eveOf = await create({
      user_id: ben.id,
      started_at: '2026-10-31T23:00:00-07:00',
      ended_at: '2026-11-01T01:00:00-07:00',
    });
    expect(eveOf.work_date).toBe('2026-10-31');
    // The two 1:30s are an hour apart, so both stand; 1:40 in daylight time meets the first.
    const clash = await call('POST', 'timesheets', keeper, {
      user_id: ben.id,
      started_at: '2026-11-01T01:40:00-07:00',
      ended_at: '2026-11-01T01:45:00-07:00',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().record.id).toBe(first.id);
    // Midnight to 4:00 AM on the wall clock is five hours that night, and three on the night of the spring change.
    const cal = await staff('Cal');
    const fallNight = await create({
      user_id: cal.id,
      started_at: '2026-11-01T00:00:00-07:00',
      ended_at: '2026-11-01T04:00:00-08:00',
    });
    expect(fallNight).toMatchObject({ work_date: '2026-11-01', worked_minutes: 300 });
    const springNight = await create({
      user_id: cal.id,
      started_at: '2026-03-08T00:00:00-08:00',
      ended_at: '2026-03-08T04:00:00-07:00',
    });
    expect(springNight).toMatchObject({ work_date: '2026-03-08', worked_minutes: 180 });

    // 2:00 AM does not happen on 2026-03-08: 1:30 PST to 3:30 PDT is one hour.
    const spring = await create({
      user_id: ben.id,
      started_at: '2026-03-08T01:30:00-08:00',
      ended_at: '2026-03-08T03:30:00-07:00',
    });
    expect(spring).toMatchObject({ work_date: '2026-03-08', worked_minutes: 60 });
    // 11:30 PM on the 7th is already the 8th in UTC.
    const eve = await create({
      user_id: ben.id,
      started_at: '2026-03-07T23:30:00-08:00',
      ended_at: '2026-03-08T00:30:00-08:00',
    });
    expect(eve.work_date).toBe('2026-03-07');
    const day = await list(`filter[user_id]=${ben.id}&filter[work_date]=2026-03-08`);
    expect(day.data.map((r) => r.id)).toEqual([spring.id]);
  });
});

describe('overlaps', () => {
  it("refuses a record that overlaps one of the person's, naming it with its times in the school's zone", async () => {
    const cy = await staff('Cy');
    const morning = await create({
      user_id: cy.id,
      started_at: at('2025-11-03T07:58:00', '-08:00'),
      ended_at: at('2025-11-03T12:00:00', '-08:00'),
    });
    const res = await call('POST', 'timesheets', keeper, {
      user_id: cy.id,
      started_at: at('2025-11-03T11:30:00', '-08:00'),
      ended_at: at('2025-11-03T15:30:00', '-08:00'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Cy ${cy.name.split(',')[0]} already has a record on 2025-11-03 from 7:58 AM to 12:00 PM in the way: change that one, or choose other times.`,
    );
    expect(res.json().record).toMatchObject({ id: morning.id, user_id: cy.id });
    // Touching is not overlapping; another person's record the same hours is not in the way.
    await create({
      user_id: cy.id,
      started_at: at('2025-11-03T12:00:00', '-08:00'),
      ended_at: at('2025-11-03T15:30:00', '-08:00'),
    });
    const other = await staff('Dee');
    await create({
      user_id: other.id,
      started_at: at('2025-11-03T08:00:00', '-08:00'),
      ended_at: at('2025-11-03T12:00:00', '-08:00'),
    });
    // An update that would overlap is refused too.
    const afternoon = await create({
      user_id: cy.id,
      started_at: at('2025-11-03T16:00:00', '-08:00'),
      ended_at: at('2025-11-03T17:00:00', '-08:00'),
    });
    const stretch = await update(afternoon.id, { started_at: at('2025-11-03T15:00:00', '-08:00'), reason: 'Fix' });
    expect(stretch.statusCode).toBe(409);
  });

  it('an open record runs on: a second clock-in is refused, saying since when the person is clocked in', async () => {
    const eve = await staff('Eve');
    const clockIn = await create(
      { started_at: at('2025-11-04T07:58:00', '-08:00'), method: 'clock', device_id: 'phone-eve' },
      eve.token,
    );
    expect(clockIn).toMatchObject({ user_id: eve.id, ended_at: null, method: 'clock', device_id: 'phone-eve' });
    const again = await call('POST', 'timesheets', eve.token, {
      started_at: at('2025-11-04T13:00:00', '-08:00'),
      method: 'clock',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You are clocked in since 7:58 AM on 2025-11-04: clock out first, or change that record.',
    );
    expect(again.json().record.id).toBe(clockIn.id);
    // Even a finished record days later meets the open one; one before it does not.
    const later = await call('POST', 'timesheets', keeper, {
      user_id: eve.id,
      started_at: at('2025-11-10T08:00:00', '-08:00'),
      ended_at: at('2025-11-10T09:00:00', '-08:00'),
    });
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toMatch(/^Eve Clock\d+ is clocked in since 7:58 AM on 2025-11-04/);
    await create({
      user_id: eve.id,
      started_at: at('2025-11-03T08:00:00', '-08:00'),
      ended_at: at('2025-11-03T09:00:00', '-08:00'),
    });
    // The clock-out of one's own open record needs no reason; then the next clock-in is fine.
    const out = await update(clockIn.id, { ended_at: at('2025-11-04T15:30:00', '-08:00'), base_version: 1 }, eve.token);
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toMatchObject({ version: 2, worked_minutes: 452 });
    await create({ started_at: at('2025-11-05T07:55:00', '-08:00'), method: 'clock' }, eve.token);
  });

  it('lets exactly one of many clock-ins sent at once through', async () => {
    const fay = await staff('Fay');
    const starts = Array.from({ length: 6 }, (_, i) => at(`2025-11-06T08:0${i}:00`, '-08:00'));
    const answers = await Promise.all(
      starts.map((started_at) => call('POST', 'timesheets', fay.token, { id: uuidv7(), started_at, method: 'clock' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await list('', fay.token)).meta.total).toBe(1);
    // The same clock-in sent again (a retry) is the stored record, not a conflict.
    const sent = { id: uuidv7(), started_at: at('2025-11-07T08:00:00', '-08:00'), method: 'clock' };
    const done = answers.find((a) => a.statusCode === 201)?.json().data as TimesheetRecord;
    await update(done.id, { ended_at: at('2025-11-06T16:00:00', '-08:00') }, fay.token);
    const first = await call('POST', 'timesheets', fay.token, sent);
    const retry = await call('POST', 'timesheets', fay.token, sent);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 200]);
  });
});

describe('versions and reasons', () => {
  it('applies an update only to the version it names; every update counts one up', async () => {
    const gus = await staff('Gus');
    const rec = await create({
      user_id: gus.id,
      started_at: at('2025-11-12T08:00:00', '-08:00'),
      ended_at: at('2025-11-12T16:00:00', '-08:00'),
    });
    const first = await update(rec.id, { break_minutes: 30, base_version: 1, reason: 'Lunch was not entered' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ break_minutes: 30, version: 2, worked_minutes: 450 });
    const stale = await update(rec.id, { break_minutes: 45, base_version: 1, reason: 'Longer lunch' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(TIMESHEET_MESSAGES.versionChanged);
    expect(stale.json().record).toMatchObject({ id: rec.id, version: 2, break_minutes: 30 });
    const patch = await s.call({
      method: 'PATCH',
      url: `/api/v2/timesheets/${rec.id}`,
      token: keeper,
      payload: { note: 'Checked', reason: 'Note', base_version: 2 },
    });
    expect(patch.json().data).toMatchObject({ version: 3, note: 'Checked' });
  });

  it('needs a reason to change a finished record or another person’s, and keeps it in the audit trail', async () => {
    const hal = await staff('Hal');
    const open = await create({ started_at: at('2025-11-13T08:00:00', '-08:00') }, hal.token);
    // The timekeeper changing Hal's open record: another person's.
    const noReason = await update(open.id, { note: 'Late bus duty' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([TIMESHEET_MESSAGES.reasonRequired]);
    const out = await update(open.id, { ended_at: at('2025-11-13T16:00:00', '-08:00') }, hal.token);
    expect(out.statusCode).toBe(200);
    const fix = await update(open.id, { ended_at: at('2025-11-13T16:30:00', '-08:00') }, hal.token);
    expect(fix.statusCode).toBe(422);
    expect(fix.json().errors.reason).toEqual([TIMESHEET_MESSAGES.reasonRequired]);
    const withReason = await update(
      open.id,
      { ended_at: at('2025-11-13T16:30:00', '-08:00'), reason: 'Stayed for the parent meeting' },
      hal.token,
    );
    expect(withReason.statusCode).toBe(200);
    const [event] = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'timesheets'), eq(auditEvents.record_id, open.id)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({ action: 'update', user_id: hal.id });
    expect(event?.changes).toMatchObject({ reason: 'Stayed for the parent meeting' });
    // The merged record is checked again: an end before the start, leave without its type.
    const backwards = await update(open.id, { started_at: at('2025-11-13T17:00:00', '-08:00'), reason: 'Typo' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.ended_at).toEqual([TIMESHEET_MESSAGES.endBeforeStart]);
    const leave = await update(open.id, { category: 'leave', reason: 'Was sick' });
    expect(leave.statusCode).toBe(422);
    expect(leave.json().errors.leave_type).toEqual([TIMESHEET_MESSAGES.leaveType]);
    const sick = await update(open.id, { category: 'leave', leave_type: 'sick', reason: 'Was sick' });
    expect(sick.json().data).toMatchObject({ category: 'leave', leave_type: 'sick', version: 4 });
    const regular = await update(open.id, { category: 'regular', reason: 'Was not sick after all' });
    expect(regular.json().data).toMatchObject({ category: 'regular', leave_type: null });
  });
});

describe('approved pay periods', () => {
  it('make their records read-only (create, update, move into, delete) until reopened', async () => {
    const ida = await staff('Ida');
    const inside = await create({
      user_id: ida.id,
      started_at: at('2025-12-02T08:00:00', '-08:00'),
      ended_at: at('2025-12-02T16:00:00', '-08:00'),
    });
    const outside = await create({
      user_id: ida.id,
      started_at: at('2025-12-17T08:00:00', '-08:00'),
      ended_at: at('2025-12-17T16:00:00', '-08:00'),
    });
    const approve = await call('POST', 'timesheets/periods/approve', keeper, { user_id: ida.id, date: '2025-12-09' });
    expect(approve.statusCode).toBe(200);
    const read = await call('GET', `timesheets/${inside.id}`, keeper);
    expect(read.json().data.locked).toBe(true);
    expect((await call('GET', `timesheets/${outside.id}`, keeper)).json().data.locked).toBe(false);
    const message =
      'The pay period 2025-12-01 to 2025-12-15 is approved, so its records are read-only. Ask the timekeeper to reopen it first.';
    const refused = [
      await call('POST', 'timesheets', keeper, {
        user_id: ida.id,
        started_at: at('2025-12-03T08:00:00', '-08:00'),
        ended_at: at('2025-12-03T09:00:00', '-08:00'),
      }),
      await update(inside.id, { note: 'late', reason: 'Note' }),
      await update(outside.id, {
        started_at: at('2025-12-15T08:00:00', '-08:00'),
        ended_at: at('2025-12-15T16:00:00', '-08:00'),
        reason: 'Wrong day',
      }),
      await call('DELETE', `timesheets/${inside.id}`, keeper),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
    for (const r of refused) expect(r.json().message).toBe(message);
    // The period's last day in the school's zone is locked; the next morning is not.
    const lastNight = await call('POST', 'timesheets', keeper, {
      user_id: ida.id,
      started_at: at('2025-12-15T23:00:00', '-08:00'),
      ended_at: at('2025-12-16T01:00:00', '-08:00'),
    });
    expect(lastNight.statusCode).toBe(409);
    await create({
      user_id: ida.id,
      started_at: at('2025-12-16T00:30:00', '-08:00'),
      ended_at: at('2025-12-16T01:00:00', '-08:00'),
    });

    const reopen = await call('POST', 'timesheets/periods/reopen', keeper, {
      user_id: ida.id,
      date: '2025-12-01',
      reason: 'Missing a training day',
    });
    expect(reopen.statusCode).toBe(200);
    const edit = await update(inside.id, { note: 'late', reason: 'Note' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.locked).toBe(false);
    expect((await call('DELETE', `timesheets/${inside.id}`, keeper)).statusCode).toBe(200);
  });
});

describe('who sees and writes whose records', () => {
  it('staff see and change only their own; timesheets-view_any sees and writes everyone’s', async () => {
    const jo = await staff('Jo');
    const kai = await staff('Kai');
    const mine = await create(
      {
        started_at: at('2025-11-17T08:00:00', '-08:00'),
        ended_at: at('2025-11-17T12:00:00', '-08:00'),
        note: 'Yard duty',
      },
      jo.token,
    );
    expect(mine).toMatchObject({ user_id: jo.id, recorded_by: jo.id });
    const theirs = await create(
      { started_at: at('2025-11-17T08:00:00', '-08:00'), ended_at: at('2025-11-17T12:00:00', '-08:00') },
      kai.token,
    );
    // Jo's list holds Jo's record only, whatever the filter asks.
    expect((await list('', jo.token)).data.map((r) => r.id)).toEqual([mine.id]);
    expect((await list(`filter[user_id]=${kai.id}`, jo.token)).meta.total).toBe(0);
    expect((await call('GET', `timesheets/${theirs.id}`, jo.token)).statusCode).toBe(404);
    expect((await update(theirs.id, { note: 'mine now', reason: 'x' }, jo.token)).statusCode).toBe(404);
    const forKai = await call('POST', 'timesheets', jo.token, {
      user_id: kai.id,
      started_at: at('2025-11-18T08:00:00', '-08:00'),
    });
    expect(forKai.statusCode).toBe(403);
    // The timekeeper sees both and writes for either.
    const both = await list(`filter[from]=2025-11-17&filter[to]=2025-11-17&search=Clock&sort=user_name`);
    const ids = both.data.map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(theirs.id);
    const byName = both.data.filter((r) => r.user_id === jo.id || r.user_id === kai.id).map((r) => r.user_name);
    expect(byName).toEqual([jo.name, kai.name].sort((a, b) => a.localeCompare(b)));
    expect((await list(`search=${encodeURIComponent('yard duty')}&filter[user_id]=${jo.id}`)).meta.total).toBe(1);
    expect((await list(`search=Kai&filter[user_id]=${kai.id}`)).meta.total).toBe(1);
    expect((await list(`search=Kai&filter[user_id]=${jo.id}`)).meta.total).toBe(0);
    const byKeeper = await create({
      user_id: kai.id,
      started_at: at('2025-11-18T08:00:00', '-08:00'),
      category: 'training',
    });
    expect(byKeeper).toMatchObject({ user_id: kai.id, recorded_by: expect.any(String) });
    expect(
      (await list(`filter[user_id]=${kai.id}&filter[category]=training,conference&filter[open]=true`)).data.map(
        (r) => r.id,
      ),
    ).toEqual([byKeeper.id]);
    expect((await list(`filter[user_id]=${kai.id}&filter[open]=false`)).data.map((r) => r.id)).toEqual([theirs.id]);
    const badFilter = await call('GET', 'timesheets?filter[category]=overtime', keeper);
    expect(badFilter.statusCode).toBe(422);
    expect(badFilter.json().errors['filter.category']).toBeDefined();
    // Staff without the delete permission cannot delete even their own; the timekeeper can.
    expect((await call('DELETE', `timesheets/${mine.id}`, jo.token)).statusCode).toBe(403);
    expect((await call('DELETE', `timesheets/${mine.id}`, keeper)).statusCode).toBe(200);
  });

  it("lets a station record for another person with that person's badge, and refuses a wrong one", async () => {
    const station = await staff('Lia');
    const liv = await staff('Liv');
    const badge = await call('POST', 'timesheets/badge', liv.token, {});
    expect(badge.statusCode).toBe(200);
    const { code } = badge.json().data as { code: string };
    const clockIn = await create(
      { user_id: liv.id, started_at: at('2025-11-19T07:50:00', '-08:00'), method: 'badge', badge: code },
      station.token,
    );
    expect(clockIn).toMatchObject({ user_id: liv.id, recorded_by: station.id, method: 'badge' });
    const wrong = await call('POST', 'timesheets', station.token, {
      user_id: liv.id,
      started_at: at('2025-11-20T07:50:00', '-08:00'),
      method: 'badge',
      badge: 'not-her-badge',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.badge).toEqual([TIMESHEET_MESSAGES.badge]);
    // A badge alone names its holder (a station offline does not know whose it is).
    const holderOnly = await call('POST', 'timesheets', station.token, {
      started_at: at('2025-11-21T07:50:00', '-08:00'),
      method: 'badge',
      badge: code,
    });
    expect(holderOnly.statusCode).toBe(409);
    expect(holderOnly.json().record.id).toBe(clockIn.id);
    // The clock-out at the station with the badge; without it, the record is not the station's to see.
    expect(
      (await update(clockIn.id, { ended_at: at('2025-11-19T15:50:00', '-08:00') }, station.token)).statusCode,
    ).toBe(404);
    const out = await update(
      clockIn.id,
      { ended_at: at('2025-11-19T15:50:00', '-08:00'), badge: code, base_version: 1 },
      station.token,
    );
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toMatchObject({ version: 2, worked_minutes: 480 });
    const more = await update(clockIn.id, { category: 'training', badge: code, reason: 'x' }, station.token);
    expect(more.statusCode).toBe(403);
    // The badge never reaches the audit trail.
    const events = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'timesheets'), eq(auditEvents.record_id, clockIn.id)));
    expect(events.length).toBe(2);
    expect(JSON.stringify(events)).not.toContain(code);
    // A new badge replaces the old one.
    await call('POST', 'timesheets/badge', liv.token, {});
    const old = await call('POST', 'timesheets', station.token, {
      started_at: at('2025-11-22T07:50:00', '-08:00'),
      method: 'badge',
      badge: code,
    });
    expect(old.statusCode).toBe(422);
  });

  it('keeps records for active staff only', async () => {
    const scholar = (await call('GET', 'auth/check', await s.login('scholar@demo.school'))).json().user.id;
    const forScholar = await call('POST', 'timesheets', keeper, {
      user_id: scholar,
      started_at: at('2025-11-24T08:00:00', '-08:00'),
    });
    expect(forScholar.statusCode).toBe(422);
    expect(forScholar.json().errors.user_id).toEqual(['Choose a staff member.']);
    const gone = await staff('Max');
    await call('POST', `users/${gone.id}`, admin, { _method: 'PATCH', active: false });
    const inactive = await call('POST', 'timesheets', keeper, {
      user_id: gone.id,
      started_at: at('2025-11-24T08:00:00', '-08:00'),
    });
    expect(inactive.statusCode).toBe(422);
  });

  it('answers its static routes (periods, badge, summary) before a record id', async () => {
    const ned = await staff('Ned');
    const periods = await call('GET', 'timesheets/periods?from=2025-11-01&to=2025-11-30', ned.token);
    expect(periods.statusCode).toBe(200);
    expect(periods.json().data.map((p: { start: string }) => p.start)).toEqual(['2025-11-01', '2025-11-16']);
    const summary = await call('GET', 'timesheets/summary?from=2025-11-01&to=2025-11-07', ned.token);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().people).toBeDefined();
    const badge = await call('POST', 'timesheets/badge', ned.token, {});
    expect(badge.json().data).toMatchObject({ user_id: ned.id, text: `STAFF:${badge.json().data.code}` });
    expect((await call('GET', `timesheets/${uuidv7()}`, ned.token)).statusCode).toBe(404);
  });
});

describe('badge punches at a station', () => {
  const punch = (badge: string, when: string, token: string, id = uuidv7()) =>
    call('POST', 'timesheets/punch', token, { id, badge, at: when });
  const pushPunch = (badge: string, when: string, token: string, id = uuidv7()) =>
    s.call({
      method: 'POST',
      url: '/api/v2/sync/push',
      token,
      payload: {
        device_id: 'kiosk-1',
        items: [
          {
            id,
            resource: 'timesheet_punches',
            action: 'create',
            data: { id, badge, at: when },
            recorded_at: new Date().toISOString(),
          },
        ],
      },
    });
  async function badgeOf(person: SignedInStaff): Promise<string> {
    return (await call('POST', 'timesheets/badge', person.token, {})).json().data.code;
  }

  it('clocks the holder in, then out of that record; each punch sent again answers what it did the first time', async () => {
    const kiosk = await staff('Kio');
    const rosa = await staff('Rosa');
    const code = await badgeOf(rosa);
    const inId = uuidv7();
    const first = await punch(code, at('2025-12-01T07:58:00', '-08:00'), kiosk.token, inId);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      outcome: 'in',
      record: { id: inId, user_id: rosa.id, user_name: rosa.name, method: 'badge', ended_at: null, version: 1 },
    });
    expect((await punch(code, at('2025-12-01T07:58:00', '-08:00'), kiosk.token, inId)).json().data).toMatchObject({
      outcome: 'in',
      record: { id: inId, version: 1 },
    });
    const outId = uuidv7();
    const out = await punch(code, at('2025-12-01T15:40:00', '-08:00'), kiosk.token, outId);
    expect(out.json().data).toMatchObject({ outcome: 'out', record: { id: inId, version: 2, worked_minutes: 462 } });
    // The REST answer lost, the outbox sends the same punch: a duplicate, not a second clock-in.
    const replay = await pushPunch(code, at('2025-12-01T15:40:00', '-08:00'), kiosk.token, outId);
    expect(replay.json().results[0]).toMatchObject({ status: 'duplicate', record: { id: inId, version: 2 } });
    expect((await list(`filter[user_id]=${rosa.id}`)).meta.total).toBe(1);
    // The next read is a new clock-in.
    const again = await pushPunch(code, at('2025-12-01T16:10:00', '-08:00'), kiosk.token);
    expect(again.json().results[0]).toMatchObject({ status: 'applied', record: { user_id: rosa.id, ended_at: null } });
    expect((await list(`filter[user_id]=${rosa.id}`)).meta.total).toBe(2);
  });

  it('clocks out a record begun on the phone; an open record older than 16 hours is a missed clock-out to close first', async () => {
    const kiosk = await staff('Kit');
    const sam = await staff('Sam');
    const code = await badgeOf(sam);
    const phone = await create({ started_at: at('2025-12-02T08:05:00', '-08:00'), method: 'clock' }, sam.token);
    const out = await pushPunch(code, at('2025-12-02T16:05:00', '-08:00'), kiosk.token);
    expect(out.json().results[0]).toMatchObject({ status: 'applied', record: { id: phone.id, version: 2 } });
    await create({ started_at: at('2025-12-03T08:00:00', '-08:00'), method: 'clock' }, sam.token);
    const late = await punch(code, at('2025-12-04T08:00:00', '-08:00'), kiosk.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/is clocked in since 8:00 AM on 2025-12-03/);
    const pushed = await pushPunch(code, at('2025-12-04T08:00:00', '-08:00'), kiosk.token);
    expect(pushed.json().results[0]).toMatchObject({ status: 'conflict' });
  });

  it('refuses a badge that is nobody’s, on the badge field, and a punch without the right to write timesheets', async () => {
    const kiosk = await staff('Kai');
    const wrong = await punch('no-such-badge', at('2025-12-05T08:00:00', '-08:00'), kiosk.token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.badge).toEqual([TIMESHEET_MESSAGES.badge]);
    const pushed = await pushPunch('no-such-badge', at('2025-12-05T08:00:00', '-08:00'), kiosk.token);
    expect(pushed.json().results[0]).toMatchObject({
      status: 'rejected',
      errors: { badge: [TIMESHEET_MESSAGES.badge] },
    });
    const scholar = await s.login('scholar@demo.school');
    expect((await punch('x', at('2025-12-05T08:00:00', '-08:00'), scholar)).statusCode).toBe(403);
    expect((await pushPunch('x', at('2025-12-05T08:00:00', '-08:00'), scholar)).json().results[0]).toMatchObject({
      status: 'rejected',
      message: 'You do not have permission to do that.',
    });
  });

  it("hands a person's own recent records to their devices in the sync pull, and nobody else's", async () => {
    const kiosk = await staff('Kim');
    const tia = await staff('Tia');
    const code = await badgeOf(tia);
    const now = Date.now();
    const mine = await pushPunch(code, new Date(now - 3_600_000).toISOString(), kiosk.token);
    const id = mine.json().results[0].record.id as string;
    const old = await create(
      {
        started_at: new Date(now - 60 * 86_400_000).toISOString(),
        ended_at: new Date(now - 60 * 86_400_000 + 3_600_000).toISOString(),
      },
      tia.token,
    );
    const snapshot = async (token: string) => {
      const res = await s.call({ method: 'GET', url: '/api/v2/sync/pull?limit=5000', token });
      return (res.json().changes as { resource: string; id: string }[]).filter((c) => c.resource === 'timesheets');
    };
    const hers = await snapshot(tia.token);
    expect(hers.map((c) => c.id)).toEqual([id]);
    expect(await snapshot(kiosk.token)).toEqual([]);
    expect(hers.map((c) => c.id)).not.toContain(old.id);
    // Her clock-out at the kiosk reaches her phone as a change.
    const cursor = (await s.call({ method: 'GET', url: '/api/v2/sync/pull?limit=5000', token: tia.token })).json()
      .cursor;
    await pushPunch(code, new Date(now - 60_000).toISOString(), kiosk.token);
    // Kim's own clock-in meanwhile is none of Tia's devices' business: not even its id goes out.
    const kims = await pushPunch(await badgeOf(kiosk), new Date(now - 30_000).toISOString(), kiosk.token);
    const kimsId = kims.json().results[0].record.id as string;
    const delta = await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${cursor}`, token: tia.token });
    expect(delta.json().changes.map((c: { id: string }) => c.id)).not.toContain(kimsId);
    // Kim's devices get it.
    const kimsDelta = await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${cursor}`, token: kiosk.token });
    expect(kimsDelta.json().changes).toContainEqual(
      expect.objectContaining({ resource: 'timesheets', id: kimsId, op: 'upsert' }),
    );
    expect(kimsDelta.json().changes.map((c: { id: string }) => c.id)).not.toContain(id);
    expect(delta.json().changes).toContainEqual(
      expect.objectContaining({
        resource: 'timesheets',
        id,
        op: 'upsert',
        record: expect.objectContaining({ version: 2 }),
      }),
    );
  });
});
