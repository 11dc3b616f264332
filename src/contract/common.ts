import { z } from 'zod';
import { MESSAGES } from './errors';

export const IdSchema = z.uuid({ message: 'Must be an id (a UUID).' });
export const IdParamsSchema = z.object({ id: IdSchema });

/** An unpaired UTF-16 surrogate: half a character, which PostgreSQL cannot store as text or JSON. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text the database can store: no NUL character and no unpaired surrogate. */
export const isSafeText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

export const UNSAFE_TEXT_MESSAGE = 'Remove the characters that cannot be stored (a NUL or half of a character).';

/** Text that holds anything a person types, but nothing the database refuses (every free-text field of the contract). */
export const safeText = (message?: string) =>
  z.string(message ? { message } : undefined).refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE, abort: true });

/** A required text field: trimmed, with the form's own message when empty. */
export const requiredText = (max = 200) => safeText().trim().min(1, MESSAGES.required).max(max);
export const optionalText = (max = 200) =>
  safeText()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v == null ? null : v));
/** A boolean that also accepts the strings a multipart form sends ('true', 'false', '1', '0'). */
export const BooleanField = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ message: 'Must be true or false.' }),
);
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: MESSAGES.invalidEmail }));
/** True for a calendar date as YYYY-MM-DD that exists (not 2024-02-30), in the years 0001 to 9999. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The years a calendar date of the school's records may lie in (a start date, an eligibility change, a pick-up's). */
export const DATE_YEARS = { min: 1900, max: 2199 } as const;

/** A calendar date as YYYY-MM-DD that exists, in the years of DATE_YEARS. */
export const DateOnlySchema = z
  .string({ message: 'Must be a date as YYYY-MM-DD.' })
  .refine(isCalendarDate, { message: 'Must be a date as YYYY-MM-DD.', abort: true })
  .refine((v) => Number(v.slice(0, 4)) >= DATE_YEARS.min && Number(v.slice(0, 4)) <= DATE_YEARS.max, {
    message: `Must be a date between ${DATE_YEARS.min} and ${DATE_YEARS.max}.`,
  });

/** The earliest instant a device may record: the school's records start after it. */
export const EARLIEST_INSTANT = '2000-01-01T00:00:00Z';
/** How far ahead of the server's clock a device's clock may be when it records an instant. */
export const MAX_CLOCK_AHEAD_MS = 86_400_000;

/**
 * When something happened on a device (a check-in, a meal served, an outbox entry recorded), as an ISO 8601 instant
 * with its offset: a real date and time, not before 2000 and not more than a day ahead of the server's clock.
 */
export const InstantSchema = z.iso
  .datetime({ offset: true, message: 'Must be a date and time (ISO 8601).' })
  .refine((v) => Date.parse(v) >= Date.parse(EARLIEST_INSTANT), {
    message: 'Must be on or after 1 January 2000.',
    abort: true,
  })
  .refine((v) => Date.parse(v) <= Date.now() + MAX_CLOCK_AHEAD_MS, {
    message: "Must not be in the future (check the device's date and time).",
  });
export const TimestampSchema = z.string();

export const GRADES = ['TK', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const GradeSchema = z.enum(GRADES, { message: `Must be one of ${GRADES.join(', ')}.` });
export type Grade = z.infer<typeof GradeSchema>;

export const ListMetaSchema = z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() });

/** The list response of every resource: `{data, meta: {page, per_page, total}}` (DESIGN section 4). */
export const listResponse = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: ListMetaSchema });
export const singleResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const MAX_PER_PAGE = 500;

/**
 * The query every list accepts. `filter` arrives as `filter[field]=value`; `sort` is a field name, `-` in front for
 * descending. Which fields may be filtered and sorted is each resource's own list (checked by the server).
 */
export const ListQuerySchema = z.object({
  search: safeText().trim().max(100, 'Search text is limited to 100 characters.').optional(),
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/, 'Sort by a field name, with - in front for descending.')
    .optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(50),
  filter: z.record(z.string().regex(/^[a-z_]+$/), safeText().max(200)).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** A create schema's field as an update takes it: optional, and without its default. */
type UpdateField<T> = z.ZodOptional<T extends z.ZodDefault<infer U extends z.ZodType> ? U : T & z.ZodType>;

/**
 * The fields of a create schema for an update: each optional and without its default. zod's own `.partial()` keeps
 * defaults, so a PATCH that sends only a homeroom would also reset `active`, `program` and meal eligibility to their
 * defaults; an update must change only what it sends.
 */
export function updateShape<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: UpdateField<T[K]> } {
  const out: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(shape)) {
    out[key] = (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();
  }
  return out as { [K in keyof T]: UpdateField<T[K]> };
}

/** Update by POST with `_method: 'PATCH'`, as Laravel clients send it, in JSON or multipart form data. */
export const MethodOverrideSchema = z.object({ _method: z.literal(['PATCH', 'patch']).optional() });

/** A range of school days, as the range forms send it; either end may be left out of an update. */
type DayRange = { starts_on?: string; ends_on?: string };
/** Refines a day range: the last day on or after the first (with DAY_RANGE_ORDER). */
export const dayRangeOrdered = (v: DayRange) => !v.starts_on || !v.ends_on || v.ends_on >= v.starts_on;
export const DAY_RANGE_ORDER = { message: 'The last day is on or after the first.', path: ['ends_on'] };
/** Refines a day range: at most `maxDays` days (with dayRangeLength, which names what the range is). */
export const dayRangeWithin = (maxDays: number) => (v: DayRange) =>
  !v.starts_on ||
  !v.ends_on ||
  v.ends_on < v.starts_on ||
  (Date.parse(v.ends_on) - Date.parse(v.starts_on)) / 86_400_000 < maxDays;
export const dayRangeLength = (maxDays: number, what: string) => ({
  message: `${what} is at most ${maxDays} days.`,
  path: ['ends_on'],
});

/** What index.html holds where the server writes each answer's style nonce (the page's `csp-nonce` meta). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The fewest characters a password may have, wherever one is set (a new school's first administrator, an invitation,
 * a reset): length over composition rules, as NIST SP 800-63B section 3.1.1.2 advises.
 */
export const PASSWORD_MIN_LENGTH = 12;
