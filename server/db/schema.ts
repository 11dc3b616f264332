/**
 * The database schema (DESIGN section 6). Migrations in ./migrations are generated from this file with
 * `npm run db:generate` and committed; the same SQL runs on PGlite and on a PostgreSQL server.
 *
 * Every table is defined in a file of ./schema/ by domain and exported from here, so code imports its tables from
 * this module and drizzle-kit reads the whole schema through it:
 *
 * - schema/columns.ts: the column types and columns many tables share (bytea, created_at and updated_at); not exported
 * - schema/people.ts: users, roles and permissions, sessions, setup, sign-in throttles and password tokens,
 *   scholars (demographics), guardianships, photos
 * - schema/change-log.ts: audit events, sync receipts, the change log and its epoch (decision 002)
 * - schema/stations.ts: check-ins, authorized pick-ups, messenger schedules
 * - schema/school.ts: school settings, the school's non-work days, the school calendar
 * - schema/meals.ts: meal eligibility history, NSLP records, meal service days
 * - schema/timesheets.ts: timesheet schedules, staff days off, special hours, timesheets, pay periods
 * - schema/portal.ts: the Scholar Portal's announcements, group meetings, courses, resources, course work, submissions
 * - schema/independent-study.ts: independent study agreements, versions, signatures, addenda
 * - schema/google-sync.ts: the Google Classroom and Calendar sync's settings, state and runs (decision 012)
 * - schema/screening-and-conferences.ts: health screenings, negative tests, conferences and their sign-ins
 * - schema/roster-imports.ts: roster imports and their column mappings
 * - schema/operations.ts: backup runs, erasures (decision 008)
 * - schema/notices.ts: VAPID keys, push subscriptions, notice preferences, notices and their runs (decision 010)
 * - schema/notice-events.ts: the events waiting to become notices (decision 010)
 * - schema/absence-reports.ts: absence reports
 * - schema/car-line.ts: car tags and their holders, the curb's calls and the day's queue (docs/car-line.md)
 * - schema/dismissal.ts: families' dismissal changes (the default plans are scholars' columns, people.ts)
 *
 * A domain file imports the tables it references from the files above it in this list, never from one below, so
 * the files import each other without a cycle.
 */

export * from './schema/absence-reports';
export * from './schema/car-line';
export * from './schema/change-log';
export * from './schema/dismissal';
export * from './schema/google-sync';
export * from './schema/independent-study';
export * from './schema/meals';
export * from './schema/notice-events';
export * from './schema/notices';
export * from './schema/operations';
export * from './schema/people';
export * from './schema/portal';
export * from './schema/roster-imports';
export * from './schema/school';
export * from './schema/screening-and-conferences';
export * from './schema/stations';
export * from './schema/timesheets';
