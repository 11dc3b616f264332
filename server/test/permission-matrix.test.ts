/**
 * Walks every /api route with every seeded role's demo account and with no token, and checks the answer against the
 * permission catalogue: 401 without a token, 403 without the permission, and neither with it. A route added later is
 * covered without touching this file.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, loadPermissions } from '../auth/sessions';
import { users } from '../db/schema';
import { startTestServer, type TestServer } from './helpers';

const ACCOUNTS = [
  'admin@demo.school',
  'office@demo.school',
  'cafeteria@demo.school',
  'foodservice@demo.school',
  'teacher@demo.school',
  'timekeeper@demo.school',
  'scholar@demo.school',
  'parent@demo.school',
];
const MISSING_ID = '01890000-0000-7000-8000-000000000000';

let s: TestServer;
const people: { email: string; userId: string; type: string; permissions: Set<string> }[] = [];

beforeAll(async () => {
  s = await startTestServer();
  for (const email of ACCOUNTS) {
    const [user] = await s.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`demo account ${email} missing`);
    people.push({
      email,
      userId: user.id,
      type: user.type,
      permissions: await loadPermissions(s.database.db, user.id),
    });
  }
});
afterAll(() => s.close());

describe('permission matrix', () => {
  it('covers the API', () => {
    expect(s.app.apiRoutes.length).toBeGreaterThan(20);
  });

  it('walks the pick-up adults and badge routes (F5) with their permissions', () => {
    const rules = new Set(s.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    for (const rule of [
      'GET /api/v2/authorized_pick_ups authorized_pick_ups-view_any',
      'GET /api/v2/authorized_pick_ups/:id authorized_pick_ups-view',
      'POST /api/v2/authorized_pick_ups authorized_pick_ups-create',
      'POST /api/v2/authorized_pick_ups/batch authorized_pick_ups-create',
      'POST /api/v2/authorized_pick_ups/:id authorized_pick_ups-update',
      'PATCH /api/v2/authorized_pick_ups/:id authorized_pick_ups-update',
      'DELETE /api/v2/authorized_pick_ups/:id authorized_pick_ups-delete',
      'GET /api/v2/demographics/by_badge/:code demographics-view',
    ]) {
      expect(rules, rule).toContain(rule);
    }
    const office = people.find((p) => p.email === 'office@demo.school');
    for (const action of ['view_any', 'view', 'create', 'update', 'delete']) {
      expect(office?.permissions.has(`authorized_pick_ups-${action}`)).toBe(true);
    }
  });

  it('walks the guardians and guardianships routes with their permissions, all of them the front office’s', () => {
    const rules = new Set(s.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    for (const rule of [
      'GET /api/v2/guardians guardianships-view_any',
      'GET /api/v2/guardians/:id guardianships-view',
      'POST /api/v2/guardians guardianships-create',
      'POST /api/v2/guardians/:id guardianships-update',
      'PATCH /api/v2/guardians/:id guardianships-update',
      'GET /api/v2/guardianships guardianships-view_any',
      'GET /api/v2/guardianships/:id guardianships-view',
      'POST /api/v2/guardianships guardianships-create',
      'POST /api/v2/guardianships/:id guardianships-update',
      'PATCH /api/v2/guardianships/:id guardianships-update',
      'DELETE /api/v2/guardianships/:id guardianships-delete',
    ]) {
      expect(rules, rule).toContain(rule);
    }
    const office = people.find((p) => p.email === 'office@demo.school');
    const teacher = people.find((p) => p.email === 'teacher@demo.school');
    for (const action of ['view_any', 'view', 'create', 'update', 'delete']) {
      expect(office?.permissions.has(`guardianships-${action}`)).toBe(true);
      expect(teacher?.permissions.has(`guardianships-${action}`)).toBe(false);
    }
  });

  it("walks the scholars' withdraw, re-enrol and eligibility history routes with their permissions", () => {
    const rules = new Set(s.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    for (const rule of [
      'POST /api/v2/demographics/:id/withdraw demographics-update',
      'POST /api/v2/demographics/:id/reenrol demographics-update',
      'GET /api/v2/demographics/:id/meal_eligibility_history meal_eligibility-view',
    ]) {
      expect(rules, rule).toContain(rule);
    }
  });

  it('walks the check-in void (the pick-up line Undo) with the permission of the sign-out itself', () => {
    const rules = new Set(s.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    expect(rules).toContain('POST /api/v2/check_ins/:id/void check_ins-create');
    const teacher = people.find((p) => p.email === 'teacher@demo.school');
    expect(teacher?.permissions.has('check_ins-create')).toBe(true);
  });

  it('walks the timesheet schedule routes (T1) with their permissions', () => {
    const rules = new Set(s.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    const base = '/api/v2/timesheet_schedules';
    const expected = [
      `GET ${base}/expected timesheet_schedules-view`,
      `POST ${base}/copy timesheet_schedules-create`,
      `GET ${base}/settings timesheet_schedules-view_any`,
      `POST ${base}/settings timesheet_schedules-update`,
      `GET ${base}/staff timesheet_schedules-view_any`,
      `GET ${base}/staff/:id timesheet_schedules-view_any`,
      `POST ${base}/staff/:id timesheet_schedules-update`,
    ];
    for (const resource of ['', '/non_work_days', '/days_off', '/special_hours']) {
      expected.push(
        `GET ${base}${resource} timesheet_schedules-view_any`,
        `GET ${base}${resource}/:id timesheet_schedules-view`,
        `POST ${base}${resource} timesheet_schedules-create`,
        `POST ${base}${resource}/:id timesheet_schedules-update`,
        `PATCH ${base}${resource}/:id timesheet_schedules-update`,
        `DELETE ${base}${resource}/:id timesheet_schedules-delete`,
      );
    }
    for (const rule of expected) expect(rules, rule).toContain(rule);
    // The timekeeper holds them all; a teacher sees their own expected hours only; the front office none.
    const holds = (email: string, permission: string) =>
      people.find((p) => p.email === email)?.permissions.has(permission);
    for (const action of ['view_any', 'view', 'create', 'update', 'delete']) {
      expect(holds('timekeeper@demo.school', `timesheet_schedules-${action}`)).toBe(true);
    }
    expect(holds('teacher@demo.school', 'timesheet_schedules-view')).toBe(true);
    expect(holds('teacher@demo.school', 'timesheet_schedules-view_any')).toBe(false);
    expect(holds('office@demo.school', 'timesheet_schedules-view')).toBe(false);
  });

  it('walks the timesheet routes (T2) with their permissions', () => {
    const rules = new Set(s.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    const base = '/api/v2/timesheets';
    const expected = [
      // Staff list and read their own records (the scope is the server's): the list asks for view, not view_any.
      `GET ${base} timesheets-view`,
      `GET ${base}/:id timesheets-view`,
      `POST ${base} timesheets-create`,
      `POST ${base}/:id timesheets-update`,
      `PATCH ${base}/:id timesheets-update`,
      `DELETE ${base}/:id timesheets-delete`,
      `GET ${base}/periods timesheets-view`,
      `POST ${base}/periods/submit timesheets-update`,
      `POST ${base}/periods/approve timesheets-update`,
      `POST ${base}/periods/return timesheets-update`,
      `POST ${base}/periods/reopen timesheets-update`,
      `POST ${base}/periods/withdraw timesheets-update`,
      `POST ${base}/periods/approve_many timesheets-update`,
      `POST ${base}/badge timesheets-view`,
      `GET ${base}/summary timesheets-view`,
    ];
    for (const rule of expected) expect(rules, rule).toContain(rule);
    const holds = (email: string, permission: string) =>
      people.find((p) => p.email === email)?.permissions.has(permission);
    for (const action of ['view', 'create', 'update']) {
      expect(holds('teacher@demo.school', `timesheets-${action}`)).toBe(true);
    }
    expect(holds('teacher@demo.school', 'timesheets-view_any')).toBe(false);
    expect(holds('timekeeper@demo.school', 'timesheets-view_any')).toBe(true);
  });

  it('walks the Scholar Portal routes (P1): portal accounts only, content under portal_content', () => {
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const path of ['home', 'meetings', 'schedule', 'resources', 'arrivals', 'badge']) {
      const route = routes.get(`GET /api/v2/scholar/scholars/:id/${path}`);
      expect(route?.access, path).toBe('signed_in');
      expect(route?.userTypes, path).toEqual(['student', 'parent']);
    }
    expect(routes.get('GET /api/v2/scholar/calendar')?.userTypes).toEqual(['student', 'parent']);
    for (const resource of ['announcements', 'group_meetings', 'courses', 'calendar_events', 'resources']) {
      const base = `/api/v2/portal_content/${resource}`;
      expect(routes.get(`GET ${base}`)?.access).toBe('portal_content-view_any');
      expect(routes.get(`POST ${base}`)?.access).toBe('portal_content-create');
      expect(routes.get(`DELETE ${base}/:id`)?.access).toBe('portal_content-delete');
    }
    const holds = (email: string, permission: string) =>
      people.find((p) => p.email === email)?.permissions.has(permission);
    expect(holds('office@demo.school', 'portal_content-delete')).toBe(true);
    expect(holds('teacher@demo.school', 'portal_content-view_any')).toBe(true);
    expect(holds('teacher@demo.school', 'portal_content-create')).toBe(false);
    expect(holds('scholar@demo.school', 'portal_content-view_any')).toBe(false);
  });

  it('walks the work list routes (P2): portal accounts only, scoped on the server', () => {
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const url of ['/api/v2/scholar/scholars/:id/work', '/api/v2/scholar/work/overdue']) {
      expect(routes.get(`GET ${url}`)?.access, url).toBe('signed_in');
      expect(routes.get(`GET ${url}`)?.userTypes, url).toEqual(['student', 'parent']);
    }
    expect(routes.get('GET /api/v2/portal_content/work_settings')?.access).toBe('portal_content-view_any');
    expect(routes.get('POST /api/v2/portal_content/work_settings')?.access).toBe('portal_content-update');
  });

  it('walks the Independent Study routes (P3): staff under independent_study, the portal scoped, teachers countersign', () => {
    const rules = new Set(s.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    const base = '/api/v2/independent_study';
    for (const rule of [
      `GET ${base} independent_study-view_any`,
      `GET ${base}/options independent_study-view_any`,
      `GET ${base}/policy independent_study-view_any`,
      `POST ${base}/policy independent_study-update`,
      `GET ${base}/:id independent_study-view`,
      `POST ${base} independent_study-create`,
      `POST ${base}/:id independent_study-update`,
      `PATCH ${base}/:id independent_study-update`,
      `DELETE ${base}/:id independent_study-delete`,
      `POST ${base}/:id/send independent_study-update`,
      `POST ${base}/:id/addenda independent_study-update`,
      `POST ${base}/:id/countersign independent_study-view`,
      `GET ${base}/:id/pdf independent_study-view`,
    ]) {
      expect(rules, rule).toContain(rule);
    }
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const path of [
      'GET /api/v2/scholar/scholars/:id/independent_study',
      'POST /api/v2/scholar/independent_study/:id/sign',
      'GET /api/v2/scholar/independent_study/:id/pdf',
    ]) {
      expect(routes.get(path)?.access, path).toBe('signed_in');
      expect(routes.get(path)?.userTypes, path).toEqual(['student', 'parent']);
    }
    const holds = (email: string, permission: string) =>
      people.find((p) => p.email === email)?.permissions.has(permission);
    for (const action of ['view_any', 'view', 'create', 'update', 'delete']) {
      expect(holds('office@demo.school', `independent_study-${action}`)).toBe(true);
      expect(holds('admin@demo.school', `independent_study-${action}`)).toBe(true);
    }
    expect(holds('teacher@demo.school', 'independent_study-view')).toBe(true);
    expect(holds('teacher@demo.school', 'independent_study-update')).toBe(false);
    expect(holds('cafeteria@demo.school', 'independent_study-view')).toBe(false);
  });

  it('walks the Google sync routes (P2): administrators only, under google_sync', () => {
    const rules = new Set(s.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    const base = '/api/v2/google_sync';
    for (const rule of [
      `GET ${base}/settings google_sync-view`,
      `PUT ${base}/settings google_sync-update`,
      `PATCH ${base}/settings google_sync-update`,
      `POST ${base}/settings google_sync-update`,
      `GET ${base}/status google_sync-view`,
      `GET ${base}/runs google_sync-view_any`,
      `POST ${base}/runs google_sync-create`,
    ]) {
      expect(rules, rule).toContain(rule);
    }
    for (const person of people) {
      const admin = person.email === 'admin@demo.school';
      for (const action of ['view_any', 'view', 'create', 'update', 'delete'])
        expect(person.permissions.has(`google_sync-${action}`), `${person.email} google_sync-${action}`).toBe(admin);
    }
  });

  it('walks the COVID screening and conference routes (P3): staff under their permissions, the portal scoped', () => {
    const rules = new Set(s.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`));
    for (const rule of [
      'GET /api/v2/covid_screenings covid_screenings-view_any',
      'POST /api/v2/covid_screenings/negative_tests covid_screenings-create',
      'GET /api/v2/covid_screenings/settings covid_screenings-view_any',
      'POST /api/v2/covid_screenings/settings covid_screenings-update',
      'GET /api/v2/conferences conferences-view_any',
      'GET /api/v2/conferences/teachers conferences-view_any',
      'GET /api/v2/conferences/:id conferences-view',
      'POST /api/v2/conferences conferences-create',
      'POST /api/v2/conferences/:id conferences-update',
      'DELETE /api/v2/conferences/:id conferences-delete',
      'GET /api/v2/conferences/:id/sign_ins conferences-view',
      'POST /api/v2/conferences/:id/timesheet conferences-view',
    ]) {
      expect(rules, rule).toContain(rule);
    }
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const key of [
      'GET /api/v2/scholar/covid_screening/:id',
      'POST /api/v2/scholar/covid_screening',
      'GET /api/v2/scholar/conferences/:id',
      'POST /api/v2/scholar/conferences/sign_ins',
    ]) {
      expect(routes.get(key)?.access, key).toBe('signed_in');
      expect(routes.get(key)?.userTypes, key).toEqual(['student', 'parent']);
    }
    const holds = (email: string, permission: string) =>
      people.find((p) => p.email === email)?.permissions.has(permission);
    expect(holds('office@demo.school', 'covid_screenings-update')).toBe(true);
    expect(holds('office@demo.school', 'conferences-delete')).toBe(true);
    expect(holds('teacher@demo.school', 'covid_screenings-create')).toBe(true);
    expect(holds('teacher@demo.school', 'covid_screenings-update')).toBe(false);
    expect(holds('teacher@demo.school', 'conferences-view_any')).toBe(true);
    expect(holds('teacher@demo.school', 'conferences-create')).toBe(false);
    expect(holds('cafeteria@demo.school', 'covid_screenings-view_any')).toBe(false);
    expect(holds('timekeeper@demo.school', 'conferences-view')).toBe(true);
    expect(holds('timekeeper@demo.school', 'conferences-update')).toBe(false);
  });

  it('walks invitations and the set-password routes: invitations for the Administrator, the links public', () => {
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(routes.get('POST /api/v2/invitations')).toBe('invitations-create');
    for (const path of [
      'POST /api/v2/auth/password_reset',
      'GET /api/v2/auth/password_token',
      'POST /api/v2/auth/password',
    ]) {
      expect(routes.get(path), path).toBe('public');
    }
    const holds = (email: string, permission: string) =>
      people.find((p) => p.email === email)?.permissions.has(permission);
    expect(holds('admin@demo.school', 'invitations-create')).toBe(true);
    for (const email of ACCOUNTS.filter((e) => e !== 'admin@demo.school')) {
      expect(holds(email, 'invitations-create'), email).toBe(false);
    }
  });

  it('walks the roster export: the Administrator only, under roster_imports', () => {
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(routes.get('GET /api/v2/roster_exports/oneroster')).toBe('roster_imports-view_any');
    for (const person of people) {
      expect(person.permissions.has('roster_imports-view_any'), person.email).toBe(
        person.email === 'admin@demo.school',
      );
    }
  });

  it('walks a family’s data requests (export, erase, the erase log and reminder): the Administrator only', () => {
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(routes.get('GET /api/v2/demographics/:id/data_export')).toBe('scholar_data-view');
    expect(routes.get('POST /api/v2/demographics/:id/erase')).toBe('scholar_data-delete');
    expect(routes.get('GET /api/v2/erasures')).toBe('scholar_data-view_any');
    expect(routes.get('GET /api/v2/erasures/due')).toBe('scholar_data-view_any');
    expect(routes.get('GET /api/v2/erasures/settings')).toBe('scholar_data-view_any');
    expect(routes.get('POST /api/v2/erasures/settings')).toBe('scholar_data-update');
    for (const person of people) {
      for (const action of ['view_any', 'view', 'update', 'delete']) {
        expect(person.permissions.has(`scholar_data-${action}`), `${person.email} ${action}`).toBe(
          person.email === 'admin@demo.school',
        );
      }
    }
  });

  it('walks the backups: the Administrator only, under school_settings', () => {
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(routes.get('GET /api/v2/backups')).toBe('school_settings-view');
    expect(routes.get('POST /api/v2/backups')).toBe('school_settings-update');
    for (const person of people) {
      for (const permission of ['school_settings-view', 'school_settings-update']) {
        expect(person.permissions.has(permission), `${person.email} ${permission}`).toBe(
          person.email === 'admin@demo.school',
        );
      }
    }
  });

  it('walks the notices routes: subscriptions for anyone signed in, choices for portal accounts, the log for the office', () => {
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    expect(routes.get('POST /api/v2/push_subscriptions')?.access).toBe('signed_in');
    expect(routes.get('DELETE /api/v2/push_subscriptions')?.access).toBe('signed_in');
    for (const key of [
      'GET /api/v2/notification_preferences',
      'PUT /api/v2/notification_preferences',
      'POST /api/v2/notification_preferences/test',
    ]) {
      expect(routes.get(key)?.access, key).toBe('signed_in');
      expect(routes.get(key)?.userTypes, key).toEqual(['student', 'parent']);
    }
    expect(routes.get('GET /api/v2/notices')?.access).toBe('notices-view_any');
    for (const person of people) {
      expect(person.permissions.has('notices-view_any'), person.email).toBe(
        ['admin@demo.school', 'office@demo.school'].includes(person.email),
      );
    }
  });

  it('walks the absence reports: the guardian’s own routes for parent accounts, the office’s with its permissions', () => {
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const key of [
      'GET /api/v2/scholar/absence_reports',
      'GET /api/v2/scholar/absence_reports/pick_ups',
      'POST /api/v2/scholar/absence_reports',
      'PATCH /api/v2/scholar/absence_reports/:id',
      'POST /api/v2/scholar/absence_reports/:id',
      'DELETE /api/v2/scholar/absence_reports/:id',
      'POST /api/v2/scholar/absence_reports/:id/withdraw',
    ]) {
      expect(routes.get(key)?.access, key).toBe('signed_in');
      expect(routes.get(key)?.userTypes, key).toEqual(['parent']);
    }
    expect(routes.get('GET /api/v2/absence_reports')?.access).toBe('absence_reports-view_any');
    expect(routes.get('POST /api/v2/absence_reports/:id/acknowledge')?.access).toBe('absence_reports-update');
    for (const person of people) {
      const office = ['admin@demo.school', 'office@demo.school'].includes(person.email);
      expect(person.permissions.has('absence_reports-view_any'), person.email).toBe(office);
      expect(person.permissions.has('absence_reports-update'), person.email).toBe(office);
    }
  });

  it('walks the dismissal changes: the guardian’s own routes for parent accounts, the office’s and the day’s list with their permissions', () => {
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const key of [
      'GET /api/v2/scholar/dismissal_changes',
      'GET /api/v2/scholar/dismissal_changes/options',
      'POST /api/v2/scholar/dismissal_changes',
      'DELETE /api/v2/scholar/dismissal_changes/:id',
      'POST /api/v2/scholar/dismissal_changes/:id/withdraw',
    ]) {
      expect(routes.get(key)?.access, key).toBe('signed_in');
      expect(routes.get(key)?.userTypes, key).toEqual(['parent']);
    }
    expect(routes.get('GET /api/v2/dismissal_changes')?.access).toBe('dismissal_changes-view_any');
    expect(routes.get('POST /api/v2/dismissal_changes/:id/confirm')?.access).toBe('dismissal_changes-update');
    expect(routes.get('POST /api/v2/dismissal_changes/:id/decline')?.access).toBe('dismissal_changes-update');
    expect(routes.get('GET /api/v2/dismissal')?.access).toBe('dismissal-view_any');
    for (const person of people) {
      const office = ['admin@demo.school', 'office@demo.school'].includes(person.email);
      expect(person.permissions.has('dismissal_changes-view_any'), person.email).toBe(office);
      expect(person.permissions.has('dismissal_changes-update'), person.email).toBe(office);
      const line = office || person.email === 'teacher@demo.school';
      expect(person.permissions.has('dismissal-view_any'), person.email).toBe(line);
    }
  });

  it('walks the car line: the guardian’s “I’m here” for parent accounts, the queue for the pick-up line, tags for the office', () => {
    const routes = new Map(s.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const key of ['GET /api/v2/scholar/car_line', 'POST /api/v2/scholar/car_line']) {
      expect(routes.get(key)?.access, key).toBe('signed_in');
      expect(routes.get(key)?.userTypes, key).toEqual(['parent']);
    }
    expect(routes.get('GET /api/v2/car_line/queue')?.access).toBe('check_ins-create');
    expect(routes.get('GET /api/v2/car_line/guardians/:id/tag')?.access).toBe('guardianships-view');
    expect(routes.get('POST /api/v2/car_line/guardians/:id/tag')?.access).toBe('guardianships-update');
  });

  it('answers 401, 403 or neither for every route and every role as the catalogue says', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of s.app.apiRoutes) {
      const url = route.url.replace(':id', MISSING_ID);
      const payload = ['POST', 'PATCH', 'PUT'].includes(route.method) ? {} : undefined;
      const anonymous = await s.call({ method: route.method as 'GET', url, payload });
      calls++;
      if (route.access === 'public') {
        if ([401, 403].includes(anonymous.statusCode))
          failures.push(`${route.method} ${url} public answered ${anonymous.statusCode}`);
      } else if (anonymous.statusCode !== 401) {
        failures.push(`${route.method} ${url} without a token answered ${anonymous.statusCode}`);
      }
      for (const person of people) {
        // A fresh session per call: logout routes revoke the one they are called with.
        const token = await createSession(s.database.db, person.userId, 'password', 1);
        const res = await s.call({ method: route.method as 'GET', url, payload, token });
        calls++;
        const typeAllowed = !route.userTypes || route.userTypes.includes(person.type as never);
        const allowed =
          route.access === 'public' ||
          (typeAllowed && (route.access === 'signed_in' || person.permissions.has(route.access)));
        const expected = allowed ? 'neither 401 nor 403' : '403';
        const ok = allowed ? ![401, 403].includes(res.statusCode) : res.statusCode === 403;
        if (!ok || res.statusCode >= 500) {
          failures.push(`${route.method} ${url} as ${person.email}: ${res.statusCode}, expected ${expected}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBe(s.app.apiRoutes.length * (ACCOUNTS.length + 1));
    // About 200 routes times eight callers, one after another: some 40 s on a busy two-core machine.
  }, 180_000);

  it('gives the scholar and the parent no staff permission', () => {
    expect(people.find((p) => p.type === 'student')?.permissions.size).toBe(0);
    expect(people.find((p) => p.type === 'parent')?.permissions.size).toBe(0);
  });
});
