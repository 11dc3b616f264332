/**
 * The reader's words for a refusal of the school year form: the contract's fixed messages (SCHOOL_YEAR_MESSAGES,
 * the same whether the browser's check or the server's 422 found them) have their own translations; any other
 * message is shown as the server wrote it.
 */
import type { TFunction } from 'i18next';
import { MESSAGES } from '../../../contract/errors';
import { SCHOOL_YEAR_MESSAGES } from '../../../contract/school-year';

const KEYS = new Map<string, keyof typeof SCHOOL_YEAR_MESSAGES>(
  Object.entries(SCHOOL_YEAR_MESSAGES).map(([key, text]) => [text, key as keyof typeof SCHOOL_YEAR_MESSAGES]),
);

/** A date field's refusals (empty, not a real day, out of the years the school's records hold). */
const DATE_MESSAGE = /^Must be a date/;

/** The message in the reader's language. */
export function yearMessage(message: string, t: TFunction<'school-year'>, tc: TFunction): string {
  const key = KEYS.get(message);
  if (key) return t(`messages.${key}`);
  if (message === MESSAGES.required) return tc('form.required');
  if (DATE_MESSAGE.test(message)) return t('messages.date');
  return message;
}

/** Every message of a form's errors in the reader's language. */
export function translateErrors(
  errors: Record<string, string>,
  t: TFunction<'school-year'>,
  tc: TFunction,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, yearMessage(message, t, tc)]));
}
