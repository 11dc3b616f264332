/**
 * A small in-memory stand-in for the endpoints the pick-up adult and badge screens call, installed by stubbing
 * `globalThis.fetch` (like the administration and meals screens' fakes): `v2/demographics` (search, active filter,
 * pages, one by id), `v2/authorized_pick_ups` (list by scholar, active and name; create and batch from multipart;
 * update with `_method: 'PATCH'`, keeping the contract's refusal rule) and `v2/photos/:id`. Every request is recorded
 * with its multipart fields and files, and a test can lose the network or fail the next matching call.
 */
import type { AuthorizedPickUpRecord, DemographicRecord } from '../../../../contract';
import { pickUpRuleErrors } from '../../../../contract';
import { pickUpRecord } from '../../../../offline/test/fakes';
import { type BaseRecordedRequest, FakeServer, json, pageOf } from '../../../../test/fake-server';

export interface RecordedFile {
  type: string;
  size: number;
}

export interface RecordedRequest extends BaseRecordedRequest {
  /** Multipart text fields; a repeated field is an array. */
  fields: Record<string, string | string[]>;
  files: Record<string, RecordedFile>;
}

const STAMP = '2026-11-01T00:00:00.000Z';

/** A UUID-shaped id (the contract checks ids) numbered `n`. */
export const testId = (n: number) => `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** A scholar with defaults for what a test does not care about. */
export function makeScholar(id: string, fname: string, lname: string, extra: Partial<DemographicRecord> = {}) {
  return {
    id,
    user_id: null,
    student_number: `10${id.slice(-3)}`,
    fname,
    lname,
    nickname: null,
    grade: '3',
    program: 'Elementary',
    homeroom: 'Room 12',
    photo_id: null,
    badge_code: `BADGE${id.slice(-4).toUpperCase()}`,
    alerts: null,
    active: true,
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  } satisfies DemographicRecord;
}

/** A pick-up adult with defaults. */
export function makeAdult(
  id: string,
  scholarId: string,
  fullName: string,
  extra: Partial<AuthorizedPickUpRecord> = {},
): AuthorizedPickUpRecord {
  return pickUpRecord({
    id,
    scholar_id: scholarId,
    full_name: fullName,
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  });
}

const orNull = (v: string | string[] | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export class FakePickUpsServer extends FakeServer<RecordedRequest> {
  photos = new Map<string, Blob>();
  private next = 1;

  constructor(
    public scholars: DemographicRecord[] = [],
    public adults: AuthorizedPickUpRecord[] = [],
  ) {
    super();
  }

  calls(method: string, pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  /** Records the multipart fields and files of a request. */
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<RecordedRequest> {
    const fields: RecordedRequest['fields'] = {};
    const files: RecordedRequest['files'] = {};
    if (request.method !== 'GET' && request.headers.get('content-type')?.startsWith('multipart/form-data')) {
      for (const [key, value] of (await request.formData()).entries()) {
        if (typeof value !== 'string') files[key] = { type: value.type, size: value.size };
        else if (key.endsWith('[]')) fields[key] = [...((fields[key] as string[] | undefined) ?? []), value];
        else fields[key] = value;
      }
    }
    return { ...base, fields, files };
  }

  protected route(request: Request, { path, query, fields, files }: RecordedRequest): Response {
    const photo = /^v2\/photos\/([^/]+)$/.exec(path);
    if (photo) {
      const blob = this.photos.get(photo[1] as string);
      return blob ? new Response(blob, { headers: { 'content-type': blob.type } }) : json(404, { message: 'No.' });
    }
    const scholar = /^v2\/demographics(?:\/([^/]+))?$/.exec(path);
    if (scholar && request.method === 'GET') return this.demographics(scholar[1], query);
    const adult = /^v2\/authorized_pick_ups(?:\/([^/]+))?$/.exec(path);
    if (adult && request.method === 'GET' && !adult[1]) return this.listAdults(query);
    if (adult && request.method === 'POST') {
      if (adult[1] === 'batch') return this.create(fields, files, true);
      if (adult[1]) return this.update(adult[1], fields, files);
      return this.create(fields, files, false);
    }
    return json(404, { message: 'No such route.' });
  }

  private demographics(id: string | undefined, q: URLSearchParams) {
    if (id) {
      const found = this.scholars.find((s) => s.id === id);
      return found ? json(200, { data: found }) : json(404, { message: 'No such record.' });
    }
    const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const rows = this.scholars
      .filter((s) => q.get('filter[active]') !== 'true' || s.active)
      .filter((s) => words.every((w) => `${s.fname} ${s.lname} ${s.student_number}`.toLowerCase().includes(w)))
      .sort((a, b) => a.lname.localeCompare(b.lname) || a.fname.localeCompare(b.fname));
    return pageOf(rows, q);
  }

  private listAdults(q: URLSearchParams) {
    const search = (q.get('search') ?? '').toLowerCase();
    const rows = this.adults
      .filter((a) => !q.get('filter[scholar_id]') || a.scholar_id === q.get('filter[scholar_id]'))
      .filter((a) => q.get('filter[active]') !== 'true' || a.active)
      .filter((a) => a.full_name.toLowerCase().includes(search))
      .sort((a, b) => a.full_name.localeCompare(b.full_name));
    return pageOf(rows, q);
  }

  private storePhoto(files: RecordedRequest['files']): string | null {
    const file = files.photo;
    if (!file) return null;
    const id = `photo-${this.next++}`;
    this.photos.set(id, new Blob([new Uint8Array(file.size)], { type: file.type }));
    return id;
  }

  private fieldsOf(fields: RecordedRequest['fields']) {
    const out: Partial<AuthorizedPickUpRecord> = {};
    if (typeof fields.full_name === 'string') out.full_name = fields.full_name.trim();
    for (const key of ['relationship', 'phone', 'notes', 'valid_from', 'valid_until'] as const) {
      if (key in fields) out[key] = orNull(fields[key]);
    }
    if (fields.status === 'authorized' || fields.status === 'not_authorized') out.status = fields.status;
    if (fields.active === 'true' || fields.active === 'false') out.active = fields.active === 'true';
    return out;
  }

  private invalid(record: Partial<AuthorizedPickUpRecord>) {
    const errors = pickUpRuleErrors(record);
    if (!record.full_name) errors.full_name = 'This field is required.';
    const [field, message] = Object.entries(errors)[0] ?? [];
    return field ? json(422, { message, code: 'validation', errors: { [field]: [message] } }) : null;
  }

  private create(fields: RecordedRequest['fields'], files: RecordedRequest['files'], batch: boolean) {
    const scholarIds = batch ? [fields['scholar_ids[]'] ?? []].flat() : [String(fields.scholar_id)];
    const ids = batch ? [fields['ids[]'] ?? []].flat() : [String(fields.id)];
    const values = this.fieldsOf(fields);
    const refused = this.invalid(values);
    if (refused) return refused;
    const photoId = this.storePhoto(files);
    const rows = scholarIds.map((scholarId, i) =>
      makeAdult(ids[i] ?? `adult-${this.next++}`, scholarId, values.full_name ?? '', { ...values, photo_id: photoId }),
    );
    this.adults.push(...rows);
    return json(201, { data: batch ? rows : rows[0] });
  }

  private update(id: string, fields: RecordedRequest['fields'], files: RecordedRequest['files']) {
    const existing = this.adults.find((a) => a.id === id);
    if (!existing) return json(404, { message: 'No such record.' });
    const merged = { ...existing, ...this.fieldsOf(fields) };
    const refused = this.invalid(merged);
    if (refused) return refused;
    const photoId = this.storePhoto(files);
    const updated = { ...merged, photo_id: photoId ?? existing.photo_id };
    this.adults = this.adults.map((a) => (a.id === id ? updated : a));
    return json(200, { data: updated });
  }
}
