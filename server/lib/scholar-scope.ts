/**
 * Whose portal a caller reads (DESIGN sections 7 and 10): a scholar (user type student) reads their own demographics
 * row, the one linked to their account; a parent reads each scholar they are a guardian of; anyone else reads none.
 * Every `v2/scholar/...` answer is scoped here, and a scholar outside the caller's scope answers 404, never 403, so
 * the answer does not tell that the id exists.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { demographics, guardianships } from '../db/schema';
import { notFound } from './errors';

export interface ScopedScholar {
  id: string;
  fname: string;
  lname: string;
  nickname: string | null;
  grade: string;
  homeroom: string | null;
  photo_id: string | null;
  badge_code: string;
  relationship: string | null;
}

const columns = {
  id: demographics.id,
  fname: demographics.fname,
  lname: demographics.lname,
  nickname: demographics.nickname,
  grade: demographics.grade,
  homeroom: demographics.homeroom,
  photo_id: demographics.photo_id,
  badge_code: demographics.badge_code,
};

/** The active scholars a user may read in the portal, ordered by first name. */
export async function scholarsOf(
  db: Pick<Db | Tx, 'select'>,
  user: { id: string; type: string },
): Promise<ScopedScholar[]> {
  if (user.type === 'student') {
    const rows = await db
      .select(columns)
      .from(demographics)
      .where(and(eq(demographics.user_id, user.id), eq(demographics.active, true)))
      .orderBy(asc(demographics.fname));
    return rows.map((r) => ({ ...r, relationship: null }));
  }
  if (user.type === 'parent') {
    return db
      .select({ ...columns, relationship: guardianships.relationship })
      .from(guardianships)
      .innerJoin(demographics, eq(demographics.id, guardianships.scholar_id))
      .where(and(eq(guardianships.parent_id, user.id), eq(demographics.active, true)))
      .orderBy(asc(demographics.fname), asc(demographics.id));
  }
  return [];
}

/** One scholar of the caller's scope, or 404. */
export async function scholarInScope(
  db: Pick<Db | Tx, 'select'>,
  request: FastifyRequest,
  scholarId: string,
): Promise<ScopedScholar> {
  const user = request.auth?.user;
  const scholar = user ? (await scholarsOf(db, user)).find((s) => s.id === scholarId) : undefined;
  if (!scholar) throw notFound('scholar');
  return scholar;
}
