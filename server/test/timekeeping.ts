/**
 * What the timekeeping route tests share (timesheet schedules, timesheet records, pay periods, the summary): a test
 * server in a Pacific-time school with the demo administrator, timekeeper and teacher signed in, the full-time week,
 * creating through the API, and new staff members made for each test, so the demo school's own people and records
 * never get in the way.
 */
import { eq } from 'drizzle-orm';
import type { DayHours } from '../../src/contract';
import { createSession } from '../auth/sessions';
import { roles } from '../db/schema';
import { startTestServer, type TestServer } from './helpers';

/** The school's zone in these tests: Pacific time, with both daylight-saving changes of the year. */
export const SCHOOL_TZ = 'America/Los_Angeles';
/** 8:00 to 16:30 with a 30-minute lunch: 8 hours. */
export const FULL: DayHours = { start: '08:00', end: '16:30', break_minutes: 30 };
/** A full-time default week: Monday to Friday full days, the weekend off. */
export const WEEKDAYS = [FULL, FULL, FULL, FULL, FULL, null, null];

export interface TimekeepingServer {
  s: TestServer;
  /** Tokens of the demo administrator, timekeeper and teacher. */
  admin: string;
  keeper: string;
  teacher: string;
  keeperId: string;
  teacherId: string;
  /** The Staff role: one's own timesheet only. */
  staffRoleId: string;
}

/** A test server in the school's zone with the administrator, the timekeeper and the teacher signed in. */
export async function startTimekeepingServer(): Promise<TimekeepingServer> {
  const s = await startTestServer({ SCHOOL_TIMEZONE: SCHOOL_TZ });
  const [admin, keeper, teacher] = await Promise.all([
    s.login('admin@demo.school'),
    s.login('timekeeper@demo.school'),
    s.login('teacher@demo.school'),
  ]);
  const idOf = async (token: string): Promise<string> =>
    (await s.call({ method: 'GET', url: '/api/v2/auth/check', token })).json().user.id;
  const [keeperId, teacherId, [role]] = await Promise.all([
    idOf(keeper),
    idOf(teacher),
    s.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Staff')),
  ]);
  return { s, admin, keeper, teacher, keeperId, teacherId, staffRoleId: role?.id ?? '' };
}

/** `POST v2/<url>` as `token`, which must answer 201: the record created. */
export async function createdBy(s: TestServer, token: string, url: string, payload: Record<string, unknown>) {
  const res = await s.call({ method: 'POST', url: `/api/v2/${url}`, token, payload });
  if (res.statusCode !== 201) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

export interface NewStaff {
  /** Goes before the email's name: each file its own ('t2p' gives t2p.ana1@demo.school). */
  tag: string;
  /** The family name, numbered: 'Period' gives Period1, Period2… */
  family: string;
  /** The user's type; staff unless given. */
  type?: string;
  /** The roles given at creation; none unless given. */
  roleIds?: string[];
}

export interface StaffMember {
  id: string;
  fname: string;
  lname: string;
  /** As the timesheet answers name people: 'Period1, Ana'. */
  name: string;
}

/** A staff member with a session token of their own. */
export type SignedInStaff = StaffMember & { token: string };

let made = 0;
/** A new staff member made by the administrator through `POST v2/users`, numbered to be unique in the file. */
export async function newStaff(
  s: TestServer,
  admin: string,
  fname: string,
  { tag, family, type = 'staff', roleIds }: NewStaff,
): Promise<StaffMember> {
  made++;
  const lname = `${family}${made}`;
  const user = await createdBy(s, admin, 'users', {
    email: `${tag}.${fname.toLowerCase()}${made}@demo.school`,
    fname,
    lname,
    type,
    ...(roleIds ? { role_ids: roleIds } : {}),
  });
  return { id: user.id, fname, lname, name: `${lname}, ${fname}` };
}

/** `newStaff`, signed in. */
export async function signedInStaff(
  s: TestServer,
  admin: string,
  fname: string,
  opts: NewStaff,
): Promise<SignedInStaff> {
  const member = await newStaff(s, admin, fname, opts);
  return { ...member, token: await createSession(s.database.db, member.id, 'password', 1) };
}
