/**
 * `POST v2/meal_eligibility_imports`: scholars' meal eligibility determinations from a CSV (multipart, field `file`):
 * a preview that writes nothing, then `POST v2/meal_eligibility_imports/{id}/apply` with the same file again. The
 * preview is not kept on the server: its `id` is the file's SHA-256, and the apply refuses another file (409), so
 * a preview survives a restart and works whichever server instance answers the apply (docs/decisions/007).
 *
 * The file: a header row naming a column for the student number, the category and the effective date (the names
 * below, in any case, with spaces, underscores or hyphens alike), RFC 4180, UTF-8 with or without a byte order mark,
 * separated by commas, semicolons or tabs.
 */
import { z } from 'zod';
import { MealEligibilitySchema } from './demographics';

/**
 * The header names each column may have, the preferred first (a file with both `Student Number` and `Student ID`
 * reads the first): the screen lists them, the server matches them.
 */
export const MEAL_IMPORT_COLUMNS = {
  student_number: ['student_number', 'Student Number', 'student id', 'student no'],
  category: ['category', 'eligibility', 'meal eligibility', 'meal category'],
  effective_date: ['effective_date', 'effective', 'date', 'effective from', 'effective date'],
} as const;
export type MealImportColumn = keyof typeof MEAL_IMPORT_COLUMNS;

/** The words a category cell may hold, in any case: English, its initial, and Spanish. */
export const MEAL_IMPORT_CATEGORY_WORDS = {
  free: ['free', 'F', 'gratis', 'gratuito', 'gratuita'],
  reduced: ['reduced', 'R', 'reducido', 'reducida'],
  paid: ['paid', 'P', 'pagado', 'pagada'],
} as const;

/** The date forms an effective date cell may have: ISO, or month/day/year as direct certification lists export it. */
export const MEAL_IMPORT_DATE_FORMATS = ['YYYY-MM-DD', 'M/D/YYYY'] as const;

/** The largest file the import takes (a school of 5,000 scholars makes a CSV of about 200 kB). */
export const MAX_MEAL_IMPORT_BYTES = 5 * 1024 * 1024;
/** The most rows a file may have. */
export const MAX_MEAL_IMPORT_ROWS = 50_000;
/** How many of the changes a preview lists. */
export const MEAL_IMPORT_SAMPLE_SIZE = 20;

/** What is wrong with a row: the screen words each in the reader's language, with the cell's `value`. */
export const MEAL_IMPORT_ROW_ERRORS = [
  'unknown_student',
  'unknown_category',
  'bad_date',
  'missing_value',
  'repeated_row',
] as const;
export type MealImportRowError = (typeof MEAL_IMPORT_ROW_ERRORS)[number];

export const MEAL_IMPORT_MESSAGES = {
  notCsv: 'The file is not a CSV file.',
  notCsvFrom: (line: number) => `The file is not a CSV file: it cannot be read from line ${line} on.`,
  spreadsheet: 'This is a spreadsheet file: save it as CSV (UTF-8) and choose that file.',
  notUtf8: 'The file is not UTF-8 text: save it as CSV (UTF-8) and choose that file.',
  tooLarge: `The file is larger than ${MAX_MEAL_IMPORT_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The file has more than ${MAX_MEAL_IMPORT_ROWS.toLocaleString('en-US')} rows.`,
  noRows: 'The file has a header row but no scholars below it.',
  missingColumns: (names: string[]) => `The header row has no column for ${names.join(', ')}.`,
  changed: 'This is not the file that was previewed: preview it again.',
  unknown_student: (value: string) => `No scholar has the student number ${value}.`,
  unknown_category: (value: string) => `"${value}" is not free, reduced or paid.`,
  bad_date: (value: string) => `"${value}" is not a date as YYYY-MM-DD or M/D/YYYY.`,
  missing_value: () => 'This cell is empty.',
  repeated_row: (value: string) => `The scholar's determination for ${value} is on an earlier line already.`,
} as const;

export const MealImportErrorSchema = z.object({
  /** The file's line (the header is line 1; a row with a quoted line break counts from its first line). */
  line: z.number().int(),
  /** The column's name as the file's header has it; null for the whole row. */
  column: z.string().nullable(),
  code: z.enum(MEAL_IMPORT_ROW_ERRORS),
  /** The cell as the file has it. */
  value: z.string(),
  message: z.string(),
});
export type MealImportError = z.infer<typeof MealImportErrorSchema>;

/** One determination the import adds or corrects. */
export const MealImportChangeSchema = z.object({
  line: z.number().int(),
  student_number: z.string(),
  name: z.string(),
  /**
   * The category in effect on that day before the import (paid before any determination, 7 CFR 245.6); null for a
   * caller who may change eligibility but not see it (MEAL_ELIGIBILITY_PERMISSION).
   */
  from: MealEligibilitySchema.nullable(),
  to: MealEligibilitySchema,
  effective_from: z.string(),
  /** True when it becomes the scholar's current eligibility (its date is the latest); else it only adds history. */
  current: z.boolean(),
});
export type MealImportChange = z.infer<typeof MealImportChangeSchema>;

export const MealImportSchema = z.object({
  /** The file's SHA-256: the apply names it. */
  id: z.string(),
  status: z.enum(['previewed', 'applied']),
  /** The file's rows below the header. */
  rows: z.number().int(),
  /** Determinations added or corrected (written, once applied). */
  changes: z.number().int(),
  /** Of those, how many become a scholar's current eligibility. */
  current: z.number().int(),
  /** Rows the history already has as they are. */
  unchanged: z.number().int(),
  errors: z.array(MealImportErrorSchema),
  /** The first MEAL_IMPORT_SAMPLE_SIZE changes, in the file's order. */
  sample: z.array(MealImportChangeSchema),
});
export type MealImport = z.infer<typeof MealImportSchema>;

export const MealImportResponseSchema = z.object({ data: MealImportSchema });

/** The apply's address names the preview's id, the file's SHA-256 in hex. */
export const MealImportParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/, 'Must be the id of a preview.'),
});
