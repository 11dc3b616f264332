/**
 * A small in-memory stand-in for the endpoints View Records calls, installed by stubbing `globalThis.fetch` (like the
 * meal records' fake): `v2/config`, `v2/demographics` (search, pages), `v2/check_ins` (the contract's filters: range,
 * comma-separated kinds, method, flagged, scholar, pick-up adult; the search over the adult's name and the reasons;
 * sort by time; pages of at most 500) and `v2/authorized_pick_ups` (search, single by id). It records every request,
 * can fail the next matching call, hold answers, or lose the network.
 */
import type { AuthorizedPickUpRecord, CheckInRecord, DemographicRecord } from '../../../../contract';
import { pickUpRecord } from '../../../../offline/test/fakes';
import { type BaseRecordedRequest, FakeServer, json, pageOf } from '../../../../test/fake-server';

export type RecordedRequest = BaseRecordedRequest;

const STAMP = '2030-01-01T00:00:00.000Z';

/** A scholar with defaults for what a test does not care about. */
export function makeScholar(id: string, fname: string, lname: string, extra: Partial<DemographicRecord> = {}) {
  return {
    id,
    user_id: null,
    student_number: `10${id.replace(/\D/g, '').padStart(3, '0')}`,
    fname,
    lname,
    nickname: null,
    grade: '3',
    program: 'Elementary',
    homeroom: 'Room 4',
    photo_id: null,
    badge_code: `badge-${id}`,
    alerts: null,
    active: true,
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  } satisfies DemographicRecord;
}

/** A pick-up adult with defaults. */
export function makePickUp(
  id: string,
  scholarId: string,
  fullName: string,
  extra: Partial<AuthorizedPickUpRecord> = {},
): AuthorizedPickUpRecord {
  return pickUpRecord({
    id,
    scholar_id: scholarId,
    full_name: fullName,
    relationship: 'Mother',
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  });
}

/** A sign-out with defaults (on 2030-03-04 at 2:30 PM in Los Angeles, to no one yet: set the adult). */
export function makeCheckIn(id: string, scholarId: string, extra: Partial<CheckInRecord> = {}): CheckInRecord {
  return {
    id,
    kind: 'sign_out',
    scholar_id: scholarId,
    occurred_at: '2030-03-04T22:30:00.000Z',
    school_day: '2030-03-04',
    reason: null,
    method: 'manual',
    pick_up_id: null,
    pick_up_name: null,
    override_reason: null,
    flagged: false,
    late: false,
    recorded_by: 'user-office',
    device_id: 'tablet-1',
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  };
}

/** The fake server: its data, what it was asked, and switches for failures. */
export class FakeRecordsServer extends FakeServer {
  timeZone = 'America/Los_Angeles';

  constructor(
    public scholars: DemographicRecord[] = [],
    public checkIns: CheckInRecord[] = [],
    public pickUps: AuthorizedPickUpRecord[] = [],
  ) {
    super();
  }

  /** The requests with this method whose path is exactly `path`. */
  calls(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  protected route(request: Request, { path, query: q }: RecordedRequest): Response {
    if (request.method !== 'GET') return json(405, { message: 'Read only.' });
    if (path === 'v2/config') {
      return json(200, { google_client_id: null, school_name: 'Demo', time_zone: this.timeZone, version: 'test' });
    }
    if (path === 'v2/demographics') return this.listScholars(q);
    if (path === 'v2/check_ins') return this.listCheckIns(q);
    if (path === 'v2/authorized_pick_ups') return this.listPickUps(q);
    const single = /^v2\/authorized_pick_ups\/([^/]+)$/.exec(path);
    if (single) {
      const found = this.pickUps.find((p) => p.id === single[1]);
      return found ? json(200, { data: found }) : json(404, { message: 'No such record.' });
    }
    return json(404, { message: 'No such route.' });
  }

  private page<T>(rows: T[], q: URLSearchParams): Response {
    return pageOf(rows, q, 500);
  }

  private listScholars(q: URLSearchParams): Response {
    const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found = this.scholars
      .filter((s) => words.every((w) => `${s.fname} ${s.lname} ${s.student_number}`.toLowerCase().includes(w)))
      .sort((a, b) => a.lname.localeCompare(b.lname) || a.id.localeCompare(b.id));
    return this.page(found, q);
  }

  private listPickUps(q: URLSearchParams): Response {
    const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found = this.pickUps
      .filter((p) => words.every((w) => p.full_name.toLowerCase().includes(w)))
      .sort((a, b) => a.full_name.localeCompare(b.full_name));
    return this.page(found, q);
  }

  private listCheckIns(q: URLSearchParams): Response {
    const f = (name: string) => q.get(`filter[${name}]`);
    const kinds = f('kind')?.split(',');
    const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const sort = q.get('sort') ?? '-occurred_at';
    const found = this.checkIns
      .filter((r) => !f('from') || r.school_day >= (f('from') as string))
      .filter((r) => !f('to') || r.school_day <= (f('to') as string))
      .filter((r) => !kinds || kinds.includes(r.kind))
      .filter((r) => !f('method') || r.method === f('method'))
      .filter((r) => !f('flagged') || String(r.flagged) === f('flagged'))
      .filter((r) => !f('scholar_id') || r.scholar_id === f('scholar_id'))
      .filter((r) => !f('pick_up_id') || r.pick_up_id === f('pick_up_id'))
      .filter((r) =>
        words.every((w) =>
          [r.pick_up_name, r.reason, r.override_reason].some((text) => text?.toLowerCase().includes(w)),
        ),
      )
      .sort(
        (a, b) =>
          (sort.startsWith('-') ? -1 : 1) * (a.occurred_at.localeCompare(b.occurred_at) || a.id.localeCompare(b.id)),
      );
    return this.page(found, q);
  }
}
