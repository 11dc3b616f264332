/**
 * A small stand-in for the calls the timesheet reports make, installed by stubbing `fetch` (src/test/fake-server.ts):
 * `v2/config`, `v2/timesheets/summary` (computed from the days a test gives each person, totals summed from them,
 * so far and ahead too, days left out for `days=false`), `v2/timesheets/periods` (semi-monthly periods touching the dates, each person's state
 * kept here) and its submit / approve / return / reopen, which follow the approval's states as the contract describes
 * them and answer 409 from any other state, or 422 without the note or reason.
 */
import {
  type FlagCode,
  type PeriodState,
  payPeriodOf,
  payPeriodsBetween,
  type SummaryDay,
  type SummaryPerson,
  type SummaryResponse,
  type TimesheetCategory,
  type TimesheetPeriod,
} from '../../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody } from '../../../../test/fake-server';

export const TIME_ZONE = 'America/Los_Angeles';
const SEMI_MONTHLY = { pay_period_rule: 'semi_monthly', pay_period_anchor: null } as const;

/** A request with its JSON body. */
export interface RecordedRequest extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

/**
 * A day as a test writes it: the date, worked and expected minutes and whatever else matters to it. Its expected
 * minutes so far are all of them (a past day) unless the test says otherwise.
 */
export function day(
  date: string,
  worked: number,
  expected: number,
  extra: Partial<Omit<SummaryDay, 'date' | 'worked_minutes' | 'expected_minutes'>> = {},
): SummaryDay {
  return {
    date,
    worked_minutes: worked,
    expected_minutes: expected,
    expected_so_far_minutes: expected,
    by_category: worked > 0 ? { regular: worked } : {},
    first_in: null,
    last_out: null,
    records: worked > 0 ? 1 : 0,
    open: false,
    flags: [],
    ...extra,
  };
}

/** A person of the fake school: their days and dated flags (totals and periods are worked out per request). */
export interface FakePerson {
  user_id: string;
  user_name: string;
  exempt?: boolean;
  days: SummaryDay[];
  flags?: { code: FlagCode; date: string }[];
}

export class FakeTimesheetServer extends FakeServer<RecordedRequest> {
  people: FakePerson[] = [];
  /** The instant the summary answers as of (`as_of`); the days' so-far minutes are the test's own. */
  asOf = '2026-11-17T19:40:00.000Z';
  /** The signed-in person, whose period a call without `user_id` is about. */
  me: string | null = null;
  /** Periods `approve_many` refuses, by `user_id|start`, with the server's words. */
  refusals = new Map<string, string>();
  /** Pay period states by `user_id|start` (absent: open), with their note. */
  states = new Map<string, { state: PeriodState; note: string | null; reason: string | null }>();

  setState(userId: string, start: string, state: PeriodState, note: string | null = null): void {
    this.states.set(`${userId}|${start}`, { state, note, reason: null });
  }

  private period(person: FakePerson, start: string, end: string): TimesheetPeriod {
    const stored = this.states.get(`${person.user_id}|${start}`);
    return {
      user_id: person.user_id,
      user_name: person.user_name,
      start,
      end,
      state: stored?.state ?? 'open',
      submitted_at: null,
      submitted_by: null,
      decided_at: null,
      decided_by: null,
      note: stored?.note ?? null,
      reopen_reason: stored?.reason ?? null,
    };
  }

  /** The summary of one person from `from` to `to`. */
  private summaryOf(person: FakePerson, from: string, to: string, withDays: boolean): SummaryPerson {
    const days = person.days.filter((d) => d.date >= from && d.date <= to);
    const byCategory: Partial<Record<TimesheetCategory, number>> = {};
    for (const d of days) {
      for (const [category, minutes] of Object.entries(d.by_category) as [TimesheetCategory, number][]) {
        byCategory[category] = (byCategory[category] ?? 0) + minutes;
      }
    }
    const expected = days.reduce((sum, d) => sum + d.expected_minutes, 0);
    const soFar = days.reduce((sum, d) => sum + d.expected_so_far_minutes, 0);
    return {
      user_id: person.user_id,
      user_name: person.user_name,
      exempt: person.exempt ?? false,
      worked_minutes: days.reduce((sum, d) => sum + d.worked_minutes, 0),
      expected_minutes: expected,
      expected_so_far_minutes: soFar,
      expected_ahead_minutes: expected - soFar,
      by_category: byCategory,
      days: withDays ? days : [],
      flags: (person.flags ?? []).filter((f) => f.date >= from && f.date <= to),
      periods: payPeriodsBetween(from, to, SEMI_MONTHLY).map((p) => {
        const { start, end, state, note } = this.period(person, p.start, p.end);
        return { start, end, state, note };
      }),
    };
  }

  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<RecordedRequest> {
    return { ...base, body: await jsonBody(request.clone()) };
  }

  protected route(request: Request, { path, query, body }: RecordedRequest): Response {
    if (path === 'v2/config') {
      return json(200, { google_client_id: null, school_name: 'Demo', time_zone: TIME_ZONE });
    }
    const from = query.get('from') ?? '';
    const to = query.get('to') ?? '';
    if (request.method === 'GET' && path === 'v2/timesheets/summary') {
      const answer: SummaryResponse = {
        from,
        to,
        time_zone: TIME_ZONE,
        as_of: this.asOf,
        flag_settings: { weekly_overtime: true, daily_overtime: true, seventh_day: true, meal_break: true },
        people: this.people.map((p) => this.summaryOf(p, from, to, query.get('days') !== 'false')),
      };
      return json(200, answer);
    }
    if (request.method === 'GET' && path === 'v2/timesheets/periods') {
      const data = this.people.flatMap((p) =>
        payPeriodsBetween(from, to, SEMI_MONTHLY).map((range) => this.period(p, range.start, range.end)),
      );
      return json(200, { data });
    }
    if (request.method === 'POST' && path === 'v2/timesheets/periods/approve_many') {
      return this.approveMany((body?.periods ?? []) as { user_id: string; start: string }[]);
    }
    const action = /^v2\/timesheets\/periods\/(submit|approve|return|reopen|withdraw)$/.exec(path)?.[1];
    if (request.method === 'POST' && action) return this.act(action, body ?? {});
    return json(404, { message: 'No such route.' });
  }

  /** Each period approved unless refused (as the server answers, one result each, in the order asked). */
  private approveMany(keys: { user_id: string; start: string }[]): Response {
    const data = keys.map((key) => {
      const refusal = this.refusals.get(`${key.user_id}|${key.start}`);
      if (refusal) return { ok: false, ...key, status: 422, message: refusal };
      // An approved period is answered as it is (the server's rule for a resent approval).
      if (this.states.get(`${key.user_id}|${key.start}`)?.state !== 'approved') {
        const answer = this.act('approve', { user_id: key.user_id, date: key.start });
        if (answer.status !== 200) {
          return { ok: false, ...key, status: 409, message: 'This pay period cannot be approved now.' };
        }
      }
      const person = this.people.find((p) => p.user_id === key.user_id) as FakePerson;
      const { end } = payPeriodOf(key.start, SEMI_MONTHLY);
      return { ok: true, ...key, period: this.period(person, key.start, end) };
    });
    return json(200, { data });
  }

  private act(action: string, body: Record<string, unknown>): Response {
    const person = this.people.find((p) => p.user_id === (body.user_id ?? this.me));
    if (!person || typeof body.date !== 'string') return json(404, { message: 'No such record.' });
    const { start, end } = payPeriodOf(body.date, SEMI_MONTHLY);
    const key = `${person.user_id}|${start}`;
    const current = this.states.get(key) ?? { state: 'open' as PeriodState, note: null, reason: null };
    const text = (field: 'note' | 'reason') => (typeof body[field] === 'string' ? (body[field] as string).trim() : '');
    const allowed: Record<string, PeriodState[]> = {
      submit: ['open', 'returned'],
      approve: ['open', 'submitted', 'returned'],
      return: ['submitted'],
      reopen: ['approved'],
      withdraw: ['submitted'],
    };
    if (!allowed[action]?.includes(current.state)) {
      return json(409, { message: `This pay period is ${current.state}: it cannot be ${action}ed now.` });
    }
    if (action === 'return' && !text('note')) {
      return json(422, { message: 'The given data was invalid.', errors: { note: ['This field is required.'] } });
    }
    if (action === 'reopen' && !text('reason')) {
      return json(422, { message: 'The given data was invalid.', errors: { reason: ['This field is required.'] } });
    }
    const next: Record<string, PeriodState> = {
      submit: 'submitted',
      approve: 'approved',
      return: 'returned',
      reopen: 'open',
      withdraw: 'open',
    };
    this.states.set(key, {
      state: next[action] as PeriodState,
      note: action === 'return' ? text('note') : current.note,
      reason: action === 'reopen' ? text('reason') : current.reason,
    });
    return json(200, { data: this.period(person, start, end) });
  }
}
