/**
 * A small in-memory stand-in for `v2/guardians`, `v2/guardianships`, `v2/demographics` (search) and `v2/invitations`
 * in the guardians' screen tests, installed by stubbing `fetch`. It keeps the rules the screens depend on: search and
 * pages, the contract's validation (422 by field), a duplicate email answered 409 with the account that holds it,
 * idempotent creates on the client's id, one link per guardian and scholar. The real server has its own tests.
 */

import { z } from 'zod';
import type { DemographicRecord } from '../../../../contract/demographics';
import {
  EMAIL_TAKEN_MESSAGE,
  GuardianCreateSchema,
  type GuardianRecord,
  GuardianshipCreateSchema,
  type GuardianshipRecord,
  GuardianshipUpdateSchema,
  GuardianUpdateSchema,
} from '../../../../contract/guardians';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../../test/fake-server';

export interface RecordedRequest extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

const STAMP = '2026-11-01T00:00:00.000Z';

/** A guardian with defaults for what a test does not care about. */
export function makeGuardian(id: string, fname: string, lname: string, extra: Partial<GuardianRecord> = {}) {
  return {
    id,
    fname,
    lname,
    email: `${fname}.${lname}@example.com`.toLowerCase(),
    phone: null,
    language: 'en',
    active: true,
    has_password: false,
    scholar_count: 0,
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  } satisfies GuardianRecord;
}

/** A scholar with defaults. */
export function makeScholar(id: string, fname: string, lname: string, grade = '3'): DemographicRecord {
  return {
    id,
    user_id: null,
    student_number: `S${id.slice(-4)}`,
    fname,
    lname,
    nickname: null,
    grade: grade as DemographicRecord['grade'],
    program: 'General',
    homeroom: null,
    photo_id: null,
    badge_code: `B${id}`,
    alerts: null,
    active: true,
    created_at: STAMP,
    updated_at: STAMP,
  };
}

/** The fake's ids are short words, not UUIDs: the links take any id and check the rest as the server does. */
const LinkCreateSchema = GuardianshipCreateSchema.extend({ parent_id: z.string(), scholar_id: z.string() });

const invalid = (error: z.ZodError) => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_form';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return json(422, {
    message: 'This form is incomplete. Please correct the fields in red.',
    code: 'validation',
    errors,
  });
};

/** The fake: guardians, scholars, links and a staff account holding one email. */
export class FakeGuardiansServer extends FakeServer<RecordedRequest> {
  guardians: GuardianRecord[] = [];
  scholars: DemographicRecord[] = [];
  links: GuardianshipRecord[] = [];
  /** Accounts that are not guardians but hold an email (a staff member's). */
  others = [{ id: 'staff-1', name: 'Sam Office', email: 'office@demo.school', type: 'staff' }];
  private stamp = 0;

  constructor() {
    super();
    const surnames = ['Garcia', 'Nguyen', 'Smith', 'Lopez', 'Kim', 'Patel', 'Brown', 'Diaz', 'Chen', 'Jones'];
    for (let i = 1; i <= 30; i++) {
      this.guardians.push(
        makeGuardian(
          `g-${String(i).padStart(2, '0')}`,
          `Parent${String(i).padStart(2, '0')}`,
          surnames[i % 10] ?? 'Doe',
          {
            phone: i % 2 ? `(555) 010-${String(1000 + i)}` : null,
          },
        ),
      );
    }
    this.scholars = [
      makeScholar('s-0001', 'Ana', 'Garcia', '3'),
      makeScholar('s-0002', 'Ben', 'Garcia', '5'),
      makeScholar('s-0003', 'Cleo', 'Nguyen', 'K'),
    ];
  }

  /** The requests with this method whose path starts with the prefix. */
  calls(method: string, pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  /** Links a guardian and a scholar directly (the test's starting data). */
  link(parentId: string, scholarId: string, extra: Partial<GuardianshipRecord> = {}): GuardianshipRecord {
    const record = this.linkRecord(`l-${this.links.length + 1}`, parentId, scholarId, 'mother', false);
    Object.assign(record, extra);
    this.links.push(record);
    return record;
  }

  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<RecordedRequest> {
    return { ...base, body: await jsonBody(request) };
  }

  protected route(request: Request, { path, query, body }: RecordedRequest): Response {
    if (path === 'v2/config') {
      return json(200, { google_client_id: null, school_name: 'Demo', time_zone: 'America/Los_Angeles', version: 't' });
    }
    if (path === 'v2/invitations' && request.method === 'POST') {
      const g = this.guardians.find((x) => x.id === body?.user_id);
      if (!g) return json(404, { message: 'No such user.' });
      return json(201, {
        data: {
          user_id: g.id,
          email: g.email,
          expires_at: '2026-11-24T00:00:00.000Z',
          delivery: 'letter',
          link: `https://school.test/set-password?token=${'t'.repeat(43)}`,
        },
      });
    }
    if (path === 'v2/demographics' && request.method === 'GET') {
      const words = (query.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const found = this.scholars.filter((s) =>
        words.every((w) => `${s.fname} ${s.lname} ${s.student_number}`.toLowerCase().includes(w)),
      );
      return pageOf(found, query);
    }
    const [, resource, id] = /^v2\/(guardians|guardianships)(?:\/([^/]+))?$/.exec(path) ?? [];
    if (resource === 'guardians') return this.handleGuardians(request.method, id, body, query);
    if (resource === 'guardianships') return this.handleLinks(request.method, id, body, query);
    return json(404, { message: 'No such route.' });
  }

  private withCounts(g: GuardianRecord): GuardianRecord {
    return { ...g, scholar_count: this.links.filter((l) => l.parent_id === g.id).length };
  }

  private emailHolder(email: string, self?: string) {
    const lower = email.toLowerCase();
    const guardian = this.guardians.find((g) => g.id !== self && g.email === lower);
    if (guardian) return { id: guardian.id, name: `${guardian.fname} ${guardian.lname}`, type: 'parent' };
    const other = this.others.find((o) => o.email === lower);
    return other ? { id: other.id, name: other.name, type: other.type } : null;
  }

  private handleGuardians(
    method: string,
    id: string | undefined,
    body: Record<string, unknown> | null,
    q: URLSearchParams,
  ) {
    const guardian = id ? this.guardians.find((g) => g.id === id) : undefined;
    if (id && !guardian) return json(404, { message: 'No such record.' });
    if (method === 'GET' && guardian) return json(200, { data: this.withCounts(guardian) });
    if (method === 'GET') {
      const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const found = this.guardians
        .filter((g) =>
          words.every((w) => `${g.fname} ${g.lname} ${g.email} ${g.phone ?? ''}`.toLowerCase().includes(w)),
        )
        .sort((a, b) => a.lname.localeCompare(b.lname) || a.fname.localeCompare(b.fname))
        .map((g) => this.withCounts(g));
      return pageOf(found, q);
    }
    if (method === 'POST' && !guardian) {
      const parsed = GuardianCreateSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      const input = parsed.data;
      const replay = input.id ? this.guardians.find((g) => g.id === input.id) : undefined;
      if (replay) return json(200, { data: this.withCounts(replay) });
      const holder = this.emailHolder(input.email);
      if (holder) {
        return json(409, {
          message: EMAIL_TAKEN_MESSAGE,
          code: 'conflict',
          errors: { email: [EMAIL_TAKEN_MESSAGE] },
          record: holder,
        });
      }
      const created = makeGuardian(input.id ?? `g-new-${this.guardians.length}`, input.fname, input.lname, {
        email: input.email,
        phone: input.phone ?? null,
        language: input.language,
      });
      this.guardians.push(created);
      return json(201, { data: created });
    }
    if (method === 'POST' && guardian) {
      const parsed = GuardianUpdateSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      const { _method, ...input } = parsed.data;
      void _method;
      const holder = input.email ? this.emailHolder(input.email, guardian.id) : null;
      if (holder) {
        return json(409, {
          message: EMAIL_TAKEN_MESSAGE,
          code: 'conflict',
          errors: { email: [EMAIL_TAKEN_MESSAGE] },
          record: holder,
        });
      }
      const next = {
        ...guardian,
        ...input,
        updated_at: `2026-11-02T00:00:${String(++this.stamp).padStart(2, '0')}.000Z`,
      };
      this.guardians = this.guardians.map((g) => (g.id === guardian.id ? (next as GuardianRecord) : g));
      return json(200, { data: this.withCounts(next as GuardianRecord) });
    }
    return json(405, { message: 'Method not allowed.' });
  }

  private linkRecord(
    id: string,
    parentId: string,
    scholarId: string,
    relationship: GuardianshipRecord['relationship'],
    mayPickUp: boolean,
  ) {
    const g = this.guardians.find((x) => x.id === parentId);
    const s = this.scholars.find((x) => x.id === scholarId);
    return {
      id,
      parent_id: parentId,
      scholar_id: scholarId,
      relationship,
      may_pick_up: mayPickUp,
      guardian_name: g ? `${g.fname} ${g.lname}` : '',
      guardian_phone: g?.phone ?? null,
      scholar_name: s ? `${s.fname} ${s.lname}` : '',
      scholar_grade: s?.grade ?? null,
      created_at: STAMP,
      updated_at: STAMP,
    } satisfies GuardianshipRecord;
  }

  private handleLinks(
    method: string,
    id: string | undefined,
    body: Record<string, unknown> | null,
    q: URLSearchParams,
  ) {
    const existing = id ? this.links.find((l) => l.id === id) : undefined;
    if (id && !existing) return json(404, { message: 'No such record.' });
    if (method === 'GET') {
      const scholar = q.get('filter[scholar_id]');
      const parent = q.get('filter[parent_id]');
      const found = this.links
        .filter((l) => (!scholar || l.scholar_id === scholar) && (!parent || l.parent_id === parent))
        .map((l) => this.linkRecord(l.id, l.parent_id, l.scholar_id, l.relationship, l.may_pick_up));
      return pageOf(found, q);
    }
    if (method === 'POST' && !existing) {
      const parsed = LinkCreateSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      const input = parsed.data;
      if (!this.guardians.some((g) => g.id === input.parent_id)) {
        return json(422, { message: 'No such guardian.', errors: { parent_id: ['No such guardian.'] } });
      }
      const twice = this.links.find((l) => l.parent_id === input.parent_id && l.scholar_id === input.scholar_id);
      if (twice) {
        const message = 'This guardian is already linked to this scholar.';
        return json(409, { message, code: 'conflict', errors: { scholar_id: [message] }, record: twice });
      }
      const created = this.linkRecord(
        input.id ?? `l-${this.links.length + 1}`,
        input.parent_id,
        input.scholar_id,
        input.relationship,
        input.may_pick_up,
      );
      this.links.push(created);
      return json(201, { data: created });
    }
    if (method === 'POST' && existing) {
      const parsed = GuardianshipUpdateSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      const next = {
        ...existing,
        relationship: parsed.data.relationship ?? existing.relationship,
        may_pick_up: parsed.data.may_pick_up ?? existing.may_pick_up,
      };
      this.links = this.links.map((l) => (l.id === existing.id ? next : l));
      return json(200, { data: next });
    }
    if (method === 'DELETE' && existing) {
      this.links = this.links.filter((l) => l.id !== existing.id);
      return json(200, { message: 'Deleted.' });
    }
    return json(405, { message: 'Method not allowed.' });
  }
}
