/**
 * `v2/roster_imports`: the school's roster from its information system (DESIGN section 11). An upload is read and
 * previewed (201, nothing written but the preview); `/{id}/apply` starts it (202) and it runs in the background,
 * its progress answered by `GET /{id}`; the list is the imports' history. Administrator only (`roster_imports-*`).
 */
import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMINISTRATOR_ROLE,
  CSV_IMPORT_KINDS,
  CsvColumnsSchema,
  type CsvImportKind,
  CsvMappingSchema,
  IdParamsSchema,
  IdSchema,
  ListMetaSchema,
  MAX_ROSTER_PACKAGE_BYTES,
  ROSTER_IMPORT_KINDS,
  type RosterCounts,
  RosterImportApplySchema,
  type RosterImportKind,
  type RosterImportRecord,
  RosterImportRecordSchema,
  type StaffOneRosterRole,
  uuidv7,
} from '../../../src/contract';
import { roles, rosterColumnMaps, rosterImports, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, invalid, notFound } from '../../lib/errors';
import { readOneRoster } from '../../lib/oneroster/read';
import type { RosterError } from '../../lib/oneroster/types';
import { ERROR_RESPONSES, iso } from '../../lib/resource';
import { applyPlan } from '../../lib/roster-import/apply';
import { CsvUnreadable, checkMapping, csvPackage, proposeMapping, readCsv } from '../../lib/roster-import/plain-csv';
import { buildPlan, type PlanScope, readStored } from '../../lib/roster-import/plan';
import { schoolDay } from '../../lib/school-day';
import { isUploadedFile } from '../../plugins/multipart';

type Row = typeof rosterImports.$inferSelect;

/** A preview nobody applied keeps the families' data this long, then only its counts and errors stay. */
const PREVIEW_KEEP_MS = 24 * 60 * 60 * 1000;

const ZERO = { create: 0, update: 0, deactivate: 0, unchanged: 0 };
const EMPTY_COUNTS: RosterCounts = {
  scholars: ZERO,
  guardians: ZERO,
  staff: ZERO,
  classes: ZERO,
  enrollments: ZERO,
};

/** The record's errors as the contract has them (the sourcedId a row error carries is the server's own). */
const publicErrors = (errors: RosterError[]) =>
  errors.map(({ file, line, column, message }) => ({ file, line, column, message }));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Imports as the API answers them, with who uploaded and who applied (one query per page). */
async function toRecords(
  app: FastifyInstance,
  rows: Row[],
  progress: Map<string, { done: number; total: number }>,
): Promise<RosterImportRecord[]> {
  const people = [...new Set(rows.flatMap((r) => [r.created_by, r.applied_by]).filter((x): x is string => !!x))];
  const names = people.length
    ? await app.db
        .select({ id: users.id, fname: users.fname, lname: users.lname })
        .from(users)
        .where(inArray(users.id, people))
    : [];
  const byId = new Map(names.map((n) => [n.id, { id: n.id, name: `${n.fname} ${n.lname}`.trim() }]));
  return rows.map((r) => {
    const options = r.options as { staff_roles?: Record<string, number>; roles?: Record<string, string> };
    const live = r.status === 'applying' ? progress.get(r.id) : undefined;
    return {
      id: r.id,
      kind: r.kind,
      format: r.format,
      file_name: r.file_name,
      status: r.status,
      counts: { ...EMPTY_COUNTS, ...(r.counts as Partial<RosterCounts>) },
      errors: publicErrors(r.errors),
      matched: r.matched as RosterImportRecord['matched'],
      staff_roles: options.staff_roles ?? {},
      roles: options.roles ?? {},
      progress: live ?? { done: r.progress_done, total: r.progress_total },
      failure: r.failure,
      created_by: r.created_by ? (byId.get(r.created_by) ?? null) : null,
      applied_by: r.applied_by ? (byId.get(r.applied_by) ?? null) : null,
      created_at: iso(r.created_at),
      applied_at: r.applied_at ? iso(r.applied_at) : null,
      finished_at: r.finished_at ? iso(r.finished_at) : null,
    };
  });
}

const HistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

const FileSchema = z.custom((v) => isUploadedFile(v), { message: 'Choose the file to import.' });
const UploadSchema = z.object({
  id: IdSchema.optional(),
  /** A OneRoster package (the default), or a plain CSV of one kind of record with its column mapping. */
  kind: z.enum(ROSTER_IMPORT_KINDS).default('oneroster'),
  /** The CSV's mapping, field to header, as JSON text (a multipart field). */
  mapping: z.string().max(10_000).optional(),
  file: FileSchema,
});

/** Reads a package, or answers the 422 that names the file and column it cannot be read for. */
function readPackage(bytes: Uint8Array) {
  const result = readOneRoster(bytes);
  if (result.ok) return result.package;
  const { error } = result;
  const where = [error.file, error.column].filter(Boolean).join(', column ');
  const message = where ? `${where}: ${error.message}` : error.message;
  throw new AppError('validation', message, { errors: { file: [message] }, record: publicErrors([error])[0] });
}

const CSV_KIND: Record<Exclude<RosterImportKind, 'oneroster'>, CsvImportKind> = {
  csv_scholars: 'scholars',
  csv_guardians: 'guardians',
  csv_staff: 'staff',
};

/** Reads a CSV, or answers the 422 that says why it cannot be read. */
function readCsvFile(bytes: Uint8Array) {
  try {
    return readCsv(bytes);
  } catch (err) {
    if (err instanceof CsvUnreadable) throw invalid('file', err.message);
    throw err;
  }
}

/** The mapping of a CSV upload, checked against the file's headers (422 naming each field that is wrong). */
function parseMapping(kind: CsvImportKind, headers: string[], text: string | undefined): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '{}');
  } catch {
    throw invalid('mapping', 'The column mapping is not JSON.');
  }
  const parsed = CsvMappingSchema.safeParse(value);
  if (!parsed.success) throw invalid('mapping', 'The column mapping must map field names to column headers.');
  const mapping = Object.fromEntries(Object.entries(parsed.data).filter(([, header]) => header));
  const errors = checkMapping(kind, headers, mapping);
  if (Object.keys(errors).length) throw new AppError('validation', 'Some fields have no column.', { errors });
  return mapping;
}

/** The package an upload holds, what the import of it speaks for, and how it is told apart (format, options). */
function uploadedPackage(kind: RosterImportKind, bytes: Uint8Array, mappingText: string | undefined, fileName: string) {
  if (kind === 'oneroster') {
    const pkg = readPackage(bytes);
    return { pkg, format: `oneroster-${pkg.version}`, mapping: null, planOptions: {} };
  }
  const csvKind = CSV_KIND[kind];
  const table = readCsvFile(bytes);
  const mapping = parseMapping(csvKind, table.headers, mappingText);
  const pkg = csvPackage(csvKind, fileName || `${csvKind}.csv`, table, mapping);
  return { pkg, format: 'csv', mapping, planOptions: { scope: [csvKind] as PlanScope[], adoptAny: true } };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  /** The progress of the imports this server is applying now, and their work (awaited when the server closes). */
  const progress = new Map<string, { done: number; total: number }>();
  const running = new Set<Promise<void>>();
  const today = () => schoolDay(new Date(), app.school.timeZone);

  // An import this server was applying when it stopped will never finish by itself: say so, and let it be applied
  // again (each step makes the rows match the package, so a second apply finishes the work).
  app.addHook('onReady', async () => {
    await app.db
      .update(rosterImports)
      .set({
        status: 'failed',
        failure: 'The server stopped while this import was being applied. Apply it again to finish it.',
        finished_at: sql`now()`,
      })
      .where(eq(rosterImports.status, 'applying'));
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  const one = async (id: string) => {
    const [row] = await app.db.select().from(rosterImports).where(eq(rosterImports.id, id)).limit(1);
    if (!row) throw notFound('roster import');
    const [record] = await toRecords(app, [row], progress);
    return record as RosterImportRecord;
  };

  app.post(
    '/',
    {
      config: {
        access: 'roster_imports-create',
        multipartOptions: { limits: { fileSize: MAX_ROSTER_PACKAGE_BYTES, files: 1 } },
      },
      schema: {
        body: UploadSchema,
        response: {
          200: z.object({ data: RosterImportRecordSchema }),
          201: z.object({ data: RosterImportRecordSchema }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const {
        id: clientId,
        file,
        kind,
        mapping: mappingText,
      } = request.body as {
        id?: string;
        kind: RosterImportKind;
        mapping?: string;
        file: { filename: string; data: Buffer };
      };
      const bytes = new Uint8Array(file.data);
      const hash = sha256(bytes);
      if (clientId) {
        // The same upload again (a retry): its preview; another package under the same id is a conflict.
        const [stored] = await app.db.select().from(rosterImports).where(eq(rosterImports.id, clientId)).limit(1);
        if (stored) {
          const record = await one(stored.id);
          if (stored.package_sha256 !== hash)
            throw new AppError('conflict', 'A different roster import with this id exists.', { record });
          return reply.status(200).send({ data: record });
        }
      }
      const { pkg, format, mapping, planOptions } = uploadedPackage(kind, bytes, mappingText, file.filename);
      const plan = buildPlan(pkg, await readStored(app.db), today(), planOptions);
      const id = clientId ?? uuidv7();
      await app.db.transaction(async (tx) => {
        // Previews nobody applied give back the families' data they held after a day.
        await tx
          .update(rosterImports)
          .set({ package: null })
          .where(
            and(
              eq(rosterImports.status, 'previewed'),
              lt(rosterImports.created_at, new Date(Date.now() - PREVIEW_KEEP_MS).toISOString()),
            ),
          );
        await tx
          .insert(rosterImports)
          .values({
            id,
            kind,
            format,
            file_name: file.filename.slice(0, 200) || null,
            status: 'previewed',
            package: bytes,
            package_sha256: hash,
            options: { staff_roles: plan.staffRoles, links: plan.links, school_year: plan.year, mapping },
            counts: plan.counts,
            errors: plan.errors,
            matched: plan.matched,
            progress_total: plan.total,
            created_by: request.auth?.user.id ?? null,
          })
          .onConflictDoNothing();
        await audit(tx, request, {
          action: 'create',
          resource: 'roster_imports',
          recordId: id,
          changes: { format, file_name: file.filename, counts: plan.counts },
        });
        // The mapping is offered again for the next file of the same kind.
        if (mapping) {
          await tx
            .insert(rosterColumnMaps)
            .values({ kind, columns: mapping })
            .onConflictDoUpdate({ target: rosterColumnMaps.kind, set: { columns: mapping, updated_at: sql`now()` } });
        }
      });
      return reply.status(201).send({ data: await one(id) });
    },
  );

  // A plain CSV's columns and the mapping proposed for them (the last one used for this kind, else by the names):
  // the mapping step's start. Writes nothing.
  app.post(
    '/csv_columns',
    {
      config: {
        access: 'roster_imports-create',
        multipartOptions: { limits: { fileSize: MAX_ROSTER_PACKAGE_BYTES, files: 1 } },
      },
      schema: {
        body: z.object({ kind: z.enum(CSV_IMPORT_KINDS), file: FileSchema }),
        response: { 200: z.object({ data: CsvColumnsSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { kind, file } = request.body as { kind: CsvImportKind; file: { data: Buffer } };
      const table = readCsvFile(new Uint8Array(file.data));
      const [remembered] = await app.db
        .select()
        .from(rosterColumnMaps)
        .where(eq(rosterColumnMaps.kind, `csv_${kind}`))
        .limit(1);
      return {
        data: {
          kind,
          headers: table.headers,
          mapping: proposeMapping(kind, table.headers, remembered?.columns),
          sample: table.rows.slice(0, 3).map((r) => r.cells),
        },
      };
    },
  );

  app.get(
    '/',
    {
      config: { access: 'roster_imports-view_any' },
      schema: {
        querystring: HistoryQuerySchema,
        response: {
          200: z.object({ data: z.array(RosterImportRecordSchema), meta: ListMetaSchema }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(rosterImports)
          .orderBy(desc(rosterImports.created_at), desc(rosterImports.id))
          .limit(per_page)
          .offset((page - 1) * per_page),
        app.db.select({ n: count() }).from(rosterImports),
      ]);
      return { data: await toRecords(app, rows, progress), meta: { page, per_page, total: Number(total?.n ?? 0) } };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'roster_imports-view' },
      schema: {
        params: IdParamsSchema,
        response: { 200: z.object({ data: RosterImportRecordSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await one(request.params.id) }),
  );

  app.post(
    '/:id/apply',
    {
      config: { access: 'roster_imports-create' },
      schema: {
        params: IdParamsSchema,
        body: RosterImportApplySchema,
        response: { 202: z.object({ data: RosterImportRecordSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const chosen = request.body.roles as Partial<Record<StaffOneRosterRole, string>>;
      const roleIds = [...new Set(Object.values(chosen))];
      const found = roleIds.length
        ? await app.db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds))
        : [];
      for (const [oneRosterRole, roleId] of Object.entries(chosen)) {
        const role = found.find((r) => r.id === roleId);
        if (!role) throw invalid(`roles.${oneRosterRole}`, 'No such role.');
        // Administrators are made by hand, by an administrator, never by a file.
        if (role.name.toLowerCase() === ADMINISTRATOR_ROLE.toLowerCase())
          throw invalid(`roles.${oneRosterRole}`, 'Nobody gets the Administrator role from a file.');
      }
      const started = await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(rosterImports).where(eq(rosterImports.id, id)).limit(1).for('update');
        if (!row) throw notFound('roster import');
        // Applying or applied already: the same request again (a retry) answers it as it is.
        if (row.status === 'applying' || row.status === 'applied') return false;
        if (!row.package)
          throw new AppError('conflict', 'This preview has expired. Upload the package again to import it.');
        await tx
          .update(rosterImports)
          .set({
            status: 'applying',
            failure: null,
            progress_done: 0,
            applied_by: request.auth?.user.id ?? null,
            applied_at: sql`now()`,
            options: { ...(row.options as object), roles: chosen },
          })
          .where(eq(rosterImports.id, id));
        await audit(tx, request, {
          action: 'update',
          resource: 'roster_imports',
          recordId: id,
          changes: { status: 'applying', roles: chosen },
        });
        return true;
      });
      if (started) {
        progress.set(id, { done: 0, total: 0 });
        const job = runApply(app, request, id, chosen, progress, today()).finally(() => {
          running.delete(job);
          progress.delete(id);
        });
        running.add(job);
      }
      return reply.status(202).send({ data: await one(id) });
    },
  );
};

/** Applies a previewed import: its plan made again on the database as it is now, then carried out. */
async function runApply(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  chosen: Partial<Record<StaffOneRosterRole, string>>,
  progress: Map<string, { done: number; total: number }>,
  today: string,
): Promise<void> {
  try {
    const [row] = await app.db.select().from(rosterImports).where(eq(rosterImports.id, id)).limit(1);
    if (!row?.package) throw new Error('The package is gone.');
    const options = row.options as { mapping?: Record<string, string> | null };
    const { pkg, planOptions } = uploadedPackage(
      row.kind,
      row.package,
      options.mapping ? JSON.stringify(options.mapping) : undefined,
      row.file_name ?? '',
    );
    const plan = buildPlan(pkg, await readStored(app.db), today, planOptions);
    progress.set(id, { done: 0, total: plan.total });
    await app.db
      .update(rosterImports)
      .set({ progress_total: plan.total, counts: plan.counts, errors: plan.errors, matched: plan.matched })
      .where(eq(rosterImports.id, id));
    const [staff] = await app.db
      .select({ id: roles.id })
      .from(roles)
      .where(sql`lower(${roles.name}) = 'staff'`)
      .limit(1);
    await applyPlan(app.db, request, plan, {
      roles: chosen,
      defaultRoleId: staff?.id ?? null,
      today,
      onProgress: (done) => progress.set(id, { done, total: plan.total }),
    });
    await app.db.transaction(async (tx) => {
      await tx
        .update(rosterImports)
        .set({
          status: 'applied',
          package: null,
          progress_done: plan.total,
          progress_total: plan.total,
          options: { ...(row.options as object), roles: chosen, links: plan.links, school_year: plan.year },
          finished_at: sql`now()`,
        })
        .where(eq(rosterImports.id, id));
      await audit(tx, request, {
        action: 'update',
        resource: 'roster_imports',
        recordId: id,
        changes: { status: 'applied', counts: plan.counts, links: plan.links },
      });
    });
  } catch (err) {
    request.log.error({ err, roster_import: id }, 'roster import failed');
    const done = progress.get(id)?.done ?? 0;
    await app.db
      .update(rosterImports)
      .set({
        status: 'failed',
        progress_done: done,
        failure: 'The import stopped on an error; what it wrote before the error stays. Apply it again to finish it.',
        finished_at: sql`now()`,
      })
      .where(eq(rosterImports.id, id))
      .catch((e: unknown) => request.log.error({ err: e }, 'could not record the roster import failure'));
  }
}

export default routes;
