import { z } from 'zod';

/**
 * Error codes the API answers with, and whether a client may retry the same request unchanged (DESIGN section 5).
 */
export const ERROR_CODES = {
  unauthenticated: {
    status: 401,
    retry: false,
    doc: 'No valid token: sign in again. The outbox pauses, nothing is lost.',
  },
  forbidden: { status: 403, retry: false, doc: 'Signed in, but the role lacks the permission for this call.' },
  not_found: { status: 404, retry: false, doc: 'No such record, or one the caller may not see.' },
  conflict: { status: 409, retry: false, doc: 'The write conflicts with a stored record, answered with it.' },
  gone: { status: 410, retry: false, doc: 'A one-time link that was used, expired or replaced by a newer one.' },
  payload_too_large: { status: 413, retry: false, doc: 'The body is larger than the route accepts.' },
  unsupported_media_type: { status: 415, retry: false, doc: 'The body is not JSON or multipart form data.' },
  validation: { status: 422, retry: false, doc: 'Invalid input; `errors` names each field and what is wrong.' },
  bad_request: { status: 400, retry: false, doc: 'The request could not be read (malformed JSON, for example).' },
  rate_limited: { status: 429, retry: true, doc: 'Too many attempts; retry after the Retry-After header.' },
  server_error: { status: 500, retry: true, doc: 'Something failed on the server; the details stay in its log.' },
  unavailable: { status: 503, retry: true, doc: 'The server is starting or shutting down.' },
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const ErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  record: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MESSAGES = {
  loginFailed: 'Username or password is incorrect.',
  serverError: 'Server Error. Please try again in a few minutes.',
  formIncomplete: 'This form is incomplete. Please correct the fields in red.',
  required: 'This field is required.',
  invalidEmail: 'Invalid email address.',
  invalidPermissions: 'Invalid Permissions',
} as const;
