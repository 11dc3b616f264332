/**
 * The generic resource layer (DESIGN section 4) that every resource uses: list with filter, search, sort and pages;
 * single; create (idempotent on a client-generated id); update by POST with `_method: 'PATCH'` in JSON or multipart;
 * delete. The permission `<resource>-<action>` is declared per route and enforced by plugins/access.ts; every change
 * writes an audit event in the same transaction.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  IdParamsSchema,
  isCalendarDate,
  type ListQuery,
  ListQuerySchema,
  listResponse,
  type Permission,
  type Resource,
  singleResponse,
  UUID_PATTERN,
  uuidv7,
} from '../../src/contract';
import type { Tx } from '../db/client';
import { audit } from './audit';
import { AppError, invalid, notFound } from './errors';

type Row = Record<string, unknown>;
type ZodObj = z.ZodObject<z.ZodRawShape>;

export interface ResourceContext {
  tx: Tx;
  request: FastifyRequest;
}

/** What became of one input of a batch create (sync push). */
export type CreateOutcome<Rec> =
  | { status: 'created' | 'same'; record: Rec }
  | { status: 'conflict'; record: Rec; message: string }
  | { status: 'invalid'; message: string; errors?: Record<string, string[]> };

export interface ResourceDefinition<Rec, Create extends Row, Update extends Row> {
  /** The permission resource: each route checks `<name>-<action>`. */
  name: Resource;
  /**
   * What the audit trail calls the records, when it is not `name` (a resource of its own under another's permission,
   * such as the days off kept under timesheet_schedules).
   */
  auditAs?: string;
  table: PgTable;
  idColumn: AnyPgColumn;
  record: z.ZodType<Rec>;
  create: z.ZodType<Create>;
  update: z.ZodType<Update>;
  /**
   * Field name to column (or an expression, such as a joined name); the first entry of `defaultSort` applies when the
   * caller gives none.
   */
  sortFields: Record<string, AnyPgColumn | SQL>;
  defaultSort: string;
  /** Field name to a condition builder; a builder throws `invalid` for a value it cannot use. */
  filters: Record<string, (value: string) => SQL | undefined>;
  searchColumns: AnyPgColumn[];
  /** A condition for one search word (its LIKE pattern) besides the columns (a person's name through a join). */
  searchAlso?(pattern: string): SQL;
  /** Turns stored rows into records (one call per page, so joins are batched). */
  toRecords(rows: Row[], tx: Tx): Promise<Rec[]>;
  /** Column values for a new row; `id` is set by the layer. */
  prepareCreate?(input: Create, ctx: ResourceContext): Promise<Row> | Row;
  prepareUpdate?(input: Update, existing: Row, ctx: ResourceContext): Promise<Row> | Row;
  /**
   * Runs inside the write's transaction, after the row is written (roles, photos, invariants); `existing` is the row
   * as it was before an update.
   */
  afterWrite?(
    id: string,
    input: Create | Update,
    ctx: ResourceContext & { created: boolean; existing?: Row },
  ): Promise<void>;
  /** Runs inside the delete's transaction, after the row is gone (invariants, its files); `existing` is that row. */
  afterDelete?(id: string, ctx: ResourceContext & { existing: Row }): Promise<void>;
  /** How DELETE works: removed, or marked inactive. Absent: no DELETE route. */
  remove?: 'delete' | 'deactivate';
  /**
   * Creates many records in one transaction with a fixed number of queries (the sync push's fast path), applying the
   * same rules as `prepareCreate`; answers one outcome per input, in order. Absent: the push creates one by one.
   */
  createMany?(inputs: Create[], ctx: ResourceContext): Promise<CreateOutcome<Rec>[]>;
  /** Whether a create's input matches a stored record with the same id (idempotent replay); default: field by field. */
  sameAs?(input: Create, record: Rec): boolean;
  /**
   * A create that a rule answers with another, earlier record instead of refusing it (a signer's second sign-in is
   * answered with the first): whether `record`, carried by the rule's 409 (`extra.record`), is that answer for `input`.
   * `createOne` then answers it with `created: false`, and the sync push takes a re-sent entry whose receipt points at
   * it for a replay ('duplicate'), not for an idempotency key reused with other content.
   */
  answeredBy?(input: Create, record: Rec): boolean;
  /** Fields left out of the audit trail (secrets). */
  secretFields?: string[];
  /** An update's audit holds each sent field before and after (not only what was sent), a delete's the row it removed. */
  auditBeforeAfter?: boolean;
  /** How a record is shown to this caller (leaving out what the caller may not see); default: as it is. */
  present?(record: Rec, request: FastifyRequest): Rec;
  /** A condition every list applies on top of the caller's filters (e.g. voided records only when asked for). */
  listScope?(query: ListQuery): SQL | undefined;
  /** The permission the list route asks for; default `<name>-view_any` (a resource scoped by `scope` may ask less). */
  listAccess?: Permission;
  /**
   * The rows this caller may read, as a condition on the table (their own records, say); the list and the single
   * route apply it, and a row outside it answers 404. Writes check their own rules (prepareUpdate, beforeDelete).
   */
  scope?(request: FastifyRequest): SQL | undefined;
  /** Runs inside the delete's transaction before the row goes: a rule that refuses it (a lock, the caller's scope). */
  beforeDelete?(existing: Row, ctx: ResourceContext): Promise<void>;
}

const BOOLEAN_WORDS = new Map<string, boolean>([
  ['true', true],
  ['1', true],
  ['false', false],
  ['0', false],
]);

/** What a filter value must be: text, a boolean, an integer, a UUID, or one of a list of words (an enum). */
export type FilterKind = 'text' | 'boolean' | 'integer' | 'uuid' | readonly string[];

const INTEGER_TYPES = new Set(['PgInteger', 'PgSmallInt', 'PgSerial', 'PgSmallSerial', 'PgBigInt53']);

/** The kind of value a column holds, from its Drizzle type (uuid, integer, boolean, an enum of words, or text). */
function columnKind(column: AnyPgColumn): FilterKind {
  if (column.columnType === 'PgUUID') return 'uuid';
  if (column.columnType === 'PgBoolean') return 'boolean';
  if (INTEGER_TYPES.has(column.columnType)) return 'integer';
  if (column.enumValues?.length) return column.enumValues;
  return 'text';
}

/**
 * A filter's value as the column compares it, or 422 on `filter.<field>` for a value of the wrong type (which the
 * database would refuse, or which can match nothing).
 */
export function filterValue(field: string, kind: FilterKind, value: string): string | number | boolean {
  if (kind === 'boolean') {
    const b = BOOLEAN_WORDS.get(value);
    if (b === undefined) throw invalid(`filter.${field}`, 'Must be true or false.');
    return b;
  }
  if (kind === 'integer') {
    const n = /^-?\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n)) throw invalid(`filter.${field}`, 'Must be a whole number.');
    return n;
  }
  if (kind === 'uuid') {
    if (!UUID_PATTERN.test(value)) throw invalid(`filter.${field}`, 'Must be an id (a UUID).');
    return value;
  }
  if (typeof kind !== 'string' && !kind.includes(value)) {
    throw invalid(`filter.${field}`, `Filter by one of: ${kind.join(', ')}.`);
  }
  return value;
}

/**
 * A filter on a plain column: equality with a value of the column's type (a UUID, an integer, a boolean, one of an
 * enum's words), told by the column itself unless `kind` says otherwise (a text column holding a fixed list).
 */
export const eqFilter =
  (column: AnyPgColumn, kind: FilterKind = columnKind(column)) =>
  (value: string): SQL =>
    eq(column, filterValue(column.name, kind, value));

/** A filter on a uuid column: 422 for a value that is not a UUID (the database would refuse to compare it). */
export const uuidFilter = (column: AnyPgColumn) => eqFilter(column, 'uuid');

/** A filter's YYYY-MM-DD value, or 422 on `filter.<field>`. */
export function filterDate(field: string, value: string): string {
  if (!isCalendarDate(value)) {
    throw invalid(`filter.${field}`, 'Must be a date as YYYY-MM-DD.');
  }
  return value;
}

/** A filter comparing a date column with a YYYY-MM-DD value (`filter[from]`, `filter[to]`), named `field`. */
export const dateFilter =
  (field: string, column: AnyPgColumn, op: typeof eq) =>
  (value: string): SQL =>
    op(column, filterDate(field, value));

/** Escapes LIKE wildcards so search text matches literally. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A timestamp as PostgreSQL writes it in a UTC session ('2026-11-27 09:28:37.123456+00'): its date, its time and up
 * to six digits of a second.
 */
const UTC_TEXT = /^([1-9]\d{3}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * ISO 8601 for timestamps as PostgreSQL and PGlite return them in string mode. The usual text of a UTC session is
 * rewritten as it stands (the milliseconds cut, not rounded, as Date does): a pull hands out thousands of these, and
 * parsing each into a Date took a tenth of the server's time under load. Anything else goes through Date.
 */
export const iso = (value: unknown): string => {
  if (value == null) return '';
  const utc = typeof value === 'string' ? UTC_TEXT.exec(value) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${`${utc[3] ?? ''}000`.slice(0, 3)}Z`;
  return new Date(String(value)).toISOString();
};

function orderBy(
  def: { sortFields: Record<string, AnyPgColumn | SQL>; defaultSort: string },
  sort: string | undefined,
) {
  const wanted = sort ?? def.defaultSort;
  const field = wanted.replace(/^-/, '');
  // Only the resource's own fields: `__proto__` or `constructor` must not reach Object.prototype.
  const column = Object.hasOwn(def.sortFields, field) ? def.sortFields[field] : undefined;
  if (!column) {
    throw invalid('sort', `Cannot sort by "${field}". Sort by one of: ${Object.keys(def.sortFields).join(', ')}.`);
  }
  return wanted.startsWith('-') ? desc(column) : asc(column);
}

/** The WHERE clause of a list query: filters and search, all parameterised. */
export function listWhere(
  def: Pick<ResourceDefinition<unknown, Row, Row>, 'filters' | 'searchColumns' | 'searchAlso'>,
  query: ListQuery,
  extra?: SQL,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [extra];
  for (const [field, value] of Object.entries(query.filter ?? {})) {
    const build = Object.hasOwn(def.filters, field) ? def.filters[field] : undefined;
    if (!build) {
      throw invalid(
        `filter.${field}`,
        `Cannot filter by "${field}". Filter by one of: ${Object.keys(def.filters).join(', ')}.`,
      );
    }
    conditions.push(build(value));
  }
  const words = (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  for (const word of words) {
    const pattern = `%${likeEscape(word)}%`;
    conditions.push(or(...def.searchColumns.map((c) => ilike(c, pattern)), def.searchAlso?.(pattern)));
  }
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function redact(values: Row, secret: string[] = []): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) {
    if (secret.includes(k)) out[k] = '[redacted]';
    else if (v instanceof Uint8Array || (typeof v === 'object' && v !== null && 'data' in v)) out[k] = '[file]';
    else out[k] = v;
  }
  return out;
}

/** The sent fields of an update as they were in the stored row and as sent, for the audit trail. */
function beforeAfter(fields: Row, existing: Row, secret?: string[]): { before: Row; after: Row } {
  const before = Object.fromEntries(Object.keys(fields).map((k) => [k, existing[k] ?? null]));
  return { before: redact(before, secret), after: redact(fields, secret) };
}

/** Reads one record inside a transaction (within `scope`, when given), or throws 404. */
export async function readOne<Rec>(
  def: Pick<ResourceDefinition<Rec, Row, Row>, 'table' | 'idColumn' | 'toRecords'>,
  tx: Tx,
  id: string,
  scope?: SQL,
): Promise<Rec> {
  const rows = (await tx
    .select()
    .from(def.table)
    .where(and(eq(def.idColumn, id), scope))
    .limit(1)) as Row[];
  if (!rows[0]) throw notFound();
  const [record] = await def.toRecords(rows, tx);
  if (!record) throw notFound();
  return record;
}

/** Whether a create's input is the stored record again (an idempotent replay): `def.sameAs`, or field by field. */
export function sameRecord<Rec, Create extends Row>(
  def: Pick<ResourceDefinition<Rec, Create, Row>, 'sameAs'>,
  input: Create,
  record: Rec,
): boolean {
  if (typeof input.id === 'string' && (record as Row).id !== input.id) return false;
  if (def.sameAs) return def.sameAs(input, record);
  const stored = record as Row;
  return Object.entries(input).every(([k, v]) => !(k in stored) || same(stored[k], v));
}

/** Whether `record`, another record than the input's own id, is the answer a rule gives this create (`def.answeredBy`). */
export function isAnswer<Rec, Create extends Row>(
  def: Pick<ResourceDefinition<Rec, Create, Row>, 'answeredBy'>,
  input: Create,
  record: Rec,
): boolean {
  return (record as Row).id !== input.id && def.answeredBy?.(input, record) === true;
}

/** True for a unique violation (SQLSTATE 23505) anywhere in a query error's causes. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** What `createOne` needs of a resource: a route of its own (not `resourceRoutes`) creates through it too. */
export type CreateDefinition<Rec, Create extends Row> = Pick<
  ResourceDefinition<Rec, Create, Row>,
  | 'name'
  | 'auditAs'
  | 'table'
  | 'idColumn'
  | 'toRecords'
  | 'prepareCreate'
  | 'afterWrite'
  | 'sameAs'
  | 'answeredBy'
  | 'present'
  | 'secretFields'
>;

/**
 * Creates a record inside a transaction, idempotent on a client-generated id: the same content again answers the
 * stored record (`created: false`), different content a 409 with it. Used by the create route and by the sync push.
 *
 * Safe when the same create arrives several times at once (a station retrying while its first request is still in
 * flight, two tabs): the insert is `ON CONFLICT (id) DO NOTHING` inside a savepoint, so a request that loses the race
 * (on the id, or on a unique rule of the day that the winner's row now holds) reads the winner's row and answers it
 * like any replay, instead of a duplicate-key 500.
 */
export async function createOne<Rec, Create extends Row>(
  def: CreateDefinition<Rec, Create>,
  ctx: ResourceContext,
  input: Create,
): Promise<{ record: Rec; created: boolean }> {
  const { tx, request } = ctx;
  const clientId = typeof input.id === 'string' ? input.id : undefined;
  /** The stored record with the client's id as a replay's answer (or its 409), or null when there is none. */
  const replay = async (): Promise<{ record: Rec; created: false } | null> => {
    if (!clientId) return null;
    const existing = (await tx.select().from(def.table).where(eq(def.idColumn, clientId)).limit(1)) as Row[];
    if (!existing[0]) return null;
    const [record] = await def.toRecords(existing, tx);
    if (!sameRecord(def, input, record as Rec)) {
      const shown = def.present ? def.present(record as Rec, request) : record;
      throw new AppError('conflict', 'A different record with this id exists.', { record: shown });
    }
    return { record: record as Rec, created: false };
  };
  const stored = await replay();
  if (stored) return stored;
  const id = clientId ?? uuidv7();
  let values: Row;
  try {
    values = def.prepareCreate ? await def.prepareCreate(input, ctx) : { ...input };
  } catch (err) {
    // A rule of the day (one arrival, one lunch) may be held by this very record, committed since the read above.
    if (err instanceof AppError && err.code === 'conflict') {
      const raced = await replay();
      if (raced) return raced;
      const answer = err.extra.record as Rec | undefined;
      if (answer !== undefined && isAnswer(def, input, answer)) return { record: answer, created: false };
    }
    throw err;
  }
  let inserted: boolean;
  try {
    inserted =
      (
        await tx.transaction((sp) =>
          sp
            .insert(def.table)
            .values({ ...values, id } as never)
            .onConflictDoNothing({ target: def.idColumn })
            .returning({ id: def.idColumn }),
        )
      ).length > 0;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await replay();
    if (raced) return raced;
    throw err;
  }
  if (!inserted) {
    const raced = await replay();
    if (raced) return raced;
    // The row that held the id is gone again (deleted in between): a conflict the caller may retry.
    throw new AppError('conflict', 'A different record with this id exists.');
  }
  await def.afterWrite?.(id, input, { ...ctx, created: true });
  await audit(tx, request, {
    action: 'create',
    resource: def.auditAs ?? def.name,
    recordId: id,
    changes: redact(input, def.secretFields),
  });
  return { record: await readOne(def, tx, id), created: true };
}

/**
 * The insert of a `createMany` (the sync push's fast path) with the guarantee of `createOne`: rows in chunks with
 * `ON CONFLICT (id) DO NOTHING`, then every input whose row another request wrote first (the same entry pushed twice at
 * once) answered like a replay of that row, `same` or `conflict`, in `outcomes`. Answers the ids this call wrote, the
 * only ones to audit. One more query only when such a race happened.
 */
export async function insertMany<Rec, Create extends Row & { id: string }>(
  def: Pick<ResourceDefinition<Rec, Create, Row>, 'table' | 'idColumn' | 'toRecords' | 'sameAs' | 'present'>,
  ctx: ResourceContext,
  rows: (Row & { id: string })[],
  inputs: Create[],
  outcomes: CreateOutcome<Rec>[],
): Promise<Set<string>> {
  const { tx, request } = ctx;
  const written = new Set<string>();
  for (let i = 0; i < rows.length; i += 500) {
    const done = (await tx
      .insert(def.table)
      .values(rows.slice(i, i + 500) as never)
      .onConflictDoNothing({ target: def.idColumn })
      .returning({ id: def.idColumn })) as { id: string }[];
    for (const r of done) written.add(r.id);
  }
  const raced = inputs.flatMap((input, i) => (outcomes[i]?.status === 'created' && !written.has(input.id) ? [i] : []));
  if (!raced.length) return written;
  const found = (await tx
    .select()
    .from(def.table)
    .where(
      inArray(
        def.idColumn,
        raced.map((i) => (inputs[i] as Create).id),
      ),
    )) as Row[];
  const records = new Map((await def.toRecords(found, tx)).map((r) => [(r as Row).id as string, r]));
  for (const i of raced) {
    const input = inputs[i] as Create;
    const record = records.get(input.id);
    // Held at the insert and gone now (deleted in between): fail the batch, the push applies it on its own.
    if (record === undefined) throw new Error(`the row ${input.id} that won the insert is gone`);
    outcomes[i] = sameRecord(def, input, record)
      ? { status: 'same', record }
      : {
          status: 'conflict',
          record: def.present ? def.present(record, request) : record,
          message: 'A different record with this id exists.',
        };
  }
  return written;
}

/**
 * Updates a record inside a transaction: only the fields given change (through `prepareUpdate`), `updated_at` is set,
 * and one audit event holds what was sent. Used by the update routes and by the sync push (an outbox update).
 */
export async function updateOne<Rec, Create extends Row, Update extends Row>(
  def: ResourceDefinition<Rec, Create, Update>,
  ctx: ResourceContext,
  id: string,
  fields: Update,
): Promise<Rec> {
  const { tx, request } = ctx;
  const existing = (await tx.select().from(def.table).where(eq(def.idColumn, id)).limit(1)) as Row[];
  if (!existing[0]) throw notFound();
  const values = def.prepareUpdate ? await def.prepareUpdate(fields, existing[0], ctx) : fields;
  const columns = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(columns).length) {
    await tx
      .update(def.table)
      .set({
        ...columns,
        ...('updated_at' in existing[0] ? { updated_at: new Date().toISOString() } : {}),
      } as never)
      .where(eq(def.idColumn, id));
  }
  await def.afterWrite?.(id, fields, { ...ctx, created: false, existing: existing[0] });
  await audit(tx, request, {
    action: 'update',
    resource: def.auditAs ?? def.name,
    recordId: id,
    changes: def.auditBeforeAfter
      ? beforeAfter(fields, existing[0], def.secretFields)
      : redact(fields, def.secretFields),
  });
  return readOne(def, tx, id);
}

/** The refusals a route's schema declares: no token, no permission, no such record, invalid input. */
export const ERROR_RESPONSES = {
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ErrorResponseSchema,
} as const;

/** Registers the list, single, create, update and (optionally) delete routes of a resource. */
export function resourceRoutes<Rec, Create extends Row, Update extends Row>(
  def: ResourceDefinition<Rec, Create, Update>,
): FastifyPluginAsyncZod {
  const errors = ERROR_RESPONSES;
  const single = singleResponse(def.record);
  const show = (request: FastifyRequest, record: Rec): Rec => (def.present ? def.present(record, request) : record);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/',
      {
        config: { access: def.listAccess ?? `${def.name}-view_any` },
        schema: { querystring: ListQuerySchema, response: { 200: listResponse(def.record), ...errors } },
      },
      async (request) => {
        const query = request.query;
        const where = listWhere(def, query, and(def.listScope?.(query), def.scope?.(request)));
        const order = orderBy(def, query.sort);
        // The count and the page at once, outside a transaction: in READ COMMITTED each statement reads its own
        // snapshot either way, and a transaction only held a connection for two more round trips.
        const db = app.db as unknown as Tx;
        const [[{ total } = { total: 0 }], rows] = await Promise.all([
          db.select({ total: count() }).from(def.table).where(where),
          db
            .select()
            .from(def.table)
            .where(where)
            .orderBy(order, asc(def.idColumn))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page) as Promise<Row[]>,
        ]);
        return {
          data: (await def.toRecords(rows, db)).map((record) => show(request, record)),
          meta: { page: query.page, per_page: query.per_page, total: Number(total) },
        };
      },
    );

    r.get(
      '/:id',
      {
        config: { access: `${def.name}-view` },
        schema: { params: IdParamsSchema, response: { 200: single, ...errors } },
      },
      async (request) => ({
        data: show(
          request,
          await app.db.transaction((tx) => readOne(def, tx, request.params.id, def.scope?.(request))),
        ),
      }),
    );

    r.post(
      '/',
      {
        config: { access: `${def.name}-create` },
        schema: {
          body: def.create as unknown as ZodObj,
          response: { 200: single, 201: single, 409: ErrorResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const input = request.body as unknown as Create;
        const result = await app.db.transaction((tx) => createOne(def, { tx, request }, input));
        return reply.status(result.created ? 201 : 200).send({ data: show(request, result.record) });
      },
    );

    const update = async (request: FastifyRequest<{ Params: { id: string }; Body: unknown }>) => {
      const input = request.body as Update;
      const { _method, ...fields } = input as Row;
      void _method;
      const record = await app.db.transaction((tx) =>
        updateOne(def, { tx, request }, request.params.id, fields as Update),
      );
      return { data: show(request, record) };
    };
    const updateSchema = {
      params: IdParamsSchema,
      body: def.update as unknown as ZodObj,
      response: { 200: single, 409: ErrorResponseSchema, ...errors },
    };
    r.post('/:id', { config: { access: `${def.name}-update` }, schema: updateSchema }, update);
    r.patch('/:id', { config: { access: `${def.name}-update` }, schema: updateSchema }, update);

    if (def.remove) {
      r.delete(
        '/:id',
        {
          config: { access: `${def.name}-delete` },
          schema: { params: IdParamsSchema, response: { 200: z.object({ message: z.string() }), ...errors } },
        },
        async (request) => {
          await app.db.transaction(async (tx) => {
            const existing = (await tx
              .select()
              .from(def.table)
              .where(eq(def.idColumn, request.params.id))
              .limit(1)) as Row[];
            if (!existing[0]) throw notFound();
            await def.beforeDelete?.(existing[0], { tx, request });
            if (def.remove === 'deactivate') {
              await tx
                .update(def.table)
                .set({ active: false } as never)
                .where(eq(def.idColumn, request.params.id));
              await def.afterWrite?.(request.params.id, { active: false } as unknown as Update, {
                tx,
                request,
                created: false,
              });
            } else {
              await tx.delete(def.table).where(eq(def.idColumn, request.params.id));
              await def.afterDelete?.(request.params.id, { tx, request, existing: existing[0] });
            }
            await audit(tx, request, {
              action: def.remove === 'deactivate' ? 'deactivate' : 'delete',
              resource: def.auditAs ?? def.name,
              recordId: request.params.id,
              ...(def.auditBeforeAfter
                ? { changes: { before: redact(existing[0], def.secretFields), after: null } }
                : {}),
            });
          });
          return { message: def.remove === 'deactivate' ? 'Deactivated.' : 'Deleted.' };
        },
      );
    }
  };
}
