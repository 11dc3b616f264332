/**
 * The one error handler (DESIGN section 4): 422 with field errors for invalid input, 400 for a body that cannot be read,
 * 413 for one too large, the status of an AppError, and for everything else a 500 whose details stay in the log.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../src/contract';
import { AppError } from '../lib/errors';
import { unreadMultipart } from './multipart';

type Body = { message: string; code: string; errors?: Record<string, string[]>; record?: unknown };

function fieldErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const v of error.validation ?? []) {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = path || error.validationContext || 'body';
    const list = errors[key] ?? [];
    list.push(v.message ?? 'Invalid value.');
    errors[key] = list;
  }
  return errors;
}

/** Unique indexes whose violation is the caller's input, and the field and message to show for each. */
const UNIQUE_FIELDS: Record<string, [string, string]> = {
  users_email_unique: ['email', 'This email address is already in use.'],
  users_google_sub_unique: ['email', 'This Google account is already linked to another user.'],
  roles_name_unique: ['name', 'A role with this name exists.'],
  demographics_student_number_unique: ['student_number', 'This student number is already in use.'],
};

/**
 * Unique indexes that carry a rule of the school day. The routes check these first and answer 409 with the record
 * already there; two writes at the same instant can still both pass that check, and then the index decides: the
 * loser gets the same 409 (without the record), never a 500.
 */
const UNIQUE_CONFLICTS: Record<string, string> = {
  check_ins_one_arrival_per_day: 'This scholar already arrived today.',
  nslp_records_one_meal_per_day: 'This scholar already had this meal that day.',
};

/** Foreign keys whose violation means the input names a record that does not exist. */
const FOREIGN_FIELDS: Record<string, string> = {
  check_ins_scholar_id_demographics_id_fk: 'scholar_id',
  authorized_pick_ups_scholar_id_demographics_id_fk: 'scholar_id',
  messenger_schedules_scholar_id_demographics_id_fk: 'scholar_id',
  nslp_records_scholar_id_demographics_id_fk: 'scholar_id',
};

/** The database error behind a query error (Drizzle wraps the driver's), if any. */
function databaseError(error: unknown): { code?: string; constraint?: string; message?: string } | null {
  for (
    let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
        message: typeof e.message === 'string' ? e.message : undefined,
      };
    }
    e = e.cause as typeof e;
  }
  return null;
}

const REFUSED_TEXT = 'Some text has characters the server cannot store.';
const REFUSED_VALUE = 'A value is not in a form the server can use.';

/**
 * Why the database refused what the caller sent, in words a person can act on, when the error's SQLSTATE class says
 * the data is at fault: 22 (a value it cannot store: a NUL character, an unpaired surrogate in the audit's JSON, a
 * year 0000), 23 (a constraint), 54 (a value too large), P0 (a rule a trigger keeps). Null for anything else (a lost
 * connection, a deadlock, a bug), which stays a 5xx so the caller retries. Never the SQL or the constraint's name.
 */
export function storageRefusal(error: unknown): string | null {
  const db = databaseError(error);
  const code = db?.code ?? '';
  switch (code) {
    case '22021': // a NUL character, or bytes that are not UTF-8
    case '22P05': // an escape jsonb cannot hold (\u0000)
      return REFUSED_TEXT;
    case '22P02':
      // The audit trail's JSON refuses an unpaired surrogate that a text column would have stored as U+FFFD.
      return db?.message?.includes('json') ? REFUSED_TEXT : REFUSED_VALUE;
    case '22007':
    case '22008':
      return 'A date or time is outside what the server can store.';
    case '22001':
    case '54000':
      return 'A value is too long for the server to store.';
    case '23503':
      return 'A value names a record that does not exist.';
    case '23505':
      return 'This record exists already.';
    case '23502':
    case '23514':
    case '23P01':
      return 'A value breaks a rule of the records, so the server cannot store it.';
  }
  return /^(22|23|54|P0)/.test(code) ? REFUSED_VALUE : null;
}

/**
 * SQLSTATEs that `toErrorResponse` answers 422 (the caller's input) rather than 500; see `storageRefusal`. Not a
 * foreign key outside FOREIGN_FIELDS: on a delete it means a record still in use, not input naming a missing one.
 */
const REFUSED_INPUT = /^(22021|22P05|22P02|22007|22008|22001|22003|23514)$/;

/** Maps any thrown value to a status and a body that is safe to show (`request`: the request it failed). */
export function toErrorResponse(
  error: unknown,
  request?: FastifyRequest,
): { status: number; body: Body; log: boolean } {
  const dbError = databaseError(error);
  const unique = dbError?.code === '23505' && dbError.constraint ? UNIQUE_FIELDS[dbError.constraint] : undefined;
  if (unique) {
    const [field, message] = unique;
    return { status: 422, body: { message, code: 'validation', errors: { [field]: [message] } }, log: false };
  }
  const conflict = dbError?.code === '23505' && dbError.constraint ? UNIQUE_CONFLICTS[dbError.constraint] : undefined;
  if (conflict) return { status: 409, body: { message: conflict, code: 'conflict' }, log: false };
  const foreign = dbError?.code === '23503' && dbError.constraint ? FOREIGN_FIELDS[dbError.constraint] : undefined;
  if (foreign) {
    const message = 'No such record.';
    return { status: 422, body: { message, code: 'validation', errors: { [foreign]: [message] } }, log: false };
  }
  if (error instanceof AppError) {
    return { status: error.status, body: { message: error.message, code: error.code, ...error.extra }, log: false };
  }
  const refused = dbError?.code && REFUSED_INPUT.test(dbError.code) ? storageRefusal(error) : null;
  if (refused) return { status: 422, body: { message: refused, code: 'validation' }, log: false };
  const e = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(e) || (e.validation && e.statusCode === 400)) {
    const errors = fieldErrors(e);
    const first = Object.values(errors)[0]?.[0];
    return {
      status: 422,
      body: {
        message: first ? `${MESSAGES.formIncomplete} ${first}` : MESSAGES.formIncomplete,
        code: 'validation',
        errors,
      },
      log: false,
    };
  }
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { message: 'The request body is not valid JSON.', code: 'bad_request' }, log: false };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { status: 413, body: { message: 'The request is too large.', code: 'payload_too_large' }, log: false };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { message: 'Send JSON or multipart form data.', code: 'unsupported_media_type' },
        log: false,
      };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: { message: 'The request body could not be read.', code: 'bad_request' }, log: false };
  }
  if (typeof e.statusCode !== 'number' && !dbError && unreadMultipart(request)) {
    // The multipart parser's own errors (no boundary, a malformed part header, the form ending early) are plain.
    return { status: 400, body: { message: 'The request body could not be read.', code: 'bad_request' }, log: false };
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 429) {
    return {
      status,
      body: { message: 'Too many attempts. Please wait a minute and try again.', code: 'rate_limited' },
      log: false,
    };
  }
  if (status >= 400 && status < 500) {
    return { status, body: { message: e.message || 'Bad request.', code: 'bad_request' }, log: false };
  }
  return {
    status: status === 503 ? 503 : 500,
    body: { message: MESSAGES.serverError, code: 'server_error' },
    log: true,
  };
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, log } = toErrorResponse(error, request);
    if (log) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code, msg: body.message }, 'request refused');
    if (status === 503) reply.header('retry-after', '5');
    return reply.status(status).send(body);
  });
});
