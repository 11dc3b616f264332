/**
 * The roster import on a real school's first day, not the demo's: a database with no one in it is set up through
 * v2/setup, and the administrator's first import brings in the whole roster (staff get the Staff role the school
 * starts with), applies it, and a second import of the same package changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demographics, roles, userRoles, users } from '../../db/schema';
import { issueSetupToken } from '../../lib/setup';
import { startTestServer, type TestServer } from '../../test/helpers';
import { oneRosterZip, type PackageSpec } from '../../test/oneroster-package';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer({}, { empty: true });
  const setup = await s.call({
    method: 'POST',
    url: '/api/v2/setup',
    payload: {
      token: await issueSetupToken(s.database.db),
      school_name: 'Lincoln Elementary',
      time_zone: 'America/Chicago',
      fname: 'Rosa',
      lname: 'Alvarez',
      email: 'rosa.alvarez@lincoln.example.org',
      password: 'correct horse battery',
    },
  });
  expect(setup.statusCode, setup.body).toBe(201);
  token = setup.json().token;
});
afterAll(() => s.close());

const PACKAGE: PackageSpec = {
  users: [
    {
      sourcedId: 'ns-s',
      role: 'student',
      givenName: 'Maya',
      familyName: 'Chen',
      identifier: '5001',
      grades: '04',
      agentSourcedIds: ['ns-p'],
    },
    { sourcedId: 'ns-p', role: 'parent', givenName: 'Wei', familyName: 'Chen', email: 'wei.chen@family.example' },
    {
      sourcedId: 'ns-t',
      role: 'teacher',
      givenName: 'Lena',
      familyName: 'Ortiz',
      email: 'lena.ortiz@lincoln.example.org',
    },
  ],
};

async function importOnce() {
  const form = new FormData();
  form.append('file', new Blob([oneRosterZip(PACKAGE)], { type: 'application/zip' }), 'sis.zip');
  const preview = await s.call({ method: 'POST', url: '/api/v2/roster_imports', token, payload: form as never });
  expect(preview.statusCode, preview.body).toBe(201);
  const { id, counts } = preview.json().data;
  const started = await s.call({ method: 'POST', url: `/api/v2/roster_imports/${id}/apply`, token, payload: {} });
  expect(started.statusCode).toBe(202);
  for (;;) {
    const data = (await s.call({ method: 'GET', url: `/api/v2/roster_imports/${id}`, token })).json().data;
    if (data.status !== 'applying') return { counts, status: data.status };
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a new school', () => {
  it('imports its roster after setup, and the same package again changes nothing', async () => {
    const first = await importOnce();
    expect(first.status).toBe('applied');
    expect(first.counts.scholars.create).toBe(1);
    expect(first.counts.guardians.create).toBe(1);
    expect(first.counts.staff.create).toBe(1);
    const rows = await s.database.db.select().from(demographics);
    expect(rows.map((r) => `${r.fname} ${r.lname} ${r.grade}`)).toEqual(['Maya Chen 4']);
    const [teacherRole] = await s.database.db
      .select({ role: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.role_id))
      .innerJoin(users, eq(users.id, userRoles.user_id))
      .where(eq(users.sourced_id, 'ns-t'));
    expect(teacherRole?.role).toBe('Staff');
    // The administrator who set the school up is not in the package and keeps their way in.
    const [rosa] = await s.database.db.select().from(users).where(eq(users.email, 'rosa.alvarez@lincoln.example.org'));
    expect(rosa?.active).toBe(true);

    const second = await importOnce();
    expect(second.status).toBe('applied');
    for (const kind of ['scholars', 'guardians', 'staff'] as const) {
      expect(second.counts[kind]).toMatchObject({ create: 0, update: 0, deactivate: 0, unchanged: 1 });
    }
  });
});
