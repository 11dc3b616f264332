/**
 * PGlite's queries in one round trip and read without its message parser.
 *
 * PGlite's `query` sends a statement as six messages, one call into PostgreSQL each (parse, describe, bind, describe,
 * execute, sync), and reads every answer through its protocol parser, which copies each field of each row into an
 * ArrayBuffer of its own before decoding it. Under the load bench that parser was a fifth of the server's CPU; a page
 * of 500 scholars took 20.5 ms to read where the same statement's bytes take 2.9 ms (on a machine whose plain loop of
 * 3e8 additions takes 940 ms), and the smallest statement 0.44 ms against 0.09.
 *
 * Here the same statement goes as one message batch (parse, bind, describe, execute, sync: what a PostgreSQL driver
 * sends) through `execProtocolRawStream`, whose raw bytes PGlite does not parse, and its rows are read straight from
 * them. What a caller sees is what PGlite's `query` answers: the same rows (by name or as arrays), fields, command,
 * counts and errors (PGlite's own DatabaseError class, with the query, its parameters and options on it), under the
 * same two locks (no statement inside another's transaction) and with the same file-system sync after a statement
 * outside a transaction.
 *
 * PGlite chooses how to send a parameter from the type PostgreSQL infers for it, which it asks for first; here there is
 * no such question, so only parameters whose text is the same whatever the type take this path: null, strings,
 * numbers, bigints, booleans ('true'/'false', which a boolean and a text parameter read alike) and dates (ISO 8601);
 * and bytes (a bytea's value, a Uint8Array), sent as they are in binary, as node-postgres sends a Buffer. PGlite's
 * own path writes bytes as hex through a string per byte, several megabytes of garbage for a 100 kB photo, which an
 * import of hundreds of photos piled up faster than the collector freed it.
 * A statement with any other parameter (an object, an array), or with options this path does not implement
 * (a blob, parameter types, serializers), goes through PGlite's own `query`, as do `exec`, `sql` and everything else.
 */
import type { messages, PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What this module takes of PGlite's module, which the server loads only for PGlite (server/db/client.ts). */
export interface PgliteModule {
  messages: typeof messages;
}

type Param = string | null | Uint8Array;
type Parser = (value: string, typeId: number) => unknown;

/** What drizzle's PGlite session uses of its client. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** A parameter's text (or bytes), or undefined for one PGlite would send according to its inferred type. */
function paramText(value: unknown): Param | undefined {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return null;
    case 'object':
      if (value === null) return null;
      if (value instanceof Date) return value.toISOString();
      if (value instanceof Uint8Array) return value;
      return undefined;
    default:
      return undefined;
  }
}

/** The parameters as text when every one of them can take this path; null otherwise. */
function paramsText(params: unknown[] | undefined, options: QueryOptions | undefined): Param[] | null {
  if (options && (options.blob || options.paramTypes || options.serializers)) return null;
  const out: Param[] = [];
  for (const value of params ?? []) {
    const text = paramText(value);
    if (text === undefined) return null;
    out.push(text);
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The statement's messages: parse (unnamed, parameter types left to PostgreSQL), bind (every parameter as text but
 * bytes, which go in binary; every column answered as text), describe the portal, execute it whole, sync. Written straight into one buffer: PGlite's
 * serializer took 3 % of the server's CPU under the load bench, a writer flushed and copied for each message.
 */
export function statementMessages(text: string, values: Param[]): Uint8Array {
  const textLength = Buffer.byteLength(text);
  let valuesLength = 0;
  for (const v of values) {
    valuesLength += 4 + (v === null ? 0 : typeof v === 'string' ? Buffer.byteLength(v) : v.length);
  }
  const parseLength = 4 + 1 + textLength + 1 + 2;
  const bindLength = 4 + 1 + 1 + 2 + 2 * values.length + 2 + valuesLength + 2;
  const buf = Buffer.allocUnsafe(1 + parseLength + 1 + bindLength + 7 + 10 + 5);
  let at = 0;
  at = buf.writeUInt8(0x50, at); // P
  at = buf.writeInt32BE(parseLength, at);
  at = buf.writeUInt8(0, at); // the unnamed statement
  at += buf.write(text, at);
  at = buf.writeUInt8(0, at);
  at = buf.writeInt16BE(0, at); // no parameter types
  at = buf.writeUInt8(0x42, at); // B
  at = buf.writeInt32BE(bindLength, at);
  at = buf.writeUInt8(0, at); // the unnamed portal
  at = buf.writeUInt8(0, at); // of the unnamed statement
  at = buf.writeInt16BE(values.length, at);
  for (const v of values) at = buf.writeInt16BE(v instanceof Uint8Array ? 1 : 0, at); // text, bytes as binary
  at = buf.writeInt16BE(values.length, at);
  for (const v of values) {
    if (v === null) {
      at = buf.writeInt32BE(-1, at);
    } else if (v instanceof Uint8Array) {
      at = buf.writeInt32BE(v.length, at);
      buf.set(v, at);
      at += v.length;
    } else {
      const length = Buffer.byteLength(v);
      at = buf.writeInt32BE(length, at);
      at += buf.write(v, at);
    }
  }
  at = buf.writeInt16BE(0, at); // every column as text
  at = buf.writeUInt8(0x44, at); // D
  at = buf.writeInt32BE(6, at);
  at = buf.writeUInt8(0x50, at); // the portal
  at = buf.writeUInt8(0, at);
  at = buf.writeUInt8(0x45, at); // E
  at = buf.writeInt32BE(9, at);
  at = buf.writeUInt8(0, at);
  at = buf.writeInt32BE(0, at); // every row
  at = buf.writeUInt8(0x53, at); // S
  buf.writeInt32BE(4, at);
  return buf;
}

/** The fields of an ErrorResponse, as PGlite's parser sets them on its DatabaseError. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

function databaseError(lib: PgliteModule, buf: Buffer, start: number, end: number, length: number) {
  const fields: Record<string, string> = {};
  let at = start;
  while (at < end && buf[at] !== 0) {
    const code = String.fromCharCode(buf[at] as number);
    const zero = buf.indexOf(0, at + 1);
    fields[code] = buf.toString('utf8', at + 1, zero);
    at = zero + 1;
  }
  const error = new lib.messages.DatabaseError(fields.M ?? '', length, 'error');
  for (const [code, name] of Object.entries(ERROR_FIELDS)) {
    if (fields[code] !== undefined) (error as unknown as Record<string, string>)[name] = fields[code];
  }
  return error;
}

/** Row counts a command tag carries into `affectedRows`, as PGlite counts them. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** Reads the answer to one statement: its rows, fields and command, or throws its error. */
export function readAnswer<T>(
  lib: PgliteModule,
  bytes: Uint8Array,
  defaultParsers: Record<number | string, Parser>,
  options: QueryOptions | undefined,
): Results<T> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const arrays = options?.rowMode === 'array';
  const own = options?.parsers as Record<number, Parser> | undefined;
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsers: (Parser | undefined)[] = [];
  const rows: unknown[] = [];
  let result: Results<T> | null = null;
  let affectedRows = 0;
  let error: Error | null = null;
  for (let at = 0; at + 5 <= buf.length; ) {
    const code = buf[at];
    const length = buf.readInt32BE(at + 1);
    const start = at + 5;
    const end = at + 1 + length;
    if (code === 0x44 /* D: a row */) {
      const count = buf.readInt16BE(start);
      const row: unknown[] | Record<string, unknown> = arrays ? new Array(count) : {};
      let p = start + 2;
      for (let i = 0; i < count; i++) {
        const size = buf.readInt32BE(p);
        p += 4;
        let value: unknown = null;
        if (size >= 0) {
          const textValue = buf.toString('utf8', p, p + size);
          p += size;
          const parse = parsers[i];
          value = parse ? parse(textValue, (fields[i] as { dataTypeID: number }).dataTypeID) : textValue;
        }
        if (arrays) (row as unknown[])[i] = value;
        else (row as Record<string, unknown>)[(fields[i] as { name: string }).name] = value;
      }
      rows.push(row);
    } else if (code === 0x54 /* T: the row description */) {
      const count = buf.readInt16BE(start);
      fields = [];
      parsers = [];
      let p = start + 2;
      for (let i = 0; i < count; i++) {
        const zero = buf.indexOf(0, p);
        const name = buf.toString('utf8', p, zero);
        // After the name: table oid (4), column number (2), type oid (4), size (2), modifier (4), format (2).
        const dataTypeID = buf.readInt32BE(zero + 7);
        p = zero + 19;
        fields.push({ name, dataTypeID });
        parsers.push(own?.[dataTypeID] ?? defaultParsers[dataTypeID]);
      }
    } else if (code === 0x43 /* C: the command's tag */) {
      const parts = buf.toString('utf8', start, end - 1).split(' ');
      const command = parts[0] as string;
      const rowCount = Number.parseInt(parts[parts.length - 1] as string, 10);
      if (COUNTED.has(command)) affectedRows += rowCount;
      result ??= {
        rows: rows as Results<T>['rows'],
        fields,
        command,
        affectedRows,
        ...(Number.isNaN(rowCount) ? {} : { rowCount }),
      } as Results<T>;
    } else if (code === 0x45 /* E: an error */) {
      error ??= databaseError(lib, buf, start, end, length);
    } else if (code === 0x4e /* N: a notice */ && options?.onNotice) {
      const notice = databaseError(lib, buf, start, end, length);
      options.onNotice(notice as unknown as Parameters<NonNullable<QueryOptions['onNotice']>>[0]);
    }
    at = end;
  }
  if (error) throw error;
  return result ?? ({ rows: [], fields: [], affectedRows: 0 } as Results<T>);
}

/** Wraps a PGlite instance for drizzle: its statements in one round trip each (see above). */
export function pgliteClient(pg: PGlite, lib: PgliteModule): PgliteClient {
  async function run<T>(text: string, values: Param[], params: unknown[], options: QueryOptions | undefined) {
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(statementMessages(text, values), {
      syncToFs: false,
      // A view of PostgreSQL's memory, valid until the callback returns: copied.
      onRawData: (chunk) => chunks.push(chunk.slice()),
    });
    try {
      // PGlite's parsers as they stand (it adds those of array types it learns of).
      return readAnswer<T>(lib, concat(chunks), pg.parsers as Record<number | string, Parser>, options);
    } catch (err) {
      // What PGlite puts on a query's error.
      Object.assign(err as object, { query: text, params, queryOptions: options });
      throw err;
    }
  }

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      const values = paramsText(params, options);
      if (!values) return pg.query<T>(text, params, options);
      await pg._checkReady();
      return pg._runExclusiveTransaction(() =>
        pg.runExclusive(async () => {
          const result = await run<T>(text, values, params, options);
          await pg.syncToFs();
          return result;
        }),
      );
    },
    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return pg.transaction((tx) =>
        fn({
          async query<R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> {
            const values = paramsText(params, options);
            if (!values) return tx.query<R>(text, params, options);
            if (tx.closed) throw new Error('Transaction is closed');
            return pg.runExclusive(() => run<R>(text, values, params, options));
          },
          sql: (strings, ...params) => tx.sql(strings, ...params),
          exec: (text, options) => tx.exec(text, options),
          rollback: () => tx.rollback(),
          listen: (channel, callback) => tx.listen(channel, callback),
          get closed() {
            return tx.closed;
          },
        }),
      );
    },
  };
}
