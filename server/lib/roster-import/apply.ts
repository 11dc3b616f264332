/**
 * Carries out a roster import's plan (plan.ts) in three large transactions, accounts, then scholars, then classes
 * with enrolments and guardianships, each writing its rows in chunks of a few hundred with one audit statement per
 * chunk, never one transaction per row. `onProgress` hears how many of the plan's writes are done after each chunk.
 * A failure rolls back the step it happened in; the steps before it stay, and applying the package again finishes
 * the work (each step makes its rows match the package, so it is safe to run twice).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { StaffOneRosterRole } from '../../../src/contract';
import { revokeUserSessions } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import {
  courseEnrollments,
  courses,
  demographics,
  guardianships,
  schoolSettings,
  userRoles,
  users,
} from '../../db/schema';
import { newBadgeCode } from '../../routes/demographics/index';
import { mirrorGuardian, mirrorPickUp } from '../../routes/guardians/mirror';
import { type AuditAction, auditMany } from '../audit';
import { collectGarbage } from '../collect-garbage';
import { IMPORT_WITHDRAWAL_REASON, type Plan } from './plan';

/** Rows per insert statement: well under PostgreSQL's 65,535 bound parameters for the widest table here. */
const CHUNK = 500;
/** Rows written between two garbage collections (collect-garbage.ts has the measured peaks). */
const GC_EVERY = 3000;

type AuditEvent = { action: AuditAction; resource: string; recordId?: string | null; changes?: unknown };

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface ApplyOptions {
  /** The role (id) each OneRoster staff role's new accounts get; a role missing here gets `defaultRoleId`. */
  roles: Partial<Record<StaffOneRosterRole, string>>;
  defaultRoleId: string | null;
  today: string;
  onProgress(done: number): void;
}

export async function applyPlan(db: Db, request: FastifyRequest, plan: Plan, options: ApplyOptions): Promise<void> {
  let done = 0;
  let collected = 0;
  const progress = (n: number) => {
    done += n;
    options.onProgress(done);
    // The written chunks' garbage, before V8 grows its heap for it (server/lib/collect-garbage.ts).
    if (done - collected >= GC_EVERY) {
      collected = done;
      collectGarbage();
    }
  };
  const now = () => new Date().toISOString();

  /** Updates rows one statement each (changes differ row by row), audited with their before and after. */
  async function updateRows(
    tx: Tx,
    table: typeof users | typeof demographics | typeof courses,
    resource: string,
    rows: { id: string; before: object; after: object }[],
    extra: (row: { id: string; before: object; after: object }) => object = () => ({}),
  ) {
    for (const part of chunks(rows, 200)) {
      for (const row of part) {
        await tx
          .update(table)
          .set({ ...row.after, ...extra(row), updated_at: now() } as never)
          .where(eq(table.id, row.id));
      }
      await auditMany(
        tx,
        request,
        part.map((row) => ({
          action: 'update',
          resource,
          recordId: row.id,
          changes: { before: row.before, after: row.after },
        })),
      );
      progress(part.length);
    }
  }

  // 1. Accounts: guardians, staff and scholars' portal accounts (before the scholars, who point at theirs).
  await db.transaction(async (tx) => {
    for (const part of chunks(plan.users.create)) {
      await tx.insert(users).values(
        part.map(({ staffRole, ...u }) => {
          void staffRole;
          return { ...u, phone: u.phone ?? null, user_number: u.user_number ?? null, grade: u.grade ?? null };
        }),
      );
      const grants = part
        .filter((u) => u.type === 'staff')
        .map((u) => ({ user_id: u.id, role_id: (u.staffRole && options.roles[u.staffRole]) || options.defaultRoleId }))
        .filter((g): g is { user_id: string; role_id: string } => !!g.role_id);
      if (grants.length) await tx.insert(userRoles).values(grants);
      await auditMany(
        tx,
        request,
        part.map(({ staffRole, ...u }) => ({
          action: 'create',
          resource: 'users',
          recordId: u.id,
          changes: { ...u, ...(staffRole ? { oneroster_role: staffRole } : {}) },
        })),
      );
      progress(part.length);
    }
    await updateRows(tx, users, 'users', plan.users.update);
    for (const part of chunks(plan.users.deactivate)) {
      const ids = part.map((u) => u.id);
      await tx.update(users).set({ active: false, updated_at: now() }).where(inArray(users.id, ids));
      for (const id of ids) await revokeUserSessions(tx as unknown as Db, id);
      await auditMany(
        tx,
        request,
        ids.map((id) => ({
          action: 'deactivate',
          resource: 'users',
          recordId: id,
          changes: { before: { active: true }, after: { active: false } },
        })),
      );
      progress(part.length);
    }
    // A guardian renamed, with a new phone, or gone: their mirrored pick-up adults follow.
    const guardians = new Set([
      ...plan.users.update
        .filter((u) => 'fname' in u.after || 'lname' in u.after || 'phone' in u.after || 'active' in u.after)
        .map((u) => u.id),
      ...plan.users.deactivate.filter((u) => u.type === 'parent').map((u) => u.id),
    ]);
    for (const id of guardians) await mirrorGuardian(tx, request, id);
  });

  // 2. Scholars, and the school year's dates.
  await db.transaction(async (tx) => {
    for (const part of chunks(plan.scholars.create)) {
      await tx.insert(demographics).values(
        part.map((s) => ({
          ...s,
          nickname: s.nickname ?? null,
          homeroom: s.homeroom ?? null,
          birth_date: s.birth_date ?? null,
          sex: s.sex ?? null,
          user_id: s.user_id ?? null,
          badge_code: newBadgeCode(),
        })),
      );
      await auditMany(
        tx,
        request,
        part.map((s) => ({ action: 'create', resource: 'demographics', recordId: s.id, changes: s })),
      );
      progress(part.length);
    }
    // A scholar back in the package is enrolled again from today; the import's withdrawal is cleared.
    await updateRows(tx, demographics, 'demographics', plan.scholars.update, (row) =>
      (row.after as { active?: boolean }).active
        ? { enrolled_on: options.today, withdrawn_on: null, withdrawal_reason: null }
        : {},
    );
    for (const part of chunks(plan.scholars.deactivate)) {
      await tx
        .update(demographics)
        .set({
          active: false,
          withdrawn_on: options.today,
          withdrawal_reason: IMPORT_WITHDRAWAL_REASON,
          updated_at: now(),
        })
        .where(and(inArray(demographics.id, part), eq(demographics.active, true)));
      await auditMany(
        tx,
        request,
        part.map((id) => ({
          action: 'deactivate',
          resource: 'demographics',
          recordId: id,
          changes: {
            before: { active: true },
            after: { active: false, withdrawn_on: options.today, withdrawal_reason: IMPORT_WITHDRAWAL_REASON },
          },
        })),
      );
      progress(part.length);
    }
    if (plan.year) {
      const { starts_on, ends_on, settingsId } = plan.year;
      if (settingsId) {
        await tx
          .update(schoolSettings)
          .set({ year_starts_on: starts_on, year_ends_on: ends_on, updated_at: now() })
          .where(eq(schoolSettings.id, settingsId));
        await auditMany(tx, request, [
          {
            action: 'update',
            resource: 'school_settings',
            recordId: settingsId,
            changes: { after: { year_starts_on: starts_on, year_ends_on: ends_on } },
          },
        ]);
      }
      progress(1);
    }
  });

  // 3. Classes, enrolments and guardianships.
  await db.transaction(async (tx) => {
    for (const part of chunks(plan.courses.create)) {
      await tx.insert(courses).values(part.map((c) => ({ ...c, grades: [], sessions: [] })));
      await auditMany(
        tx,
        request,
        part.map((c) => ({ action: 'create', resource: 'courses', recordId: c.id, changes: c })),
      );
      progress(part.length);
    }
    await updateRows(tx, courses, 'courses', plan.courses.update);
    if (plan.courses.deactivate.length) {
      await tx
        .update(courses)
        .set({ active: false, updated_at: now() })
        .where(inArray(courses.id, plan.courses.deactivate));
      await auditMany(
        tx,
        request,
        plan.courses.deactivate.map((id) => ({ action: 'deactivate', resource: 'courses', recordId: id })),
      );
      progress(plan.courses.deactivate.length);
    }
    const enrolmentEvents = (action: AuditAction, rows: { course_id: string; scholar_id: string }[]): AuditEvent[] =>
      rows.map((e) => ({
        action,
        resource: 'course_enrollments',
        recordId: `${e.course_id}:${e.scholar_id}`,
        changes: e,
      }));
    for (const part of chunks(plan.enrollments.remove)) {
      await tx.execute(
        sql`delete from ${courseEnrollments} where (${courseEnrollments.course_id}, ${courseEnrollments.scholar_id}) in (${sql.join(
          part.map((e) => sql`(${e.course_id}::uuid, ${e.scholar_id}::uuid)`),
          sql`, `,
        )})`,
      );
      await auditMany(tx, request, enrolmentEvents('delete', part));
      progress(part.length);
    }
    for (const part of chunks(plan.enrollments.create)) {
      await tx.insert(courseEnrollments).values(part).onConflictDoNothing();
      await auditMany(tx, request, enrolmentEvents('create', part));
      progress(part.length);
    }
    for (const part of chunks(plan.enrollments.update, 200)) {
      for (const e of part) {
        await tx
          .update(courseEnrollments)
          .set({ sourced_id: e.sourced_id })
          .where(and(eq(courseEnrollments.course_id, e.course_id), eq(courseEnrollments.scholar_id, e.scholar_id)));
      }
      await auditMany(tx, request, enrolmentEvents('update', part));
      progress(part.length);
    }
    for (const part of chunks(plan.guardianships.remove)) {
      await tx.delete(guardianships).where(
        inArray(
          guardianships.id,
          part.map((l) => l.id),
        ),
      );
      await auditMany(
        tx,
        request,
        part.map((l) => ({ action: 'delete', resource: 'guardianships', recordId: l.id, changes: l })),
      );
      // A guardian who could pick the scholar up no longer can: their mirrored pick-up adult follows.
      for (const l of part) if (l.may_pick_up) await mirrorPickUp(tx, request, l.parent_id, l.scholar_id);
      progress(part.length);
    }
    for (const part of chunks(plan.guardianships.create)) {
      const rows = await tx
        .insert(guardianships)
        .values(part.map((l) => ({ ...l, imported: true })))
        .onConflictDoNothing()
        .returning({ id: guardianships.id, parent_id: guardianships.parent_id, scholar_id: guardianships.scholar_id });
      await auditMany(
        tx,
        request,
        rows.map((l) => ({ action: 'create', resource: 'guardianships', recordId: l.id, changes: l })),
      );
      progress(part.length);
    }
  });
}
