import { z } from 'zod';
import { MESSAGES } from './errors';

export const IdSchema = z.uuid({ message: 'Must be an id (a UUID).' });
export const IdParamsSchema = z.object({ id: IdSchema });

/** A required text field: trimmed, with the form's own message when empty. */
export const requiredText = (max = 200) => z.string().trim().min(1, MESSAGES.required).max(max);
export const optionalText = (max = 200) =>
  z
    .string()
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
/** A calendar date as YYYY-MM-DD. */
export const DateOnlySchema = z.iso.date({ message: 'Must be a date as YYYY-MM-DD.' });
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
  search: z.string().trim().max(100, 'Search text is limited to 100 characters.').optional(),
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/, 'Sort by a field name, with - in front for descending.')
    .optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(50),
  filter: z.record(z.string().regex(/^[a-z_]+$/), z.string().max(200)).optional(),
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
