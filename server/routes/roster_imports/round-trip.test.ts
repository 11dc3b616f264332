/**
 * The way out and back: the school's roster exported as OneRoster 1.1 (roster_exports) imports back with nothing to
 * change, both for a school entered by hand (the demo school: its records named by their own ids stay entered by
 * hand) and for one whose roster came from an import (its sourcedIds kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER_COUNT_KINDS } from '../../../src/contract';
import { startTestServer, type TestServer } from '../../test/helpers';
import { oneRosterZip, schoolYear } from '../../test/oneroster-package';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: 'America/Los_Angeles' });
  admin = await s.login('admin@demo.school');
});
afterAll(() => s.close());

const upload = async (zip: Uint8Array) => {
  const form = new FormData();
  form.append('file', new Blob([zip], { type: 'application/zip' }), 'roster.zip');
  const res = await s.call({ method: 'POST', url: '/api/v2/roster_imports', token: admin, payload: form as never });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const exported = async () => {
  const res = await s.call({ method: 'GET', url: '/api/v2/roster_exports/oneroster', token: admin });
  expect(res.statusCode).toBe(200);
  return new Uint8Array(res.rawPayload);
};
async function apply(id: string) {
  const started = await s.call({
    method: 'POST',
    url: `/api/v2/roster_imports/${id}/apply`,
    token: admin,
    payload: {},
  });
  expect(started.statusCode).toBe(202);
  for (;;) {
    const data = (await s.call({ method: 'GET', url: `/api/v2/roster_imports/${id}`, token: admin })).json().data;
    if (data.status !== 'applying') return data;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const changesOf = (counts: Record<string, { create: number; update: number; deactivate: number }>) =>
  Object.fromEntries(
    ROSTER_COUNT_KINDS.map((k) => {
      const c = counts[k] ?? { create: 0, update: 0, deactivate: 0 };
      return [k, c.create + c.update + c.deactivate];
    }),
  );
const nothing = Object.fromEntries(ROSTER_COUNT_KINDS.map((k) => [k, 0]));

describe('export, then import', () => {
  it('the demo school, entered by hand, comes back with nothing to change', async () => {
    const preview = await upload(await exported());
    expect(preview.errors).toEqual([]);
    expect(changesOf(preview.counts)).toEqual(nothing);
    expect(preview.matched).toEqual([]);
    expect(preview.counts.scholars.unchanged).toBeGreaterThan(500);
    expect(preview.counts.guardians.unchanged).toBeGreaterThan(0);
    expect(preview.counts.staff.unchanged).toBeGreaterThan(3);
    expect(preview.progress.total).toBe(0);
  });

  it('a roster that came from an import comes back with nothing to change', async () => {
    const first = await upload(
      oneRosterZip({
        users: [
          {
            sourcedId: 'rt-kid',
            role: 'student',
            givenName: 'Ana',
            familyName: "D'Costa",
            identifier: 'RT-1',
            grades: '02',
            email: 'ana.rt@students.test',
          },
          {
            sourcedId: 'rt-mom',
            role: 'parent',
            givenName: 'Rita',
            familyName: "D'Costa",
            email: 'rita.rt@family.test',
            agentSourcedIds: ['rt-kid'],
          },
          { sourcedId: 'rt-t', role: 'teacher', givenName: 'Sam', familyName: 'Oduya', email: 'sam.rt@school.test' },
        ],
        academicSessions: [schoolYear('2026-08-12', '2027-06-10')],
        classes: [{ sourcedId: 'rt-c', title: 'Reading 2', classType: 'scheduled', location: 'Room 9' }],
        enrollments: [
          { sourcedId: 'rt-e', classSourcedId: 'rt-c', userSourcedId: 'rt-kid', role: 'student' },
          { sourcedId: 'rt-et', classSourcedId: 'rt-c', userSourcedId: 'rt-t', role: 'teacher', primary: 'true' },
        ],
        demographics: [{ sourcedId: 'rt-kid', birthDate: '2019-05-06', sex: 'female' }],
      }),
    );
    // The package is the whole roster only for what imports brought: the demo school's records stay.
    expect(first.counts.scholars.deactivate).toBe(0);
    expect((await apply(first.id)).status).toBe('applied');
    const back = await upload(await exported());
    expect(back.errors).toEqual([]);
    expect(changesOf(back.counts)).toEqual(nothing);
    expect(back.progress.total).toBe(0);
  });
});
