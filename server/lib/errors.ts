/**
 * The one error type route code throws. The error handler (plugins/errors.ts) turns it into the response shapes of
 * DESIGN section 4; anything else that escapes is a 500 whose details stay in the log.
 */
import { ERROR_CODES, type ErrorCode } from '../../src/contract';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { errors?: Record<string, string[]>; record?: unknown } = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
  }
}

export const notFound = (what = 'record') => new AppError('not_found', `No such ${what}.`);
export const forbidden = () => new AppError('forbidden', 'You do not have permission to do that.');
export const unauthenticated = () => new AppError('unauthenticated', 'Please sign in.');
/** A 422 for one field, in the same shape as schema validation errors. */
export const invalid = (field: string, message: string) =>
  new AppError('validation', message, { errors: { [field]: [message] } });
