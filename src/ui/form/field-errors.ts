/**
 * One shape for a form's errors, whichever side found them: the contract schema's `safeParse` in the browser, or the
 * server's 422 `errors` (the server validates with the same schema, so the field names match). A form shows one
 * message per field, so the first one wins; above a form with errors goes the common `form.incomplete` text
 * (`MESSAGES.formIncomplete` in the contract).
 */
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { MESSAGES } from '../../contract/errors';

/** Field name (dotted for nested fields, `_form` for the form as a whole) to the message shown under it. */
export type FieldErrors = Record<string, string>;

/** The key of errors that belong to no single field. */
export const FORM_ERROR_FIELD = '_form';

/** The i18n key (common namespace) of the form-level message 'This form is incomplete. Please correct the fields…'. */
export const FORM_INCOMPLETE_KEY = 'form.incomplete' as const;

/** The contract messages that have their own translation in the common namespace. */
export type TranslatedMessageKey = 'form.required' | 'form.invalidEmail';

const TRANSLATED: Record<string, TranslatedMessageKey> = {
  [MESSAGES.required]: 'form.required',
  [MESSAGES.invalidEmail]: 'form.invalidEmail',
};

/** Translates a message when the contract's English text has a key; other messages are shown as they are. */
export type Translate = (key: TranslatedMessageKey) => string;

const fieldName = (path: readonly PropertyKey[]) => path.map(String).join('.') || FORM_ERROR_FIELD;

function localize(message: string, translate?: Translate): string {
  const key = TRANSLATED[message];
  return key && translate ? translate(key) : message;
}

/** The first message of each field of a zod error (from the contract schema's `safeParse`). */
export function fieldErrorsFromZod(error: z.ZodError, translate?: Translate): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = fieldName(issue.path);
    out[field] ??= localize(issue.message, translate);
  }
  return out;
}

/** The first message of each field of an ApiError's `errors` (a 422 answer). */
export function fieldErrorsFromApi(error: ApiError, translate?: Translate): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (first) out[field] = localize(first, translate);
  }
  return out;
}

function isZodError(error: unknown): error is z.ZodError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'issues' in error &&
    Array.isArray((error as { issues: unknown }).issues)
  );
}

/** Field errors from a zod error or an ApiError; anything else has none (it is not about a field). */
export function toFieldErrors(error: unknown, translate?: Translate): FieldErrors {
  if (error instanceof ApiError) return fieldErrorsFromApi(error, translate);
  if (isZodError(error)) return fieldErrorsFromZod(error, translate);
  return {};
}

/** Keeps only the errors of the given fields: what a form can show in red; the rest is a form-level matter. */
export function pickFieldErrors<F extends string>(
  errors: FieldErrors,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const message = errors[field];
    if (message !== undefined) out[field] = message;
  }
  return out;
}
