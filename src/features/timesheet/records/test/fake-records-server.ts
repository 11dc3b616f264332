/**
 * A small stand-in for the calls View Records and View Conferences make, installed by stubbing `fetch`
 * (src/test/fake-server.ts): `v2/config` (the school in Los Angeles), the timekeeping staff (search and single) and
 * `v2/timesheets` as the contract describes it: the list with its filters (`from`/`to` on work_date, `user_id`,
 * `category` as a comma list), search of note and name, sort by start and pages; create; update applied only to the
 * `base_version` it names (409 with the stored record otherwise), refused without a reason (422) and on a locked
 * record (409); delete, refused when locked.
 */
import type { TimekeepingStaffRecord, TimesheetRecord } from '../../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../../test/fake-server';

export const TIME_ZONE = 'America/Los_Angeles';

export interface RecordedRequest extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

export const uid = (n: number) => `0190f3a4-0000-7000-8000-${String(n).padStart(12, '0')}`;

export const staff = (n: number, fname: string, lname: string): TimekeepingStaffRecord => ({
  id: uid(n),
  fname,
  lname,
  nickname: null,
  email: `${fname}.${lname}@demo.school`.toLowerCase(),
  exempt: false,
  current_schedule: null,
});

export const ANA = staff(1, 'Ana', 'Ruiz');
export const BEN = staff(2, 'Ben', 'Ito');
export const CY = staff(3, 'Cy', 'Park');
const PEOPLE = [ANA, BEN, CY];

let next = 100;

/** A finished record of a person from `start` to `end` (instants), 'regular' unless told. */
export function record(
  person: TimekeepingStaffRecord,
  workDate: string,
  start: string,
  end: string | null,
  fields: Partial<TimesheetRecord> = {},
): TimesheetRecord {
  const breakMinutes = fields.break_minutes ?? 0;
  return {
    id: uid(next++),
    user_id: person.id,
    user_name: `${person.lname}, ${person.fname}`,
    work_date: workDate,
    started_at: start,
    ended_at: end,
    break_minutes: breakMinutes,
    worked_minutes: end ? Math.round((Date.parse(end) - Date.parse(start)) / 60_000) - breakMinutes : null,
    category: 'regular',
    leave_type: null,
    note: null,
    method: 'clock',
    version: 1,
    locked: false,
    recorded_by: null,
    device_id: null,
    created_at: start,
    updated_at: start,
    ...fields,
  };
}

export class FakeRecordsServer extends FakeServer<RecordedRequest> {
  constructor(public rows: TimesheetRecord[]) {
    super();
  }

  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<RecordedRequest> {
    return { ...base, body: await jsonBody(request) };
  }

  /** The list's rows for a query, filtered, searched and sorted as the server does. */
  private list(q: URLSearchParams): TimesheetRecord[] {
    const from = q.get('filter[from]');
    const to = q.get('filter[to]');
    const userId = q.get('filter[user_id]');
    const categories = q.get('filter[category]')?.split(',');
    const search = q.get('search')?.toLowerCase();
    const sort = q.get('sort') ?? 'started_at';
    const rows = this.rows.filter(
      (r) =>
        (!from || r.work_date >= from) &&
        (!to || r.work_date <= to) &&
        (!userId || r.user_id === userId) &&
        (!categories || categories.includes(r.category)) &&
        (!search || `${r.note ?? ''} ${r.user_name}`.toLowerCase().includes(search)),
    );
    const sign = sort.startsWith('-') ? -1 : 1;
    return rows.sort((a, b) => sign * a.started_at.localeCompare(b.started_at));
  }

  protected route(request: Request, { path, query, body }: RecordedRequest): Response {
    if (path === 'v2/config') {
      return json(200, { google_client_id: null, school_name: 'Demo', time_zone: TIME_ZONE, version: 'test' });
    }
    if (path === 'v2/timesheet_schedules/staff') {
      const word = (query.get('search') ?? '').toLowerCase();
      return pageOf(
        PEOPLE.filter((p) => `${p.fname} ${p.lname}`.toLowerCase().includes(word)),
        query,
      );
    }
    const person = path.match(/^v2\/timesheet_schedules\/staff\/(.+)$/);
    if (person) {
      const found = PEOPLE.find((p) => p.id === person[1]);
      return found ? json(200, { data: found }) : json(404, { message: 'No such record.' });
    }
    if (path === 'v2/timesheets' && request.method === 'GET') return pageOf(this.list(query), query, 500);
    if (path === 'v2/timesheets' && request.method === 'POST') {
      const sent = body as Partial<TimesheetRecord> & { user_id: string };
      const owner = PEOPLE.find((p) => p.id === sent.user_id) ?? ANA;
      const created = record(
        owner,
        String(sent.started_at).slice(0, 10),
        String(sent.started_at),
        sent.ended_at ?? null,
        {
          ...sent,
          method: 'manual',
        },
      );
      this.rows.push(created);
      return json(201, { data: created });
    }
    const one = path.match(/^v2\/timesheets\/(.+)$/);
    const stored = one ? this.rows.find((r) => r.id === one[1]) : undefined;
    if (one && !stored) return json(404, { message: 'No such record.' });
    if (stored && request.method === 'POST') {
      if (stored.locked) {
        return json(409, { message: 'This pay period is approved: its records are read-only.', record: stored });
      }
      if (body?.base_version !== undefined && body.base_version !== stored.version) {
        return json(409, {
          message: 'This record was changed since you opened it. Here is what is stored now.',
          record: stored,
        });
      }
      if (!body?.reason) {
        return json(422, { message: 'Invalid input.', errors: { reason: ['Say why the record is changed.'] } });
      }
      const { _method, base_version, reason, ...fields } = body;
      Object.assign(stored, fields, { version: stored.version + 1 });
      return json(200, { data: stored });
    }
    if (stored && request.method === 'DELETE') {
      if (stored.locked) return json(409, { message: 'This pay period is approved: its records are read-only.' });
      this.rows = this.rows.filter((r) => r !== stored);
      return json(200, { message: 'Deleted.' });
    }
    return json(404, { message: 'No such route.' });
  }
}
