/**
 * The export at a large school's size: 2,000 more scholars, 3,000 guardians (each linked to one or two of them), 120
 * classes and 12,000 enrolments come out whole, every link and enrolment pointing at a record of the package. How long
 * it takes is not asserted here (a test's time limit measures the machine); the export's queries are set-based
 * (server/lib/oneroster/export-roster.ts) and their number does not grow with the school.
 */
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { courseEnrollments, courses, demographics, guardianships, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

const SCHOLARS = 2000;
const GUARDIANS = 3000;
const CLASSES = 120;
const CLASSES_EACH = 6;

let s: TestServer;
let admin: string;
const scholarIds: string[] = [];
const guardianIds: string[] = [];
const classIds: string[] = [];

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@demo.school');
  const db = s.database.db;
  const grades = ['TK', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
  const scholarRows = Array.from({ length: SCHOLARS }, (_, i) => {
    const id = uuidv7();
    scholarIds.push(id);
    return {
      id,
      student_number: `S${String(i).padStart(6, '0')}`,
      fname: `Scholar${i}`,
      lname: i % 7 === 0 ? `O'Núñez, ${i}` : `Family${i % 900}`,
      grade: grades[i % grades.length] as string,
      badge_code: `SCALE-${i}`,
      birth_date: i % 3 === 0 ? '2014-09-01' : null,
    };
  });
  await inBatches(scholarRows, (b) => db.insert(demographics).values(b));
  const guardianRows = Array.from({ length: GUARDIANS }, (_, i) => {
    const id = uuidv7();
    guardianIds.push(id);
    return {
      id,
      email: `guardian.${i}@scale.example`,
      fname: `Guardian${i}`,
      lname: `Family${i % 900}`,
      type: 'parent' as const,
    };
  });
  await inBatches(guardianRows, (b) => db.insert(users).values(b));
  // Guardian i is a parent of scholar i mod 2,000, and every third guardian of the next scholar too.
  const links = guardianIds.flatMap((parent_id, i) => {
    const first = { parent_id, scholar_id: scholarIds[i % SCHOLARS] as string };
    return i % 3 === 0 ? [first, { parent_id, scholar_id: scholarIds[(i + 1) % SCHOLARS] as string }] : [first];
  });
  await inBatches(links, (b) => db.insert(guardianships).values(b).onConflictDoNothing());
  const classRows = Array.from({ length: CLASSES }, (_, i) => {
    const id = uuidv7();
    classIds.push(id);
    return { id, name: `Class ${i}`, room: `R${i}`, grades: [grades[i % grades.length] as string] };
  });
  await inBatches(classRows, (b) => db.insert(courses).values(b));
  const enrolments = scholarIds.flatMap((scholar_id, i) =>
    Array.from({ length: CLASSES_EACH }, (_, k) => ({
      course_id: classIds[(i + k * 20) % CLASSES] as string,
      scholar_id,
    })),
  );
  await inBatches(enrolments, (b) => db.insert(courseEnrollments).values(b));
}, 120_000);
afterAll(() => s.close());

describe('the roster export at scale', () => {
  it('exports every scholar, guardian, class and enrolment, each reference resolved', async () => {
    const res = await s.call({ method: 'GET', url: '/api/v2/roster_exports/oneroster', token: admin });
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const rows = (file: string) =>
      parse(strFromU8(zip[file] as Uint8Array), { columns: true }) as Record<string, string>[];
    const people = rows('users.csv');
    const ids = new Set(people.map((u) => u.sourcedId));
    for (const id of [...scholarIds, ...guardianIds]) expect(ids.has(id)).toBe(true);
    const agents = new Map(people.map((u) => [u.sourcedId, u.agentSourcedIds?.split(',') ?? []]));
    expect(agents.get(guardianIds[3] as string)?.sort()).toEqual([scholarIds[3], scholarIds[4]].sort());
    expect(agents.get(scholarIds[4] as string)).toContain(guardianIds[3]);
    for (const list of agents.values()) for (const agent of list) if (agent) expect(ids.has(agent)).toBe(true);

    const classes = new Set(rows('classes.csv').map((c) => c.sourcedId));
    for (const id of classIds) expect(classes.has(id)).toBe(true);
    const enrolled = rows('enrollments.csv').filter((e) => classIds.includes(e.classSourcedId as string));
    expect(enrolled).toHaveLength(SCHOLARS * CLASSES_EACH);
    for (const e of enrolled) expect(ids.has(e.userSourcedId as string)).toBe(true);
    expect(new Set(enrolled.map((e) => e.sourcedId)).size).toBe(enrolled.length);
  }, 120_000);
});
