/**
 * An in-memory stand-in for the calls of Edit Defaults (`v2/timesheet_schedules` and its `staff` and `copy`), with
 * the rules the screen leans on: weeks newest first, one week per person and date (409), copy skips the week's own
 * person and replaces a week from the same date. Every request is recorded with its JSON body.
 */
import {
  type TimekeepingStaffRecord,
  type TimesheetScheduleRecord,
  type Week,
  weekMinutes,
} from '../../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../../test/fake-server';

export interface RecordedRequest extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

const STAMP = '2026-01-05T16:00:00.000Z';
const id = (n: number) => `0190f3a4-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** A person as the staff list answers them (without their week in effect, which the fake works out). */
export const person = (n: number, fname: string, lname: string, exempt = false) => ({
  id: id(n),
  fname,
  lname,
  nickname: null,
  email: `${fname}.${lname}@demo.school`.toLowerCase(),
  exempt,
});
type Person = ReturnType<typeof person>;

/** A week from a date. */
export const week = (n: number, userId: string, effectiveFrom: string, days: Week): TimesheetScheduleRecord => ({
  id: id(100 + n),
  user_id: userId,
  effective_from: effectiveFrom,
  days,
  weekly_minutes: weekMinutes(days),
  note: null,
  created_at: STAMP,
  updated_at: STAMP,
});

interface SentBody {
  exempt: boolean;
  schedule_id: string;
  user_ids: string[];
  user_id: string;
  effective_from: string;
  days: Week;
  note: string | null;
}

export class FakeDefaultsServer extends FakeServer<RecordedRequest> {
  private nextId = 500;

  constructor(
    public people: Person[],
    public weeks: TimesheetScheduleRecord[],
    /** Today on the school's calendar, for each person's week in effect. */
    private today: string,
  ) {
    super();
  }

  /** The requests with this method and exactly this path (after `/api/`). */
  calls(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<RecordedRequest> {
    return { ...base, body: await jsonBody(request) };
  }

  private staffRecord(p: Person): TimekeepingStaffRecord {
    const current = this.weeksOf(p.id).find((w) => w.effective_from <= this.today);
    return {
      ...p,
      current_schedule: current
        ? { id: current.id, effective_from: current.effective_from, weekly_minutes: current.weekly_minutes }
        : null,
    };
  }

  private weeksOf(userId: string) {
    return this.weeks
      .filter((w) => w.user_id === userId)
      .sort((a, b) => b.effective_from.localeCompare(a.effective_from));
  }

  private write(userId: string, from: string, days: Week, note: string | null, existing?: TimesheetScheduleRecord) {
    const record: TimesheetScheduleRecord = {
      ...(existing ?? week(this.nextId++, userId, from, days)),
      effective_from: from,
      days,
      weekly_minutes: weekMinutes(days),
      note,
    };
    this.weeks = [...this.weeks.filter((w) => w.id !== record.id), record];
    return record;
  }

  protected route(request: Request, { path, query, body }: RecordedRequest): Response {
    // What the screen sends; each route reads its own fields.
    const b = (body ?? {}) as unknown as SentBody;
    const staff = /^v2\/timesheet_schedules\/staff(?:\/([^/]+))?$/.exec(path);
    if (staff) {
      const [, staffId] = staff;
      if (!staffId) {
        const word = (query.get('search') ?? '').toLowerCase();
        const found = this.people.filter((p) => `${p.fname} ${p.lname} ${p.email}`.toLowerCase().includes(word));
        return pageOf(
          found.map((p) => this.staffRecord(p)),
          query,
        );
      }
      const p = this.people.find((x) => x.id === staffId);
      if (!p) return json(404, { message: 'No such staff member.' });
      if (request.method === 'POST') p.exempt = b.exempt;
      return json(200, { data: this.staffRecord(p) });
    }
    if (path === 'v2/timesheet_schedules/copy') {
      const source = this.weeks.find((w) => w.id === b.schedule_id) as TimesheetScheduleRecord;
      const targets = b.user_ids.filter((u) => u !== source.user_id);
      const data = targets.map((u) => {
        const existing = this.weeksOf(u).find((w) => w.effective_from === b.effective_from);
        return this.write(u, b.effective_from, source.days, source.note, existing);
      });
      return json(200, { data });
    }
    const [, weekId] = /^v2\/timesheet_schedules(?:\/([^/]+))?$/.exec(path) ?? [];
    if (!weekId && request.method === 'GET') return pageOf(this.weeksOf(query.get('filter[user_id]') ?? ''), query);
    if (!weekId && request.method === 'POST') {
      if (this.weeksOf(b.user_id).some((w) => w.effective_from === b.effective_from)) {
        return json(409, { message: `A default week from ${b.effective_from} exists.`, code: 'conflict' });
      }
      return json(201, { data: this.write(b.user_id, b.effective_from, b.days, b.note) });
    }
    const existing = this.weeks.find((w) => w.id === weekId);
    if (!existing) return json(404, { message: 'No such week.' });
    if (request.method === 'DELETE') {
      this.weeks = this.weeks.filter((w) => w.id !== weekId);
      return json(200, { message: 'Deleted.' });
    }
    return json(200, {
      data: this.write(
        existing.user_id,
        b.effective_from ?? existing.effective_from,
        b.days ?? existing.days,
        b.note ?? null,
        existing,
      ),
    });
  }
}
