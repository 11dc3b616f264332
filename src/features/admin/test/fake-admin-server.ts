/**
 * A small in-memory stand-in for `v2/roles` and `v2/users` in unit tests, installed by stubbing `globalThis.fetch`.
 * It keeps the rules the screens depend on (search, filters, sort, pages, grant/revoke, duplicate names, the
 * last-administrator guard) so tests exercise real round trips; the real server has its own tests. Every request is
 * recorded for assertions, and a test can make the next matching call fail or the network disappear.
 *
 * jsdom runs on Node's fetch classes, whose Request cannot resolve the app's relative '/api/' URLs, so Request is
 * stubbed too with one that resolves them against the page's location.
 */
import { vi } from 'vitest';
import { ADMINISTER_PERMISSION, DEFAULT_ROLES, PERMISSIONS } from '../../../contract/permissions';
import type { RoleRecord } from '../../../contract/roles';
import type { UserRecord } from '../../../contract/users';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}

interface Override {
  method: string;
  path: RegExp;
  status: number;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
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
    has_password: true,
    has_google: false,
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
export class FakeAdminServer {
  roles: RoleRecord[];
  users: UserRecord[];
  readonly requests: RecordedRequest[] = [];
  /** When true every call fails as a lost connection does (a TypeError from fetch). */
  offline = false;
  private overrides: Override[] = [];
  private gate: Promise<void> | null = null;
  private nextId = 1;

  constructor(data = seedAdminData()) {
    this.roles = data.roles;
    this.users = data.users;
  }

  /** Answers the next request matching method and path with this status and body instead. */
  failNext(method: string, path: RegExp, status: number, body: unknown): void {
    this.overrides.push({ method, path, status, body });
  }

  /** Holds every answer until the returned function is called: for looking at a screen while a call is on its way. */
  hold(): () => void {
    let release = () => {};
    this.gate = new Promise<void>((resolve) => {
      release = () => {
        this.gate = null;
        resolve();
      };
    });
    return release;
  }

  /** The requests with this method whose path starts with the prefix. */
  calls(method: string, pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  /** Stubs fetch and Request; undo with `vi.unstubAllGlobals()`. */
  install(): this {
    const Base = globalThis.Request;
    class RelativeRequest extends Base {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    }
    vi.stubGlobal('Request', RelativeRequest);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      this.handle(input instanceof Request ? input : new RelativeRequest(input, init)),
    );
    return this;
  }

  private async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    const path = url.pathname.replace(/^\/api\//, '');
    this.requests.push({ method: request.method, path, query: url.searchParams, body });
    if (this.gate) await this.gate;
    if (this.offline) throw new TypeError('Failed to fetch');
    const override = this.overrides.findIndex((o) => o.method === request.method && o.path.test(path));
    if (override >= 0) {
      const [o] = this.overrides.splice(override, 1);
      if (o) return json(o.status, o.body);
    }
    const [, resource, id] = /^v2\/(roles|users)(?:\/([^/]+))?$/.exec(path) ?? [];
    if (resource === 'roles') return this.handleRoles(request.method, id, body, url.searchParams);
    if (resource === 'users') return this.handleUsers(request.method, id, body, url.searchParams);
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
    if (method === 'DELETE' && user) {
      const refused = update({ active: false });
      return refused.status === 200 ? json(200, { message: 'Deactivated.' }) : refused;
    }
    return json(405, { message: 'Method not allowed.' });
  }

  private listUsers(q: URLSearchParams): Response {
    const words = (q.get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const type = q.get('filter[type]');
    const roleId = q.get('filter[role_id]');
    const active = q.get('filter[active]');
    const sort = q.get('sort') ?? 'lname';
    const field = sort.replace(/^-/, '') as 'lname' | 'email' | 'fname';
    const page = Number(q.get('page') ?? 1);
    const perPage = Number(q.get('per_page') ?? 50);
    const found = this.users
      .filter((u) => words.every((w) => `${u.fname} ${u.lname} ${u.email}`.toLowerCase().includes(w)))
      .filter((u) => !type || u.type === type)
      .filter((u) => !roleId || u.roles.some((r) => r.id === roleId))
      .filter((u) => !active || String(u.active) === active)
      .sort((a, b) => (sort.startsWith('-') ? -1 : 1) * (a[field].localeCompare(b[field]) || a.id.localeCompare(b.id)));
    const data = found.slice((page - 1) * perPage, page * perPage);
    return json(200, { data, meta: { page, per_page: perPage, total: found.length } });
  }
}
