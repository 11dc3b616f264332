/**
 * Scholar Sign Out's routes end to end, in Chromium against the real server on a copy of the demo school:
 * each child route of the section opens for someone whose roles hold its permissions and shows the app's 'Invalid
 * Permissions' (then goes to /) for someone whose roles lack one; and a sign-out to an adult not on the pick-up list
 * (an override, sent through the API) shows flagged in View Records and goes out in its CSV export.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedPickUpRecord, type CheckInRecord, type DemographicRecord, uuidv7 } from '../../src/contract';
import { csvLines } from '../../src/test/csv-parse';
import { signInWithForm, startDemoServer } from './lib/app';
import { type Browser, launchBrowser } from './lib/browser';
import { apiToken, createApi, schoolClock } from './lib/check-in';
import { signInSlowly } from './lib/meals';
import { ROOT, type ServerProcess } from './lib/server';

/** A child route of the section as the route table declares it. */
interface Child {
  path: string;
  name: string;
  title: string;
  permission?: string;
}

/**
 * The sign-out section's permission and children, read from src/app/route-table.ts itself so this test follows the
 * table as screens join it. Read as text: the module reads the browser's session store when it loads, so it does not
 * import into Node.
 */
function signOutSection(): { permission: string; children: Child[] } {
  const source = readFileSync(join(ROOT, 'src/app/route-table.ts'), 'utf8');
  const start = source.indexOf("path: '/sign-out',");
  const end = source.indexOf('\n  },\n', start);
  if (start < 0 || end < 0) throw new Error('no /sign-out section in the route table');
  const section = source.slice(start, end);
  const permission = /^\s*permission: '([^']+)',/m.exec(section)?.[1];
  if (!permission) throw new Error('the /sign-out section has no permission');
  const children = [
    ...section.matchAll(/\{\s*path: '([^']*)',\s*name: '([^']+)',\s*title: '([^']+)',([^{}]*?)load:/g),
  ].map(
    ([, path = '', name = '', title = '', rest = '']): Child => ({
      path,
      name,
      title,
      permission: /permission: '([^']+)'/.exec(rest)?.[1],
    }),
  );
  return { permission, children };
}

/** The English text of a `common` key such as 'sections.viewRecords'. */
function commonText(key: string): string {
  const common = JSON.parse(readFileSync(join(ROOT, 'locales/en/common.json'), 'utf8')) as Record<string, unknown>;
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], common);
  if (typeof text !== 'string') throw new Error(`no English text for ${key}`);
  return text;
}

interface Person {
  email: string;
  password: string;
  permissions: string[];
}

const SECTION = signOutSection();
const DEMO_STAFF = [
  'office@demo.school',
  'teacher@demo.school',
  'admin@demo.school',
  'cafeteria@demo.school',
  'timekeeper@demo.school',
];
/** A person of the pick-up line who may sign scholars out and nothing else: made through the admin API. */
const LINE_ONLY = { email: 'line-only@demo.school', password: 'line-only-pass' };
/** Someone who may read the sign-out records and nothing else: the child's own permission replaces the section's. */
const RECORDS_ONLY = { email: 'records-only@demo.school', password: 'records-only-pass' };

let server: ServerProcess;
let adminToken: string;
let people: Person[] = [];
const api = createApi(
  () => server.url,
  () => adminToken,
);

/** With child overrides: a child's own permission replaces the section's. */
const required = (child: Child) => [child.permission ?? SECTION.permission];
const holds = (person: Person, child: Child) => required(child).every((p) => person.permissions.includes(p));
const pathOf = (child: Child) => (child.path ? `/sign-out/${child.path}` : '/sign-out');

/** Signs in through the API and answers the permissions the server gives this person. */
async function permissionsOf(email: string, password: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return ((await res.json()) as { user: { permissions: string[] } }).user.permissions;
}

beforeAll(async () => {
  server = await startDemoServer();
  adminToken = await apiToken(server.url, 'admin@demo.school');
  const role = await api('roles', {
    method: 'POST',
    body: JSON.stringify({ name: 'Pick-up line only', permissions: [SECTION.permission] }),
  });
  expect(role.status).toBe(201);
  const recordsRole = await api('roles', {
    method: 'POST',
    body: JSON.stringify({ name: 'Sign-out records only', permissions: ['check_ins-view_any'] }),
  });
  expect(recordsRole.status).toBe(201);
  const made = [
    { ...LINE_ONLY, fname: 'Lee', lname: 'Line', roleId: (role.body.data as { id: string }).id },
    { ...RECORDS_ONLY, fname: 'Rae', lname: 'Records', roleId: (recordsRole.body.data as { id: string }).id },
  ];
  for (const { email, password, fname, lname, roleId } of made) {
    const user = await api('users', {
      method: 'POST',
      body: JSON.stringify({ email, fname, lname, type: 'staff', password, role_ids: [roleId] }),
    });
    expect(user.status).toBe(201);
  }
  people = await Promise.all([
    ...DEMO_STAFF.map(async (email) => ({ email, password: 'demo', permissions: await permissionsOf(email, 'demo') })),
    ...[LINE_ONLY, RECORDS_ONLY].map(async (p) => ({ ...p, permissions: await permissionsOf(p.email, p.password) })),
  ]);
});
afterAll(() => server?.stop());

/**
 * Who opens a child and who may not: the first person holding every permission it needs; and, to check the child's
 * own permission rather than the section's, someone holding the section's permission but not the child's when the
 * child has one of its own, else someone without the section's permission.
 */
function casesOf(child: Child): { holder: Person; lacker: Person } {
  const holder = people.find((p) => holds(p, child));
  const ownCheck =
    child.permission && child.permission !== SECTION.permission
      ? people.find((p) => p.permissions.includes(SECTION.permission) && !holds(p, child))
      : undefined;
  const lacker = ownCheck ?? people.find((p) => !holds(p, child));
  if (!holder || !lacker) throw new Error(`no one to open or be refused ${pathOf(child)}`);
  return { holder, lacker };
}

/** Opens the child's path and checks that its screen shows: its link in the section's navigation is the current page. */
async function expectOpens(page: Page, child: Child) {
  await page.goto(`${server.url}${pathOf(child)}`);
  const nav = page.getByRole('navigation', { name: `${commonText('sections.scholarSignOut')}: Navigation` });
  const link = nav.getByRole('link', { name: commonText(child.title), exact: true });
  await link.locator('[aria-current="page"]').waitFor({ timeout: 30_000 });
  // The guard decides as the session loads; give a refusal its moment, then check none came.
  await page.waitForTimeout(500);
  expect(new URL(page.url()).pathname).toBe(pathOf(child));
  expect(await page.getByText('Invalid Permissions').count()).toBe(0);
  // The browser's title names the page as the route table does, then the school.
  const title = await page.title();
  expect(title.startsWith(`${commonText(child.title)} · `)).toBe(true);
  expect(title.endsWith(' · Demo School')).toBe(true);
}

/** Opens the child's path and checks the app's not-allowed answer: 'Invalid Permissions', then /. */
async function expectRefused(page: Page, child: Child) {
  await page.goto(`${server.url}${pathOf(child)}`);
  await page.getByText('Invalid Permissions').first().waitFor({ timeout: 30_000 });
  await page.waitForURL(`${server.url}/`);
}

describe('the sign-out section: each child route and its permission', () => {
  it('lists the children of the issue that the route table has', () => {
    const paths = SECTION.children.map((c) => c.path);
    expect(paths).toContain('view-records');
    expect(
      paths.every((p) =>
        [
          '',
          'scan',
          'check-in',
          'view-records',
          'add-authorized-pick-ups',
          'edit-authorized-pick-ups',
          'badges',
        ].includes(p),
      ),
    ).toBe(true);
    expect(SECTION.children.find((c) => c.path === 'view-records')?.permission).toBe('check_ins-view_any');
  });

  it('opens each child for a role that holds its permissions and refuses it to one that lacks one', async () => {
    const visits = SECTION.children.flatMap((child) => {
      const { holder, lacker } = casesOf(child);
      return [
        { person: holder, child, opens: true },
        { person: lacker, child, opens: false },
      ];
    });
    // The records-only role opens View Records (its own permission replaces the section's) and nothing else there.
    const recordsOnly = people.find((p) => p.email === RECORDS_ONLY.email) as Person;
    const viewRecords = SECTION.children.find((c) => c.path === 'view-records') as Child;
    const lineScreen = SECTION.children.find((c) => c.path === '') as Child;
    visits.push(
      { person: recordsOnly, child: viewRecords, opens: true },
      { person: recordsOnly, child: lineScreen, opens: false },
    );
    // One browser per person, signed in once, visiting each of their paths in turn.
    const byPerson = new Map<string, typeof visits>();
    for (const visit of visits) byPerson.set(visit.person.email, [...(byPerson.get(visit.person.email) ?? []), visit]);
    const checked: string[] = [];
    for (const [email, theirs] of byPerson) {
      const b = await launchBrowser();
      try {
        const person = theirs[0]?.person as Person;
        await b.page.goto(`${server.url}/login`);
        await signInWithForm(b.page, email, person.password);
        await b.page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
        for (const { child, opens } of theirs) {
          if (opens) await expectOpens(b.page, child);
          else await expectRefused(b.page, child);
          checked.push(`${pathOf(child)} ${opens ? 'opens' : 'refused'} for ${email}`);
        }
      } finally {
        await b.close();
      }
    }
    expect(checked).toHaveLength(SECTION.children.length * 2 + 2);
    expect(checked).toContain(`/sign-out/view-records opens for ${RECORDS_ONLY.email}`);
    // The View Records check is of its own permission: the pick-up line's role holds the section's, not check_ins-view_any.
    expect(checked).toContain(`/sign-out/view-records refused for ${LINE_ONLY.email}`);
  }, 300_000);
});

describe('View Records: an override shows flagged and goes out in the CSV', () => {
  it('an override sign-out sent through the API is flagged in View Records and in its CSV export', async () => {
    const config = (await (await fetch(`${server.url}/api/v2/config`)).json()) as { time_zone: string };
    const today = schoolClock(config.time_zone).day;
    const officeToken = await apiToken(server.url, 'office@demo.school');
    const roster = await api('demographics?per_page=50&sort=lname&filter[active]=true');
    const scholars = roster.body.data as DemographicRecord[];
    // Two scholars with a name no other shares on this page, each with an authorized adult valid today.
    const withAdult: { scholar: DemographicRecord; adult: AuthorizedPickUpRecord }[] = [];
    for (const scholar of scholars) {
      const answer = await api(
        `authorized_pick_ups?filter[scholar_id]=${scholar.id}&filter[status]=authorized&filter[valid_on]=${today}`,
      );
      const adult = (answer.body.data as AuthorizedPickUpRecord[])[0];
      if (adult) withAdult.push({ scholar, adult });
      if (withAdult.length === 2) break;
    }
    const [overridden, listed] = withAdult;
    if (!overridden || !listed) throw new Error('no two scholars with an authorized adult in the demo school');

    const overrideName = 'Quinn Override-Adult';
    const overrideReason = 'Aunt visiting from out of town; mother called the office';
    const signOut = (body: Record<string, unknown>) =>
      api('check_ins', {
        method: 'POST',
        token: officeToken,
        body: JSON.stringify({
          id: uuidv7(),
          kind: 'sign_out',
          occurred_at: new Date().toISOString(),
          method: 'manual',
          ...body,
        }),
      });
    const created = await signOut({
      scholar_id: overridden.scholar.id,
      pick_up_name: overrideName,
      override_reason: overrideReason,
    });
    expect(created.status).toBe(201);
    expect((created.body.data as CheckInRecord).flagged).toBe(true);
    const plainSignOut = await signOut({ scholar_id: listed.scholar.id, pick_up_id: listed.adult.id });
    expect(plainSignOut.status).toBe(201);
    expect((plainSignOut.body.data as CheckInRecord).flagged).toBe(false);

    const b: Browser = await launchBrowser();
    try {
      const { page } = b;
      await signInSlowly(page, server.url, 'office@demo.school');
      await page.goto(`${server.url}/sign-out/view-records`);
      const table = page.getByRole('table', { name: 'Sign-out records' });
      const flaggedRow = table.getByRole('row').filter({ hasText: overrideName });
      await flaggedRow.waitFor({ timeout: 60_000 });
      expect(await flaggedRow.getAttribute('data-flagged')).toBe('true');
      expect(await flaggedRow.getByText('Flagged').count()).toBe(1);
      expect(await flaggedRow.getByText('Not on the pick-up list').count()).toBe(1);
      expect(await flaggedRow.getByText(`Override: ${overrideReason}`).count()).toBe(1);
      const name = (s: DemographicRecord) => `${s.nickname || s.fname} ${s.lname}`;
      expect(await flaggedRow.getByText(name(overridden.scholar), { exact: true }).count()).toBe(1);
      const listedRow = table.getByRole('row').filter({ hasText: listed.adult.full_name });
      await listedRow.waitFor();
      expect(await listedRow.getAttribute('data-flagged')).toBeNull();
      expect(await listedRow.getByText('Flagged').count()).toBe(0);
      await page.getByText(/went to an adult not on the pick-up list\./).waitFor();

      // Chakra's checkbox draws its own box over the input: the label is what a person presses.
      await page.getByText('Flagged only', { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('flagged') === '1');
      expect(await page.getByRole('checkbox', { name: 'Flagged only' }).isChecked()).toBe(true);
      await listedRow.waitFor({ state: 'detached' });
      await flaggedRow.waitFor();

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`sign-out-records-${today}-to-${today}.csv`);
      const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
      const lines = csvLines(text);
      expect(lines[0]).toBe(
        'Date,Time,Record,Student number,Last name,First name,Grade,Adult,Flagged,Override reason,Method,Reason',
      );
      const row = lines.find((l) => l.includes(overrideName));
      expect(row).toBeDefined();
      expect(row?.startsWith(`${today},`)).toBe(true);
      expect(row).toContain(
        `,Signed out,${overridden.scholar.student_number},${overridden.scholar.lname},${overridden.scholar.nickname || overridden.scholar.fname},${overridden.scholar.grade},${overrideName},Yes,${overrideReason},By hand,`,
      );
      expect(lines.some((l) => l.includes(listed.adult.full_name) && l.includes(listed.scholar.student_number))).toBe(
        false,
      );
      expect(lines.slice(1).every((l) => l.includes(',Yes,'))).toBe(true);
    } finally {
      await b.close();
    }
  }, 240_000);
});
