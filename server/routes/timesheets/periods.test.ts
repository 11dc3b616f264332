/**
 * Pay periods of timesheets and staff badges, on PGlite and PostgreSQL: a staff member submits a
 * period, the timekeeper returns it with a note or approves it, reopening needs a reason; what each state allows, who
 * may do what, the states listed for a range, and the audit trail. Each test makes its own staff members.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_APPROVE_MANY, MAX_SUMMARY_DAYS, shiftDate, type TimesheetPeriod } from '../../../src/contract';
import { auditEvents, timesheetPeriods, users } from '../../db/schema';
import type { TestServer } from '../../test/helpers';
import { signedInStaff, startTimekeepingServer } from '../../test/timekeeping';

let s: TestServer;
let admin: string;
let keeper: string;
let keeperId: string;
let staffRoleId: string;

beforeAll(async () => {
  ({ s, admin, keeper, keeperId, staffRoleId } = await startTimekeepingServer());
});
afterAll(() => s.close());

/** A new staff member with the Staff role (their own timesheet only), signed in. */
const staff = (fname: string) =>
  signedInStaff(s, admin, fname, { tag: 't2p', family: 'Period', roleIds: [staffRoleId] });
const post = (url: string, token: string, payload: object) =>
  s.call({ method: 'POST', url: `/api/v2/timesheets/${url}`, token, payload });
const periods = (query: string, token = keeper) =>
  s.call({ method: 'GET', url: `/api/v2/timesheets/periods?${query}`, token });

describe('the approval of a pay period', () => {
  it('goes open → submitted → returned → submitted → approved → open, each step by whom it belongs to', async () => {
    const ana = await staff('Ana');
    const submit = await post('periods/submit', ana.token, { date: '2025-10-07' });
    expect(submit.statusCode).toBe(200);
    expect(submit.json().data).toMatchObject({
      user_id: ana.id,
      user_name: ana.name,
      start: '2025-10-01',
      end: '2025-10-15',
      state: 'submitted',
      submitted_by: ana.id,
      decided_at: null,
    });
    const twice = await post('periods/submit', ana.token, { date: '2025-10-15' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'The pay period 2025-10-01 to 2025-10-15 is submitted already: the timekeeper approves it or returns it.',
    );
    expect(twice.json().record.state).toBe('submitted');

    // Deciding is the timekeeper's: the person cannot approve or return their own.
    expect((await post('periods/approve', ana.token, { user_id: ana.id, date: '2025-10-07' })).statusCode).toBe(403);
    const noNote = await post('periods/return', keeper, { user_id: ana.id, date: '2025-10-07' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors.note).toBeDefined();
    const back = await post('periods/return', keeper, {
      user_id: ana.id,
      date: '2025-10-07',
      note: 'The 3rd has no lunch break.',
    });
    expect(back.json().data).toMatchObject({ state: 'returned', note: 'The 3rd has no lunch break.' });
    expect(back.json().data.decided_by).toBe(keeperId);

    expect((await post('periods/submit', ana.token, { date: '2025-10-01' })).json().data.state).toBe('submitted');
    const approve = await post('periods/approve', keeper, { user_id: ana.id, date: '2025-10-01' });
    expect(approve.json().data.state).toBe('approved');
    // A retried approval answers the period as it is (nothing written: the audit trail below has one approval).
    const again = await post('periods/approve', keeper, { user_id: ana.id, date: '2025-10-01' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(approve.json().data);
    const submitApproved = await post('periods/submit', ana.token, { date: '2025-10-01' });
    expect(submitApproved.statusCode).toBe(409);
    expect(submitApproved.json().message).toBe(
      'The pay period 2025-10-01 to 2025-10-15 is approved already. The timekeeper can reopen it, with a reason.',
    );
    const returnApproved = await post('periods/return', keeper, { user_id: ana.id, date: '2025-10-01', note: 'x' });
    expect(returnApproved.statusCode).toBe(409);

    const noReason = await post('periods/reopen', keeper, { user_id: ana.id, date: '2025-10-01' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();
    const reopen = await post('periods/reopen', keeper, {
      user_id: ana.id,
      date: '2025-10-01',
      reason: 'A training day was missing',
    });
    expect(reopen.json().data).toMatchObject({ state: 'open', reopen_reason: 'A training day was missing' });
    const reopenOpen = await post('periods/reopen', keeper, { user_id: ana.id, date: '2025-10-01', reason: 'x' });
    expect(reopenOpen.statusCode).toBe(409);
    expect(reopenOpen.json().message).toBe(
      'The pay period 2025-10-01 to 2025-10-15 is open: only an approved period can be reopened.',
    );
    const returnOpen = await post('periods/return', keeper, { user_id: ana.id, date: '2025-10-01', note: 'x' });
    expect(returnOpen.json().message).toBe(
      'The pay period 2025-10-01 to 2025-10-15 is open: only a submitted period can be returned.',
    );

    // One row for the person and period; every step in the audit trail.
    const rows = await s.database.db.select().from(timesheetPeriods).where(eq(timesheetPeriods.user_id, ana.id));
    expect(rows).toHaveLength(1);
    const events = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'timesheet_periods'), eq(auditEvents.record_id, rows[0]?.id ?? '')))
      .orderBy(asc(auditEvents.id));
    expect(events.map((e) => [e.action, (e.changes as { action: string }).action])).toEqual([
      ['create', 'submit'],
      ['update', 'return'],
      ['update', 'submit'],
      ['update', 'approve'],
      ['update', 'reopen'],
    ]);
    expect(events.at(-1)?.changes).toMatchObject({
      from_state: 'approved',
      reopen_reason: 'A training day was missing',
    });
  });

  it('the timekeeper approves an open period at once; a period with a record still open cannot be handed in', async () => {
    const ben = await staff('Ben');
    const clockIn = await s.call({
      method: 'POST',
      url: '/api/v2/timesheets',
      token: ben.token,
      payload: { started_at: '2025-10-20T07:58:00-07:00', method: 'clock' },
    });
    expect(clockIn.statusCode).toBe(201);
    const submit = await post('periods/submit', ben.token, { date: '2025-10-20' });
    expect(submit.statusCode).toBe(422);
    expect(submit.json().errors.date).toEqual([
      'You have a record with no clock-out on 2025-10-20 from 7:58 AM: clock out or fix it first.',
    ]);
    const approve = await post('periods/approve', keeper, { user_id: ben.id, date: '2025-10-20' });
    expect(approve.statusCode).toBe(422);
    expect(approve.json().errors.date?.[0]).toMatch(/^Period\d+, Ben has a record with no clock-out/);
    await s.call({
      method: 'POST',
      url: `/api/v2/timesheets/${clockIn.json().data.id}`,
      token: ben.token,
      payload: { ended_at: '2025-10-20T15:58:00-07:00' },
    });
    expect((await post('periods/approve', keeper, { user_id: ben.id, date: '2025-10-31' })).json().data).toMatchObject({
      start: '2025-10-16',
      end: '2025-10-31',
      state: 'approved',
      submitted_at: null,
    });
    // A staff member hands in only their own; the timekeeper may for anyone.
    const cy = await staff('Cy');
    expect((await post('periods/submit', cy.token, { user_id: ben.id, date: '2025-10-07' })).statusCode).toBe(403);
    const forCy = await post('periods/submit', keeper, { user_id: cy.id, date: '2025-10-07' });
    expect(forCy.json().data).toMatchObject({ user_id: cy.id, state: 'submitted', submitted_by: keeperId });
    const scholar = (await s.database.db.select({ id: users.id }).from(users).where(eq(users.type, 'student')))[0];
    const notStaff = await post('periods/approve', keeper, { user_id: scholar?.id, date: '2025-10-07' });
    expect(notStaff.statusCode).toBe(422);
    expect(notStaff.json().errors.user_id).toBeDefined();
  });
});

/** The audit trail of a person's period: each event's action and the period action it records. */
async function trail(userId: string, start: string) {
  const [row] = await s.database.db
    .select()
    .from(timesheetPeriods)
    .where(and(eq(timesheetPeriods.user_id, userId), eq(timesheetPeriods.period_start, start)));
  const events = await s.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.resource, 'timesheet_periods'), eq(auditEvents.record_id, row?.id ?? '')))
    .orderBy(asc(auditEvents.id));
  return { row, actions: events.map((e) => [e.action, (e.changes as { action: string }).action]) };
}

describe('withdrawing a submission', () => {
  it('takes a submitted period back to open, audited; a retry answers it as it is', async () => {
    const hal = await staff('Hal');
    await post('periods/submit', hal.token, { date: '2025-11-04' });
    const withdraw = await post('periods/withdraw', hal.token, { date: '2025-11-10' });
    expect(withdraw.statusCode).toBe(200);
    expect(withdraw.json().data).toMatchObject({
      user_id: hal.id,
      start: '2025-11-01',
      end: '2025-11-15',
      state: 'open',
      submitted_at: null,
      submitted_by: null,
    });
    const twice = await post('periods/withdraw', hal.token, { date: '2025-11-01' });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data).toEqual(withdraw.json().data);
    expect((await trail(hal.id, '2025-11-01')).actions).toEqual([
      ['create', 'submit'],
      ['update', 'withdraw'],
    ]);
    // Open again, it can be handed in again.
    expect((await post('periods/submit', hal.token, { date: '2025-11-01' })).json().data.state).toBe('submitted');
  });

  it("is refused with 409 once approved, or when never submitted; one's own only, anyone's for the timekeeper", async () => {
    const ida = await staff('Ida');
    const jon = await staff('Jon');
    const never = await post('periods/withdraw', ida.token, { date: '2025-11-20' });
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toBe(
      'The pay period 2025-11-16 to 2025-11-30 is open: only a submitted period can be withdrawn.',
    );
    await post('periods/submit', ida.token, { date: '2025-11-20' });
    await post('periods/return', keeper, { user_id: ida.id, date: '2025-11-20', note: 'The 18th is missing.' });
    const returned = await post('periods/withdraw', ida.token, { date: '2025-11-20' });
    expect(returned.statusCode).toBe(409);
    expect(returned.json().record.state).toBe('returned');
    await post('periods/submit', ida.token, { date: '2025-11-20' });
    await post('periods/approve', keeper, { user_id: ida.id, date: '2025-11-20' });
    const approved = await post('periods/withdraw', ida.token, { date: '2025-11-20' });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(
      'The pay period 2025-11-16 to 2025-11-30 is approved already. The timekeeper can reopen it, with a reason.',
    );
    expect((await trail(ida.id, '2025-11-16')).row?.state).toBe('approved');

    await post('periods/submit', jon.token, { date: '2025-11-20' });
    expect((await post('periods/withdraw', ida.token, { user_id: jon.id, date: '2025-11-20' })).statusCode).toBe(403);
    const forJon = await post('periods/withdraw', keeper, { user_id: jon.id, date: '2025-11-20' });
    expect(forJon.json().data).toMatchObject({ user_id: jon.id, state: 'open' });
    expect((await post('periods/withdraw', keeper, { date: 'soon' })).statusCode).toBe(422);
  });
});

describe('approving many periods at once', () => {
  it('approves each it can in one request, answers the one with an open record with its reason, safe to resend', async () => {
    const kim = await staff('Kim');
    const lou = await staff('Lou');
    const max = await staff('Max');
    await post('periods/submit', kim.token, { date: '2025-12-03' });
    await post('periods/submit', lou.token, { date: '2025-12-03' });
    const clockIn = await s.call({
      method: 'POST',
      url: '/api/v2/timesheets',
      token: max.token,
      payload: { started_at: '2025-12-02T08:00:00-08:00', method: 'clock' },
    });
    expect(clockIn.statusCode).toBe(201);
    const periods = [
      { user_id: kim.id, start: '2025-12-01' },
      { user_id: max.id, start: '2025-12-01' },
      { user_id: lou.id, start: '2025-12-01' },
    ];
    const many = await post('periods/approve_many', keeper, { periods });
    expect(many.statusCode).toBe(200);
    const data = many.json().data;
    expect(data.map((r: { user_id: string; ok: boolean }) => [r.user_id, r.ok])).toEqual([
      [kim.id, true],
      [max.id, false],
      [lou.id, true],
    ]);
    expect(data[0].period).toMatchObject({ state: 'approved', decided_by: keeperId, end: '2025-12-15' });
    expect(data[1]).toEqual({
      ok: false,
      user_id: max.id,
      start: '2025-12-01',
      status: 422,
      message: `${max.name} has a record with no clock-out on 2025-12-02 from 8:00 AM: clock out or fix it first.`,
    });
    expect((await trail(kim.id, '2025-12-01')).row?.state).toBe('approved');
    expect((await trail(lou.id, '2025-12-01')).row?.state).toBe('approved');
    // Nothing written for the refused one (its savepoint rolled back).
    expect((await trail(max.id, '2025-12-01')).row).toBeUndefined();

    // Sent again: the approved ones as they are, the refused one still refused, no second approval audited.
    const again = await post('periods/approve_many', keeper, { periods });
    expect(again.statusCode).toBe(200);
    expect(again.json().data[0]).toEqual(data[0]);
    expect(again.json().data[2]).toEqual(data[2]);
    expect(again.json().data[1].ok).toBe(false);
    expect((await trail(kim.id, '2025-12-01')).actions).toEqual([
      ['create', 'submit'],
      ['update', 'approve'],
    ]);
  });

  it("is the timekeeper's; takes 1 to 200 periods, each starting a pay period", async () => {
    const ned = await staff('Ned');
    const one = [{ user_id: ned.id, start: '2025-12-16' }];
    expect((await post('periods/approve_many', ned.token, { periods: one })).statusCode).toBe(403);
    expect((await post('periods/approve_many', keeper, { periods: [] })).statusCode).toBe(422);
    const tooMany = Array.from({ length: MAX_APPROVE_MANY + 1 }, () => one[0]);
    expect((await post('periods/approve_many', keeper, { periods: tooMany })).statusCode).toBe(422);
    const notStart = await post('periods/approve_many', keeper, {
      periods: [{ user_id: ned.id, start: '2025-12-17' }],
    });
    expect(notStart.json().data).toEqual([
      {
        ok: false,
        user_id: ned.id,
        start: '2025-12-17',
        status: 422,
        message: '2025-12-17 is not the first day of a pay period.',
      },
    ]);
    const scholar = (await s.database.db.select({ id: users.id }).from(users).where(eq(users.type, 'student')))[0];
    const mixed = await post('periods/approve_many', keeper, {
      periods: [...one, { user_id: scholar?.id, start: '2025-12-16' }],
    });
    expect(mixed.json().data.map((r: { ok: boolean }) => r.ok)).toEqual([true, false]);
    expect(mixed.json().data[1].message).toBe('Choose a staff member.');
  });
});

describe('the periods of a range', () => {
  it("lists each person's periods with their state: one's own, or every active staff member's for the timekeeper", async () => {
    const dee = await staff('Dee');
    const eve = await staff('Eve');
    await post('periods/submit', dee.token, { date: '2025-09-03' });
    await post('periods/approve', keeper, { user_id: eve.id, date: '2025-09-20' });
    const own = await periods('from=2025-08-25&to=2025-09-20', dee.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((p: TimesheetPeriod) => [p.user_id, p.start, p.end, p.state])).toEqual([
      [dee.id, '2025-08-16', '2025-08-31', 'open'],
      [dee.id, '2025-09-01', '2025-09-15', 'submitted'],
      [dee.id, '2025-09-16', '2025-09-30', 'open'],
    ]);
    expect((await periods(`from=2025-09-01&to=2025-09-30&user_id=${eve.id}`, dee.token)).statusCode).toBe(403);
    const all = (await periods('from=2025-09-16&to=2025-09-16')).json().data as TimesheetPeriod[];
    const activeStaff = await s.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.type, 'staff'), eq(users.active, true)));
    expect(all).toHaveLength(activeStaff.length);
    expect(all.find((p) => p.user_id === eve.id)).toMatchObject({ state: 'approved', user_name: eve.name });
    expect(all.find((p) => p.user_id === dee.id)?.state).toBe('open');
    const names = all.map((p) => p.user_name);
    expect(names.indexOf(dee.name)).toBeLessThan(names.indexOf(eve.name));
    const one = (await periods(`from=2025-09-01&to=2025-09-30&user_id=${eve.id}`)).json().data as TimesheetPeriod[];
    expect(one.map((p) => p.state)).toEqual(['open', 'approved']);
    expect((await periods('from=2025-09-30&to=2025-09-01')).statusCode).toBe(422);
    // At most MAX_SUMMARY_DAYS days, both ends counted, as the summary allows.
    const last = shiftDate('2025-01-01', MAX_SUMMARY_DAYS - 1);
    expect((await periods(`from=2025-01-01&to=${last}`)).statusCode).toBe(200);
    expect((await periods(`from=2025-01-01&to=${shiftDate(last, 1)}`)).json().errors).toEqual({
      to: [`Ask for at most ${MAX_SUMMARY_DAYS} days at once.`],
    });
  });
});

describe('staff badges', () => {
  it('issues a new random badge for oneself, or anyone for the timekeeper, audited without the code', async () => {
    const fay = await staff('Fay');
    const gus = await staff('Gus');
    const mine = await post('badge', fay.token, {});
    expect(mine.statusCode).toBe(200);
    const { code, text, user_id } = mine.json().data;
    expect(user_id).toBe(fay.id);
    expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(text).toBe(`STAFF:${code}`);
    const [stored] = await s.database.db.select({ badge: users.badge_code }).from(users).where(eq(users.id, fay.id));
    expect(stored?.badge).toBe(code);
    expect((await post('badge', fay.token, { user_id: gus.id })).statusCode).toBe(403);
    const forGus = await post('badge', keeper, { user_id: gus.id });
    expect(forGus.json().data.user_id).toBe(gus.id);
    const again = await post('badge', keeper, { user_id: fay.id });
    expect(again.json().data.code).not.toBe(code);
    const events = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'users'), eq(auditEvents.record_id, fay.id)));
    expect(events.filter((e) => JSON.stringify(e.changes).includes('badge'))).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain(code);
    const scholar = (await s.database.db.select({ id: users.id }).from(users).where(eq(users.type, 'student')))[0];
    expect((await post('badge', keeper, { user_id: scholar?.id })).statusCode).toBe(422);
  });
});
