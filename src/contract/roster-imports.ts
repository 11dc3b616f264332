/**
 * Roster imports from the school's information system (DESIGN section 11): a OneRoster 1.1 or 1.2 bulk CSV zip is
 * previewed (nothing written but the preview), then applied in the background with its progress. Every count says
 * what the apply will do, or did, to each kind of record.
 */
import { z } from 'zod';
import { IdSchema } from './common';

export const ROSTER_IMPORT_STATUSES = ['previewed', 'applying', 'applied', 'failed'] as const;
export type RosterImportStatus = (typeof ROSTER_IMPORT_STATUSES)[number];

export const ROSTER_IMPORT_KINDS = ['oneroster', 'csv_scholars', 'csv_guardians', 'csv_staff'] as const;
export type RosterImportKind = (typeof ROSTER_IMPORT_KINDS)[number];

/** The kinds of record an import counts, in the order the screens show them. */
export const ROSTER_COUNT_KINDS = ['scholars', 'guardians', 'staff', 'classes', 'enrollments'] as const;
export type RosterCountKind = (typeof ROSTER_COUNT_KINDS)[number];

export const ROSTER_OUTCOMES = ['create', 'update', 'deactivate', 'unchanged'] as const;
export type RosterOutcome = (typeof ROSTER_OUTCOMES)[number];

export const RosterCountSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  deactivate: z.number().int(),
  unchanged: z.number().int(),
});
export type RosterCount = z.infer<typeof RosterCountSchema>;

export const RosterCountsSchema = z.object({
  scholars: RosterCountSchema,
  guardians: RosterCountSchema,
  staff: RosterCountSchema,
  classes: RosterCountSchema,
  enrollments: RosterCountSchema,
});
export type RosterCounts = z.infer<typeof RosterCountsSchema>;

/** A row (or file, or column) the import cannot use; `line` counts the header as line 1. */
export const RosterErrorSchema = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type RosterError = z.infer<typeof RosterErrorSchema>;

/** A record entered by hand that the package's record matches (by student number or email), and that it adopts. */
export const RosterMatchSchema = z.object({
  kind: z.enum(['scholars', 'guardians', 'staff', 'classes']),
  name: z.string(),
  by: z.enum(['student_number', 'email', 'name']),
  value: z.string(),
});
export type RosterMatch = z.infer<typeof RosterMatchSchema>;

/** OneRoster roles that become staff accounts; each gets the role the administrator chooses (Staff by default). */
export const STAFF_ONEROSTER_ROLES = ['teacher', 'aide', 'administrator'] as const;
export type StaffOneRosterRole = (typeof STAFF_ONEROSTER_ROLES)[number];

export const RosterImportRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(ROSTER_IMPORT_KINDS),
  format: z.string(),
  file_name: z.string().nullable(),
  status: z.enum(ROSTER_IMPORT_STATUSES),
  counts: RosterCountsSchema,
  errors: z.array(RosterErrorSchema),
  matched: z.array(RosterMatchSchema),
  /** How many new staff accounts of each OneRoster role the package brings (the role choice's rows). */
  staff_roles: z.record(z.string(), z.number().int()),
  /** The role (id) chosen for each OneRoster staff role, once applied. */
  roles: z.record(z.string(), z.string()),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  failure: z.string().nullable(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  applied_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type RosterImportRecord = z.infer<typeof RosterImportRecordSchema>;

/** The preview's upload: the package (a zip), and the client's id so that a retried upload is the same preview. */
export const RosterImportCreateSchema = z.object({
  id: IdSchema.optional(),
  file: z.unknown(),
});

/** The apply: for each OneRoster staff role, the role its new accounts get (never the Administrator role). */
export const RosterImportApplySchema = z.object({
  roles: z.partialRecord(z.enum(STAFF_ONEROSTER_ROLES), IdSchema).default({}),
});
export type RosterImportApply = z.infer<typeof RosterImportApplySchema>;

/** The largest package the server reads (a district's 10,000 scholars zip to a few MB). */
export const MAX_ROSTER_PACKAGE_BYTES = 50 * 1024 * 1024;

/**
 * A plain CSV of one kind of record, for a school without OneRoster: the fields its columns map onto, the required
 * first. `student_numbers` (a guardian's scholars) holds one or more student numbers separated by commas or
 * semicolons.
 */
export const CSV_IMPORT_KINDS = ['scholars', 'guardians', 'staff'] as const;
export type CsvImportKind = (typeof CSV_IMPORT_KINDS)[number];
export const CSV_FIELDS = {
  scholars: {
    required: ['student_number', 'first_name', 'last_name', 'grade'],
    // A scholar's default dismissal plan (picked up, bus, walker, program) and its bus route or program's name.
    optional: ['preferred_name', 'email', 'birth_date', 'sex', 'homeroom', 'dismissal_plan', 'dismissal_detail'],
  },
  guardians: {
    required: ['email', 'first_name', 'last_name'],
    optional: ['phone', 'student_numbers'],
  },
  staff: {
    required: ['email', 'first_name', 'last_name'],
    optional: ['employee_number'],
  },
} as const satisfies Record<CsvImportKind, { required: readonly string[]; optional: readonly string[] }>;
export type CsvField = (typeof CSV_FIELDS)[CsvImportKind]['required' | 'optional'][number];

/** A CSV's columns as the server read them, and the mapping it proposes (the last one used, else by the names). */
export const CsvColumnsSchema = z.object({
  kind: z.enum(CSV_IMPORT_KINDS),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  sample: z.array(z.array(z.string())),
});
export type CsvColumns = z.infer<typeof CsvColumnsSchema>;

/** Field to column header: what the administrator chose (a field left out has no column). */
export const CsvMappingSchema = z.record(z.string().regex(/^[a-z_]+$/), z.string().max(200));
