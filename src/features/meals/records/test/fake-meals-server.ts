/**
 * A small in-memory stand-in for the endpoints View Records and View Who Ate call, installed by stubbing
 * `globalThis.fetch` (like the administration screens' fake): `v2/config`, `v2/demographics` (search, filters, sort,
 * pages), `v2/nslp_records` (the contract's filters, sort, pages, include_voided, the void), its `daily_counts`
 * (answered from what the test sets) and `v2/photos/:id`. It records every request, and can fail the next matching
 * call or lose the network.
 */
import type { DemographicRecord, NslpDailyCountsResponse, NslpRecord } from '../../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../../test/fake-server';

export interface RecordedRequest extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

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
    grade: '7',
    program: 'Secondary',
    homeroom: 'Room 12',
    photo_id: null,
    badge_code: `badge-${id}`,
    alerts: null,
    active: true,
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  } satisfies DemographicRecord;
}

/** A meal record with defaults (lunch on 2030-03-04 at noon in Los Angeles). */
export function makeRecord(id: string, scholarId: string, extra: Partial<NslpRecord> = {}): NslpRecord {
  return {
    id,
    scholar_id: scholarId,
    served_on: '2030-03-04',
    meal_type: 'lunch',
    served_at: '2030-03-04T20:00:00.000Z',
    added_as_missing: false,
    missing_reason: null,
    recorded_by: 'user-cafeteria',
    device_id: 'tablet-1',
    voided: false,
    void_reason: null,
    voided_at: null,
    voided_by: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  };
}

const truthy = (v: string | null) => v === 'true' || v === '1';

/** The fake server: its data, what it was asked, and switches for failures. */
export class FakeMealsServer extends FakeServer<RecordedRequest> {
  timeZone = 'America/Los_Angeles';
  counts: NslpDailyCountsResponse = { data: [], meta: { from: '', to: '', attendance_factor: 0.9, by_category: true } };
  photos = new Map<string, Uint8Array<ArrayBuffer>>();

  constructor(
    public scholars: DemographicRecord[] = [],
    public records: NslpRecord[] = [],
  ) {
    super();
  }

  /** The requests with this method whose path is exactly `path`. */
  calls(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<RecordedRequest> {
    return { ...base, body: await jsonBody(request) };
  }

  protected route(request: Request, { path, query: q, body }: RecordedRequest): Response {
    if (path === 'v2/config') {
      return json(200, { google_client_id: null, school_name: 'Demo', time_zone: this.timeZone, version: 'test' });
    }
    if (path === 'v2/demographics' && request.method === 'GET') return this.listScholars(q);
    if (path === 'v2/nslp_records/daily_counts') return json(200, this.counts);
    if (path === 'v2/meal_service_days' && request.method === 'POST') return this.addService(body ?? {});
    if (path === 'v2/nslp_records' && request.method === 'GET') return this.listRecords(q);
    const voidMatch = /^v2\/nslp_records\/([^/]+)$/.exec(path);
    if (voidMatch && request.method === 'POST') return this.void(voidMatch[1] as string, body);
    const photo = /^v2\/photos\/([^/]+)$/.exec(path);
    if (photo) {
      const bytes = this.photos.get(photo[1] as string);
      return bytes
        ? new Response(bytes, { status: 200, headers: { 'content-type': 'image/png' } })
        : json(404, { message: 'No such photo.' });
    }
    return json(404, { message: 'No such route.' });
  }

  /** A meal service: the closed days it covers come into the claim, as the server counts them. */
  private addService(body: Record<string, unknown>): Response {
    const { id, name, starts_on, ends_on } = body as { id: string; name: string; starts_on: string; ends_on: string };
    for (const day of this.counts.data) {
      if (day.closed && starts_on <= day.served_on && day.served_on <= ends_on) {
        day.closed = { ...day.closed, service: name };
        day.in_claim = true;
      }
    }
    const stamp = new Date().toISOString();
    return json(201, {
      data: { id, name, starts_on, ends_on, created_by: null, created_at: stamp, updated_at: stamp },
    });
  }

  private page<T>(rows: T[], q: URLSearchParams): Response {
    return pageOf(rows, q, 500);
  }

  private listScholars(q: URLSearchParams): Response {
    const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found = this.scholars
      .filter((s) =>
        words.every((w) => `${s.fname} ${s.lname} ${s.nickname ?? ''} ${s.student_number}`.toLowerCase().includes(w)),
      )
      .filter((s) => !q.get('filter[grade]') || s.grade === q.get('filter[grade]'))
      .filter((s) => !q.get('filter[active]') || String(s.active) === q.get('filter[active]'))
      .sort((a, b) => a.lname.localeCompare(b.lname) || a.id.localeCompare(b.id));
    return this.page(found, q);
  }

  private listRecords(q: URLSearchParams): Response {
    const f = (name: string) => q.get(`filter[${name}]`);
    const scholar = (id: string) => this.scholars.find((s) => s.id === id);
    const sort = q.get('sort') ?? '-served_at';
    const field = sort.replace(/^-/, '') as 'served_at' | 'meal_type' | 'created_at' | 'served_on';
    const found = this.records
      .filter((r) => truthy(f('include_voided')) || !r.voided)
      .filter((r) => !f('from') || r.served_on >= (f('from') as string))
      .filter((r) => !f('to') || r.served_on <= (f('to') as string))
      .filter((r) => !f('served_on') || r.served_on === f('served_on'))
      .filter((r) => !f('meal_type') || r.meal_type === f('meal_type'))
      .filter((r) => !f('scholar_id') || r.scholar_id === f('scholar_id'))
      .filter((r) => !f('grade') || scholar(r.scholar_id)?.grade === f('grade'))
      .filter((r) => !f('homeroom') || scholar(r.scholar_id)?.homeroom === f('homeroom'))
      .filter((r) => !f('added_as_missing') || String(r.added_as_missing) === f('added_as_missing'))
      .sort((a, b) => (sort.startsWith('-') ? -1 : 1) * (a[field].localeCompare(b[field]) || a.id.localeCompare(b.id)));
    return this.page(found, q);
  }

  private void(id: string, body: Record<string, unknown> | null): Response {
    const record = this.records.find((r) => r.id === id);
    if (!record) return json(404, { message: 'No such record.' });
    const reason = typeof body?.void_reason === 'string' ? body.void_reason.trim() : '';
    if (body?._method !== 'PATCH' || body?.voided !== true || !reason) {
      return json(422, { message: 'Invalid.', errors: { void_reason: ['Voiding needs a reason.'] } });
    }
    if (record.voided) return json(409, { message: 'This meal record is already voided.', record });
    Object.assign(record, { voided: true, void_reason: reason, voided_at: STAMP, voided_by: 'user-cafeteria' });
    return json(200, { data: record });
  }
}
