/**
 * A small stand-in for the calls View Single makes, installed by stubbing `fetch` (src/test/fake-server.ts):
 * `v2/config`, the timekeeping staff (search and single) and expected hours. Expected hours follow a plain rule
 * unless a test sets a day: Monday to Friday 08:00–16:30 with a 30-minute break (8:00) from a default week in effect
 * since Aug 1, 2026, weekends off; a person without a week gets 'no default week' every day.
 */
import { datesBetween, type ExpectedDay, isoWeekday, type TimekeepingStaffRecord } from '../../../../contract';
import { FakeServer, json, pageOf } from '../../../../test/fake-server';

const WEEK = { schedule_id: 'week-1', effective_from: '2026-08-01' };

/** A staff member with defaults for what a test does not care about. */
export function makeStaff(id: string, fname: string, lname: string, extra: Partial<TimekeepingStaffRecord> = {}) {
  return {
    id,
    fname,
    lname,
    nickname: null,
    email: `${fname}.${lname}@demo.school`.toLowerCase(),
    exempt: false,
    current_schedule: { id: WEEK.schedule_id, effective_from: WEEK.effective_from, weekly_minutes: 2400 },
    ...extra,
  } satisfies TimekeepingStaffRecord;
}

/** A day of the default week as the server answers it. */
export function defaultDay(date: string): ExpectedDay {
  return isoWeekday(date) <= 5
    ? {
        date,
        minutes: 480,
        blocks: [{ start: '08:00', end: '16:30', break_minutes: 30 }],
        reason: 'default',
        details: [{ kind: 'default', ...WEEK }],
      }
    : { date, minutes: 0, blocks: [], reason: 'weekly_off', details: [{ kind: 'weekly_off', ...WEEK }] };
}

/** The fake server: staff, the days a test set, and who has no default week. */
export class FakeScheduleServer extends FakeServer {
  staff: TimekeepingStaffRecord[] = [];
  /** Days that differ from the default week, by person and date. */
  days = new Map<string, ExpectedDay>();
  /** People without a default week. */
  noWeek = new Set<string>();

  /** Sets a person's day. */
  setDay(userId: string, day: ExpectedDay): void {
    this.days.set(`${userId}|${day.date}`, day);
  }

  private dayOf(userId: string, date: string): ExpectedDay {
    if (this.noWeek.has(userId)) {
      return { date, minutes: 0, blocks: [], reason: 'no_schedule', details: [{ kind: 'no_schedule' }] };
    }
    return this.days.get(`${userId}|${date}`) ?? defaultDay(date);
  }

  protected route(request: Request, { path, query }: { path: string; query: URLSearchParams }): Response {
    if (path === 'v2/config') {
      return json(200, { google_client_id: null, school_name: 'Demo', time_zone: 'America/Los_Angeles' });
    }
    if (request.method !== 'GET') return json(405, { message: 'Method not allowed.' });
    if (path === 'v2/timesheet_schedules/expected') {
      const from = query.get('from') ?? '';
      const to = query.get('to') ?? '';
      const data = this.staff
        .filter((s) => s.id === query.get('user_id'))
        .map((s) => {
          const days = datesBetween(from, to).map((date) => this.dayOf(s.id, date));
          const total_minutes = days.reduce((sum, d) => sum + d.minutes, 0);
          return { user_id: s.id, exempt: s.exempt, total_minutes, days };
        });
      return json(200, { data, meta: { from, to, time_zone: 'America/Los_Angeles' } });
    }
    if (path === 'v2/timesheet_schedules/staff') {
      const search = (query.get('search') ?? '').toLowerCase();
      return pageOf(
        this.staff.filter((s) => `${s.fname} ${s.lname} ${s.email}`.toLowerCase().includes(search)),
        query,
      );
    }
    const single = /^v2\/timesheet_schedules\/staff\/([^/]+)$/.exec(path);
    if (single) {
      const found = this.staff.find((s) => s.id === single[1]);
      return found ? json(200, { data: found }) : json(404, { message: 'No such record.' });
    }
    return json(404, { message: 'No such route.' });
  }
}
