/**
 * What a meal eligibility file changes, and the writing of it. Each usable row is a determination: added to the
 * scholar's history (`meal_eligibility_history`, one row per scholar and effective date, so a row of the same date
 * corrects it), and the scholar's current eligibility when its date is the scholar's latest, as a single change
 * (`POST v2/demographics/{id}/meal_eligibility`) sets it: on the demographics row, whose trigger (migration 0005)
 * also records it in the history and whose change reaches the stations. A row older than the scholar's latest
 * determination only adds history: the claim counts each meal by the category in effect on its day
 * (nslp_records/eligibility.ts), so a late-arriving earlier determination corrects the past without changing today.
 *
 * Everything is set-based: the scholars and their histories in a query per thousand student numbers, the history
 * rows in one upsert per thousand, the current eligibilities in one update, the audit in one insert per 500.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DATE_YEARS,
  MEAL_IMPORT_MESSAGES,
  MEAL_IMPORT_SAMPLE_SIZE,
  type MealEligibility,
  type MealImport,
  type MealImportChange,
  type MealImportError,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { demographics, mealEligibilityHistory } from '../../db/schema';
import { auditMany } from '../../lib/audit';
import { histories, inEffect } from '../nslp_records/eligibility';
import type { MealImportFile, MealImportRow } from './read-csv';

const CHUNK = 1000;

type Scholar = Pick<
  typeof demographics.$inferSelect,
  'id' | 'student_number' | 'fname' | 'lname' | 'meal_eligibility' | 'meal_eligibility_effective'
>;

/** A determination to write. */
interface Planned {
  row: MealImportRow;
  scholar: Scholar;
  from: MealEligibility;
  current: boolean;
}

export interface Plan {
  errors: MealImportError[];
  changes: Planned[];
  unchanged: number;
}

const chunks = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The scholars of these student numbers (lower-cased, trimmed), locked for the apply when `lock`. */
async function scholarsOf(tx: Tx, keys: string[], lock: boolean): Promise<Map<string, Scholar>> {
  const out = new Map<string, Scholar>();
  for (const chunk of chunks(keys)) {
    const query = tx
      .select({
        id: demographics.id,
        student_number: demographics.student_number,
        fname: demographics.fname,
        lname: demographics.lname,
        meal_eligibility: demographics.meal_eligibility,
        meal_eligibility_effective: demographics.meal_eligibility_effective,
      })
      .from(demographics)
      .where(inArray(sql`lower(trim(${demographics.student_number}))`, chunk))
      .orderBy(demographics.id);
    for (const row of await (lock ? query.for('update') : query)) {
      out.set(row.student_number.trim().toLowerCase(), row);
    }
  }
  return out;
}

/** What the file's rows change against the records as they are now (the apply plans again inside its transaction). */
export async function planImport(tx: Tx, file: MealImportFile, { lock = false } = {}): Promise<Plan> {
  const errors = [...file.errors];
  const scholars = await scholarsOf(tx, [...new Set(file.valid.map((r) => r.student_number.toLowerCase()))], lock);
  const rowsOf = new Map<string, { scholar: Scholar; rows: MealImportRow[] }>();
  for (const row of file.valid) {
    const scholar = scholars.get(row.student_number.toLowerCase());
    if (!scholar) {
      errors.push({
        line: row.line,
        column: file.columns.student_number,
        code: 'unknown_student',
        value: row.student_number,
        message: MEAL_IMPORT_MESSAGES.unknown_student(row.student_number),
      });
      continue;
    }
    const mine = rowsOf.get(scholar.id) ?? { scholar, rows: [] };
    mine.rows.push(row);
    rowsOf.set(scholar.id, mine);
  }
  const history = new Map<string, { effective_from: string; eligibility: MealEligibility }[]>();
  for (const ids of chunks([...rowsOf.keys()])) {
    for (const [id, list] of await histories(tx, `${DATE_YEARS.max}-12-31`, ids)) history.set(id, list);
  }

  const changes: Planned[] = [];
  let unchanged = 0;
  for (const [id, { scholar, rows }] of rowsOf) {
    const past = history.get(id) ?? [];
    const onFile = new Map(past.map((h) => [h.effective_from, h.eligibility]));
    // The scholar's latest determination after the import: the history's or the file's, whichever is later.
    const latest = [...past.map((h) => h.effective_from), ...rows.map((r) => r.effective_from)]
      .filter((d) => d !== '-infinity')
      .reduce((a, b) => (b > a ? b : a), '');
    for (const row of rows) {
      if (onFile.get(row.effective_from) === row.eligibility) {
        unchanged += 1;
        continue;
      }
      const from = inEffect(past, row.effective_from);
      changes.push({ row, scholar, from, current: row.effective_from === latest });
    }
  }
  changes.sort((a, b) => a.row.line - b.row.line);
  errors.sort((a, b) => a.line - b.line);
  return { errors, changes, unchanged };
}

/** The plan as the API answers it: `from` only for a caller who may see eligibility. */
export function summary(
  id: string,
  status: MealImport['status'],
  file: MealImportFile,
  plan: Plan,
  mayView: boolean,
): MealImport {
  const sample: MealImportChange[] = plan.changes.slice(0, MEAL_IMPORT_SAMPLE_SIZE).map((c) => ({
    line: c.row.line,
    student_number: c.scholar.student_number,
    name: `${c.scholar.fname} ${c.scholar.lname}`,
    from: mayView ? c.from : null,
    to: c.row.eligibility,
    effective_from: c.row.effective_from,
    current: c.current,
  }));
  return {
    id,
    status,
    rows: file.rows,
    changes: plan.changes.length,
    current: plan.changes.filter((c) => c.current).length,
    unchanged: plan.unchanged,
    errors: plan.errors,
    sample,
  };
}

/**
 * Writes the plan: every determination into the history, the latest of each scholar as their current eligibility,
 * and one audit event per scholar with the determinations and the current eligibility before and after.
 */
export async function applyPlan(tx: Tx, request: FastifyRequest, plan: Plan, fileSha256: string): Promise<void> {
  if (!plan.changes.length) return;
  for (const part of chunks(plan.changes)) {
    await tx
      .insert(mealEligibilityHistory)
      .values(
        part.map((c) => ({
          scholar_id: c.scholar.id,
          eligibility: c.row.eligibility,
          effective_from: c.row.effective_from,
        })),
      )
      .onConflictDoUpdate({
        target: [mealEligibilityHistory.scholar_id, mealEligibilityHistory.effective_from],
        set: { eligibility: sql`excluded.eligibility`, created_at: sql`now()` },
      });
  }
  const current = plan.changes.filter((c) => c.current);
  for (const part of chunks(current)) {
    const values = sql.join(
      part.map((c) => sql`(${c.scholar.id}::uuid, ${c.row.eligibility}, ${c.row.effective_from}::date)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${demographics}
      set meal_eligibility = v.eligibility, meal_eligibility_effective = v.effective_from, updated_at = now()
      from (values ${values}) as v(id, eligibility, effective_from)
      where ${demographics.id} = v.id`);
  }
  const byScholar = new Map<string, Planned[]>();
  for (const change of plan.changes)
    byScholar.set(change.scholar.id, [...(byScholar.get(change.scholar.id) ?? []), change]);
  await auditMany(
    tx,
    request,
    [...byScholar].map(([id, mine]) => {
      const { scholar } = mine[0] as Planned;
      const latest = mine.find((c) => c.current);
      const before = {
        meal_eligibility: scholar.meal_eligibility,
        meal_eligibility_effective: scholar.meal_eligibility_effective,
      };
      return {
        action: 'update' as const,
        resource: 'demographics',
        recordId: id,
        changes: {
          before,
          after: latest
            ? { meal_eligibility: latest.row.eligibility, meal_eligibility_effective: latest.row.effective_from }
            : before,
          determinations: mine.map((c) => ({ eligibility: c.row.eligibility, effective_from: c.row.effective_from })),
          meal_eligibility_import: fileSha256,
        },
      };
    }),
  );
}
