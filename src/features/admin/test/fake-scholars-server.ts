/**
 * A small in-memory stand-in for `v2/demographics` (list with search, filters and pages; one; create; update;
 * withdraw; re-enrol; meal eligibility and its history) and a scholar's `v2/authorized_pick_ups`, for the Scholars
 * screens' unit tests. It keeps the rules the screens depend on: the required fields, a student number held by
 * another scholar refused with that scholar, withdraw and re-enrol answering a repeat as it is. The real server has
 * its own tests.
 */
import type { AuthorizedPickUpRecord } from '../../../contract/authorized-pick-ups';
import type { DemographicRecord, MealEligibilityHistoryEntry } from '../../../contract/demographics';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../test/fake-server';

export interface ScholarsRecordedRequest extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

const STAMP = '2026-08-01T00:00:00.000Z';
const REQUIRED = 'This field is required.';
const TAKEN = 'This student number is already in use.';

/** A scholar with defaults for what a test does not care about. */
export function makeScholar(id: string, fname: string, lname: string, extra: Partial<DemographicRecord> = {}) {
  return {
    id,
    user_id: null,
    student_number: id.replace(/\D/g, '').padStart(4, '0'),
    fname,
    lname,
    nickname: null,
    grade: '9',
    program: 'Secondary',
    homeroom: 'Room 12',
    photo_id: null,
    badge_code: `BADGE${id.replace(/\W/g, '').toUpperCase()}`,
    meal_eligibility: 'paid',
    meal_eligibility_effective: null,
    alerts: null,
    active: true,
    withdrawn_on: null,
    withdrawal_reason: null,
    enrolled_on: null,
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  } satisfies DemographicRecord;
}

const SURNAMES = ['Garcia', 'Nguyen', 'Smith', 'Lopez', 'Kim', 'Patel', 'Brown', 'Diaz', 'Chen', 'Jones'];

/** Thirty scholars in grades 9 and 10, two withdrawn, and Jasmine Mitchell with student number 1234. */
export function seedScholars(): DemographicRecord[] {
  const list: DemographicRecord[] = [
    makeScholar('s-1234', 'Jasmine', 'Mitchell', { student_number: '1234', homeroom: 'Room 7' }),
  ];
  for (let i = 1; i < 30; i++) {
    list.push(
      makeScholar(`s-${i}`, `Scholar${String(i).padStart(2, '0')}`, SURNAMES[i % 10] ?? 'Doe', {
        student_number: String(5000 + i),
        grade: i % 2 ? '9' : '10',
        active: i % 14 !== 0,
        ...(i % 14 === 0 ? { withdrawn_on: '2026-10-01', withdrawal_reason: 'Moved away' } : {}),
      }),
    );
  }
  return list;
}

export class FakeScholarsServer extends FakeServer<ScholarsRecordedRequest> {
  scholars: DemographicRecord[];
  history = new Map<string, MealEligibilityHistoryEntry[]>();
  pickUps: AuthorizedPickUpRecord[] = [];
  private nextId = 1;

  constructor(scholars = seedScholars()) {
    super();
    this.scholars = scholars;
  }

  calls(method: string, pathPrefix: string): ScholarsRecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<ScholarsRecordedRequest> {
    if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
      const form = await request.formData();
      return { ...base, body: Object.fromEntries(form.entries()) };
    }
    return { ...base, body: await jsonBody(request) };
  }

  protected route(request: Request, { path, query, body }: ScholarsRecordedRequest): Response {
    if (path === 'v2/authorized_pick_ups' && request.method === 'GET') {
      const scholarId = query.get('filter[scholar_id]');
      return pageOf(
        this.pickUps.filter((p) => p.scholar_id === scholarId),
        query,
      );
    }
    const [, id, action] = /^v2\/demographics(?:\/([^/]+))?(?:\/([a-z_]+))?$/.exec(path) ?? [];
    if (path.startsWith('v2/demographics')) return this.demographics(request.method, id, action, body ?? {}, query);
    return json(404, { message: 'No such route.' });
  }

  private demographics(
    method: string,
    id: string | undefined,
    action: string | undefined,
    body: Record<string, unknown>,
    q: URLSearchParams,
  ): Response {
    if (method === 'GET' && !id) return pageOf(this.filtered(q), q);
    const scholar = this.scholars.find((s) => s.id === id);
    if (method === 'POST' && !id) return this.save(null, body);
    if (!scholar) return json(404, { message: 'No such record.', code: 'not_found' });
    if (method === 'GET' && !action) return json(200, { data: scholar });
    if (method === 'GET' && action === 'meal_eligibility_history') {
      return json(200, { data: this.history.get(scholar.id) ?? [] });
    }
    if (method === 'POST' && !action) return this.save(scholar, body);
    if (method === 'POST' && action === 'withdraw') {
      const errors: Record<string, string[]> = {};
      if (!body.withdrawn_on) errors.withdrawn_on = [REQUIRED];
      if (!String(body.reason ?? '').trim()) errors.reason = [REQUIRED];
      if (Object.keys(errors).length) return json(422, { message: REQUIRED, code: 'validation', errors });
      if (!scholar.active) return json(200, { data: scholar });
      return json(200, {
        data: this.replace(scholar, {
          active: false,
          withdrawn_on: String(body.withdrawn_on),
          withdrawal_reason: String(body.reason),
        }),
      });
    }
    if (method === 'POST' && action === 'reenrol') {
      if (scholar.active) return json(200, { data: scholar });
      return json(200, {
        data: this.replace(scholar, {
          active: true,
          enrolled_on: String(body.enrolled_on),
          withdrawn_on: null,
          withdrawal_reason: null,
        }),
      });
    }
    if (method === 'POST' && action === 'meal_eligibility') {
      const entry = {
        eligibility: body.meal_eligibility as MealEligibilityHistoryEntry['eligibility'],
        effective_from: String(body.meal_eligibility_effective ?? '2026-11-17'),
        created_at: '2026-11-17T19:40:00.000Z',
      };
      this.history.set(scholar.id, [entry, ...(this.history.get(scholar.id) ?? [])]);
      return json(200, {
        data: this.replace(scholar, {
          meal_eligibility: entry.eligibility,
          meal_eligibility_effective: entry.effective_from,
        }),
      });
    }
    return json(404, { message: 'No such route.' });
  }

  private filtered(q: URLSearchParams): DemographicRecord[] {
    const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const active = q.get('filter[active]');
    return this.scholars
      .filter((s) =>
        words.every((w) =>
          [s.fname, s.lname, s.nickname ?? '', s.student_number].some((f) => f.toLowerCase().includes(w)),
        ),
      )
      .filter((s) => !q.get('filter[grade]') || s.grade === q.get('filter[grade]'))
      .filter((s) => !q.get('filter[homeroom]') || s.homeroom === q.get('filter[homeroom]'))
      .filter((s) => !q.get('filter[program]') || s.program === q.get('filter[program]'))
      .filter((s) => active === null || String(s.active) === active)
      .sort((a, b) => a.lname.localeCompare(b.lname) || a.id.localeCompare(b.id));
  }

  private replace(scholar: DemographicRecord, changes: Partial<DemographicRecord>): DemographicRecord {
    const next = { ...scholar, ...changes, updated_at: new Date(Date.parse(scholar.updated_at) + 1000).toISOString() };
    this.scholars = this.scholars.map((s) => (s.id === scholar.id ? next : s));
    return next;
  }

  private save(scholar: DemographicRecord | null, body: Record<string, unknown>): Response {
    const { _method, id, photo, ...fields } = body;
    void _method;
    const errors: Record<string, string[]> = {};
    for (const field of ['fname', 'lname', 'student_number', 'grade'] as const) {
      const value = field in fields ? fields[field] : scholar?.[field];
      if (!String(value ?? '').trim()) errors[field] = [REQUIRED];
    }
    if (Object.keys(errors).length) return json(422, { message: REQUIRED, code: 'validation', errors });
    const holder = this.scholars.find((s) => s.student_number === fields.student_number && s.id !== scholar?.id);
    if (holder) {
      return json(422, {
        message: TAKEN,
        code: 'validation',
        errors: { student_number: [TAKEN] },
        record: { id: holder.id, fname: holder.fname, lname: holder.lname, student_number: holder.student_number },
      });
    }
    const photoId = photo instanceof Blob ? `photo-${this.nextId++}` : undefined;
    const values = { ...fields, ...(photoId ? { photo_id: photoId } : {}) } as Partial<DemographicRecord>;
    if (scholar) return json(200, { data: this.replace(scholar, values) });
    const created = { ...makeScholar(String(id ?? `s-new-${this.nextId++}`), '', ''), ...values };
    this.scholars.push(created);
    return json(201, { data: created });
  }
}
