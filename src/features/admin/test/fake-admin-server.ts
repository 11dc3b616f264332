/**
 * A small in-memory stand-in for `v2/roles` and `v2/users` in unit tests, installed by stubbing `globalThis.fetch`.
 * It keeps the rules the screens depend on (search, filters, sort, pages, grant/revoke, duplicate names, an email
 * in use answered with whose it is, the contract's field rules on a new account, the last-administrator guard, a
 * new staff badge) so tests exercise real round trips; the real server has its own tests. Every request is
 * recorded for assertions, and a test can make the next matching call fail or the network disappear.
 * (The fetch stub, holds and failures are `src/test/fake-server.ts`.)
 */
import { ADMINISTER_PERMISSION, DEFAULT_ROLES, PERMISSIONS } from '../../../contract/permissions';
import type { RoleRecord } from '../../../contract/roles';
import { staffBadgeText } from '../../../contract/timesheets';
import { EMAIL_IN_USE, UserCreateSchema, type UserRecord, UserUpdateSchema } from '../../../contract/users';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../test/fake-server';

export interface RecordedRequest extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

const invalid = (field: string, message: string) =>
  json(422, { message, code: 'validation', errors: { [field]: [message] } });
const LAST_ADMIN = 'The last administrator cannot lose the right to administer.';
const STAMP = '2025-01-01T00:00:00.000Z';

/** A role record with defaults for what a test does not care about. */
export function makeRole(id: string, name: string, permissions: readonly string[] = []): RoleRecord {
  return {
    id,
    name,
    description: null,
    permissions: [...permissions].sort(),
    user_count: 0,
    created_at: STAMP,
    updated_at: STAMP,
  };
}

/** A user record with defaults for what a test does not care about. */
export function makeUser(id: string, fname: string, lname: string, extra: Partial<UserRecord> = {}): UserRecord {
  return {
    id,
    email: `${fname}.${lname}@demo.school`.toLowerCase(),
    fname,
    lname,
    nickname: null,
    type: 'staff',
    user_number: null,
    start_date: null,
    grade: null,
    program: null,
    active: true,
    language: 'en',
    has_password: true,
    has_google: false,
    exempt: false,
    roles: [],
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  };
}

const SURNAMES = ['Garcia', 'Nguyen', 'Smith', 'Lopez', 'Kim', 'Patel', 'Brown', 'Diaz', 'Chen', 'Jones'];

/** The demo-like data: Administrator, Front Office and Cafeteria roles; one administrator and 29 more users. */
export function seedAdminData(): { roles: RoleRecord[]; users: UserRecord[] } {
  const roles = [
    makeRole('role-admin', 'Administrator', PERMISSIONS),
    makeRole('role-office', 'Front Office', DEFAULT_ROLES['Front Office'] ?? []),
    makeRole('role-cafeteria', 'Cafeteria', DEFAULT_ROLES.Cafeteria ?? []),
  ];
  const users = [makeUser('user-admin', 'Ada', 'Admin', { roles: [{ id: 'role-admin', name: 'Administrator' }] })];
  for (let i = 1; i < 30; i++) {
    const type = i % 10 === 0 ? 'parent' : i % 3 === 0 ? 'student' : 'staff';
    const roleRefs = i % 4 === 0 ? [{ id: 'role-office', name: 'Front Office' }] : [];
    users.push(
      makeUser(`user-${i}`, `Person${String(i).padStart(2, '0')}`, SURNAMES[i % 10] ?? 'Doe', {
        type,
        roles: roleRefs,
      }),
    );
  }
  return { roles, users };
}

/** The fake server: its data, what it was asked, and switches for failures. */
export class FakeAdminServer extends FakeServer<RecordedRequest> {
  roles: RoleRecord[];
  users: UserRecord[];
  private nextId = 1;

  constructor(data = seedAdminData()) {
    super();
    this.roles = data.roles;
    this.users = data.users;
  }

  /** Holds every answer until the returned function is called: for looking at a screen while a call is on its way. */
  hold(): () => void {
    return this.holdWhen(() => true);
  }

  /** The requests with this method whose path starts with the prefix. */
  calls(method: string, pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<RecordedRequest> {
    return { ...base, body: await jsonBody(request) };
  }

  /** The Google client id `v2/config` answers (null: Google sign-in not set up). */
  googleClientId: string | null = null;
  /** How `v2/invitations` delivers: by mail, or the link for a letter (a server without SMTP_URL). */
  invitationDelivery: 'email' | 'letter' = 'letter';

  protected route(request: Request, { path, query, body }: RecordedRequest): Response {
    if (path === 'v2/config') {
      return json(200, {
        google_client_id: this.googleClientId,
        school_name: 'Demo',
        time_zone: 'America/Los_Angeles',
        version: 'test',
      });
    }
    if (path === 'v2/timesheets/badge' && request.method === 'POST') {
      const user = this.users.find((u) => u.id === body?.user_id);
      if (!user) return json(404, { message: 'No such record.' });
      const code = `badge-${this.nextId++}`;
      return json(200, { data: { user_id: user.id, code, text: staffBadgeText(code) } });
    }
    if (path === 'v2/invitations' && request.method === 'POST') {
      const user = this.users.find((u) => u.id === body?.user_id);
      if (!user) return json(404, { message: 'No such user.' });
      const answer = { user_id: user.id, email: user.email, expires_at: '2025-01-08T00:00:00.000Z' };
      return json(201, {
        data:
          this.invitationDelivery === 'email'
            ? { ...answer, delivery: 'email' }
            : { ...answer, delivery: 'letter', link: `https://school.test/set-password?token=${'t'.repeat(43)}` },
      });
    }
    const [, resource, id] = /^v2\/(roles|users)(?:\/([^/]+))?$/.exec(path) ?? [];
    if (resource === 'roles') return this.handleRoles(request.method, id, body, query);
    if (resource === 'users') return this.handleUsers(request.method, id, body, query);
    return json(404, { message: 'No such route.' });
  }

  private withCounts(): RoleRecord[] {
    return this.roles.map((r) => ({
      ...r,
      user_count: this.users.filter((u) => u.roles.some((x) => x.id === r.id)).length,
    }));
  }

  private adminRemains(): boolean {
    const admins = new Set(this.roles.filter((r) => r.permissions.includes(ADMINISTER_PERMISSION)).map((r) => r.id));
    return this.users.some((u) => u.active && u.roles.some((r) => admins.has(r.id)));
  }

  /** Applies a change, keeping it only when an administrator remains (as the server's transaction does). */
  private guarded(change: () => void): Response | null {
    const before = structuredClone({ roles: this.roles, users: this.users });
    change();
    if (this.adminRemains()) return null;
    this.roles = before.roles;
    this.users = before.users;
    return invalid('roles', LAST_ADMIN);
  }

  private handleRoles(
    method: string,
    id: string | undefined,
    body: Record<string, unknown> | null,
    q: URLSearchParams,
  ) {
    const role = id ? this.roles.find((r) => r.id === id) : undefined;
    if (id && !role) return json(404, { message: 'No such record.' });
    const name = typeof body?.name === 'string' ? body.name.trim() : undefined;
    const taken = (n: string) => this.roles.some((r) => r.id !== id && r.name.toLowerCase() === n.toLowerCase());
    if (method === 'GET' && !id) {
      const list = this.withCounts().sort((a, b) => a.name.localeCompare(b.name));
      return json(200, {
        data: list,
        meta: { page: 1, per_page: Number(q.get('per_page') ?? 50), total: list.length },
      });
    }
    if (method === 'POST' && !id) {
      if (!name) return invalid('name', 'This field is required.');
      if (taken(name)) return invalid('name', 'A role with this name exists.');
      const created = {
        ...makeRole(`role-new-${this.nextId++}`, name),
        description: (body?.description as string) ?? null,
      };
      this.roles.push(created);
      return json(201, { data: created });
    }
    if (method === 'POST' && role) {
      if (name !== undefined && taken(name)) return invalid('name', 'A role with this name exists.');
      const grant = (body?.grant as string[] | undefined) ?? [];
      const revoke = (body?.revoke as string[] | undefined) ?? [];
      const refused = this.guarded(() => {
        const permissions = new Set([...role.permissions, ...grant].filter((p) => !revoke.includes(p)));
        const next = { ...role, name: name ?? role.name, permissions: [...permissions].sort() };
        if (body && 'description' in body) next.description = (body.description as string | null) ?? null;
        this.roles = this.roles.map((r) => (r.id === role.id ? next : r));
      });
      return refused ?? json(200, { data: this.withCounts().find((r) => r.id === role.id) });
    }
    if (method === 'DELETE' && role) {
      const refused = this.guarded(() => {
        this.roles = this.roles.filter((r) => r.id !== role.id);
        this.users = this.users.map((u) => ({ ...u, roles: u.roles.filter((r) => r.id !== role.id) }));
      });
      return refused ?? json(200, { message: 'Deleted.' });
    }
    return json(405, { message: 'Method not allowed.' });
  }

  private handleUsers(
    method: string,
    id: string | undefined,
    body: Record<string, unknown> | null,
    q: URLSearchParams,
  ) {
    const user = id ? this.users.find((u) => u.id === id) : undefined;
    if (id && !user) return json(404, { message: 'No such record.' });
    if (method === 'GET' && !id) return this.listUsers(q);
    const update = (patch: Partial<UserRecord>) => {
      const refused = this.guarded(() => {
        this.users = this.users.map((u) => (u.id === id ? { ...u, ...patch } : u));
      });
      return refused ?? json(200, { data: this.users.find((u) => u.id === id) });
    };
    if (method === 'POST' && user && Array.isArray(body?.role_ids)) {
      const ids = body.role_ids as string[];
      const roles = this.roles.filter((r) => ids.includes(r.id)).map(({ id: roleId, name }) => ({ id: roleId, name }));
      if (roles.length !== new Set(ids).size) return invalid('role_ids', 'One of the roles does not exist.');
      return update({ roles });
    }
    if (method === 'POST' && user && typeof body?.active === 'boolean') return update({ active: body.active });
    if (method === 'POST' && !id) return this.createUser(body);
    if (method === 'POST' && user) {
      const parsed = UserUpdateSchema.safeParse(body ?? {});
      if (!parsed.success)
        return invalid(String(parsed.error.issues[0]?.path[0]), parsed.error.issues[0]?.message ?? '');
      const { _method, role_ids, password, ...fields } = parsed.data;
      if (fields.email !== undefined) {
        const taken = this.emailHolder(fields.email, user.id);
        if (taken) return taken;
      }
      return update(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
    }
    if (method === 'DELETE' && user) {
      const refused = update({ active: false });
      return refused.status === 200 ? json(200, { message: 'Deactivated.' }) : refused;
    }
    return json(405, { message: 'Method not allowed.' });
  }

  /** The 422 for an email address another account holds, with whose it is; null when it is free. */
  private emailHolder(email: string, exceptId?: string): Response | null {
    const holder = this.users.find((u) => u.id !== exceptId && u.email === email.toLowerCase());
    if (!holder) return null;
    const { id, fname, lname, type, active } = holder;
    return json(422, {
      message: EMAIL_IN_USE,
      code: 'validation',
      errors: { email: [EMAIL_IN_USE] },
      record: { id, fname, lname, type, active },
    });
  }

  private createUser(body: Record<string, unknown> | null): Response {
    const parsed = UserCreateSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= [issue.message];
      return json(422, { message: 'This form is incomplete.', code: 'validation', errors });
    }
    const input = parsed.data;
    const taken = this.emailHolder(input.email);
    if (taken) return taken;
    const ids = input.role_ids ?? [];
    const roles = this.roles.filter((r) => ids.includes(r.id)).map(({ id, name }) => ({ id, name }));
    if (roles.length !== new Set(ids).size) return invalid('role_ids', 'One of the roles does not exist.');
    const created = makeUser(input.id ?? `user-new-${this.nextId++}`, input.fname, input.lname, {
      email: input.email,
      type: input.type,
      exempt: input.exempt,
      language: input.language,
      has_password: false,
      roles,
    });
    this.users.push(created);
    return json(201, { data: created });
  }

  private listUsers(q: URLSearchParams): Response {
    const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const type = q.get('filter[type]');
    const roleId = q.get('filter[role_id]');
    const active = q.get('filter[active]');
    const sort = q.get('sort') ?? 'lname';
    const field = sort.replace(/^-/, '') as 'lname' | 'email' | 'fname';
    const found = this.users
      .filter((u) => words.every((w) => `${u.fname} ${u.lname} ${u.email}`.toLowerCase().includes(w)))
      .filter((u) => !type || u.type === type)
      .filter((u) => !roleId || u.roles.some((r) => r.id === roleId))
      .filter((u) => !active || String(u.active) === active)
      .sort((a, b) => (sort.startsWith('-') ? -1 : 1) * (a[field].localeCompare(b[field]) || a.id.localeCompare(b.id)));
    return pageOf(found, q);
  }
}
