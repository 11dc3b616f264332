/**
 * The English texts and the list of namespaces.
 *
 * English is the default and the fallback of every other language, so the namespaces the first screens need (login,
 * kiosk home, notifications, error pages) are imported statically: they are in the initial chunk and those screens
 * render without a network round trip or a cache. Every other English namespace (one per section: `admin`, ...) is
 * loaded lazily like the Spanish files (see `index.ts` and `locale-backend.ts`), so a section's texts come with its
 * chunk instead of weighing on the login screen's budget (DESIGN section 8).
 *
 * A new section adds `locales/en/<ns>.json` and `locales/es/<ns>.json`, a type import, and an entry in
 * `LazyEnglishResources` and in `LAZY` below (the typecheck insists on both). Moving a namespace into the first chunk
 * means importing it here (into `enInitialResources`) and adding it to the exclusion in `index.ts`'s glob.
 */
import type absence from '../../../locales/en/absence.json';
import type admin from '../../../locales/en/admin.json';
import auth from '../../../locales/en/auth.json';
import type carLine from '../../../locales/en/car-line.json';
import type checkIn from '../../../locales/en/check-in.json';
import common from '../../../locales/en/common.json';
import type conferences from '../../../locales/en/conferences.json';
import type covidScreening from '../../../locales/en/covid-screening.json';
import type dismissal from '../../../locales/en/dismissal.json';
import errors from '../../../locales/en/errors.json';
import type exportsNs from '../../../locales/en/exports.json';
import type familyData from '../../../locales/en/family-data.json';
import type googleSync from '../../../locales/en/google-sync.json';
import type guardians from '../../../locales/en/guardians.json';
import type independentStudy from '../../../locales/en/independent-study.json';
import kiosk from '../../../locales/en/kiosk.json';
import type mealEligibilityImport from '../../../locales/en/meal-eligibility-import.json';
import type mealRecords from '../../../locales/en/meal-records.json';
import type meals from '../../../locales/en/meals.json';
import type messenger from '../../../locales/en/messenger.json';
import type noticesLog from '../../../locales/en/notices-log.json';
import notifications from '../../../locales/en/notifications.json';
import type photoImport from '../../../locales/en/photo-import.json';
import type pickUps from '../../../locales/en/pick-ups.json';
import type portal from '../../../locales/en/portal.json';
import type portalCalendar from '../../../locales/en/portal-calendar.json';
import type portalContent from '../../../locales/en/portal-content.json';
import type portalNotifications from '../../../locales/en/portal-notifications.json';
import type portalWork from '../../../locales/en/portal-work.json';
import type rosterImport from '../../../locales/en/roster-import.json';
import type scanner from '../../../locales/en/scanner.json';
import type scholars from '../../../locales/en/scholars.json';
import type schoolYear from '../../../locales/en/school-year.json';
import type setup from '../../../locales/en/setup.json';
import type signOut from '../../../locales/en/sign-out.json';
import type signOutRecords from '../../../locales/en/sign-out-records.json';
import type sync from '../../../locales/en/sync.json';
import type timesheet from '../../../locales/en/timesheet.json';
import type timesheetRecords from '../../../locales/en/timesheet-records.json';
import type timesheetReports from '../../../locales/en/timesheet-reports.json';
import type timesheetSchedule from '../../../locales/en/timesheet-schedule.json';

/** The English namespaces in the initial chunk (also the namespaces `initI18n` loads before the first render). */
export const enInitialResources = { common, auth, kiosk, notifications, errors };

/** The English namespaces loaded on demand, by type only: nothing of them is bundled here. */
interface LazyEnglishResources {
  admin: typeof admin;
  sync: typeof sync;
  'check-in': typeof checkIn;
  'portal-content': typeof portalContent;
  messenger: typeof messenger;
  meals: typeof meals;
  'meal-records': typeof mealRecords;
  'sign-out': typeof signOut;
  'pick-ups': typeof pickUps;
  'sign-out-records': typeof signOutRecords;
  scanner: typeof scanner;
  'timesheet-schedule': typeof timesheetSchedule;
  timesheet: typeof timesheet;
  'timesheet-records': typeof timesheetRecords;
  'timesheet-reports': typeof timesheetReports;
  portal: typeof portal;
  'portal-calendar': typeof portalCalendar;
  'portal-notifications': typeof portalNotifications;
  'portal-work': typeof portalWork;
  'independent-study': typeof independentStudy;
  'covid-screening': typeof covidScreening;
  conferences: typeof conferences;
  'google-sync': typeof googleSync;
  setup: typeof setup;
  scholars: typeof scholars;
  guardians: typeof guardians;
  'roster-import': typeof rosterImport;
  'school-year': typeof schoolYear;
  exports: typeof exportsNs;
  'photo-import': typeof photoImport;
  'meal-eligibility-import': typeof mealEligibilityImport;
  'family-data': typeof familyData;
  'notices-log': typeof noticesLog;
  absence: typeof absence;
  dismissal: typeof dismissal;
  'car-line': typeof carLine;
}

// A Record, so the typecheck fails when a lazy namespace is missing here or one is listed that has no type above.
const LAZY: Record<keyof LazyEnglishResources, true> = {
  admin: true,
  sync: true,
  'check-in': true,
  'portal-content': true,
  messenger: true,
  meals: true,
  'meal-records': true,
  'sign-out': true,
  'pick-ups': true,
  'sign-out-records': true,
  scanner: true,
  'timesheet-schedule': true,
  timesheet: true,
  'timesheet-records': true,
  'timesheet-reports': true,
  portal: true,
  'portal-calendar': true,
  'portal-notifications': true,
  'portal-work': true,
  'independent-study': true,
  'covid-screening': true,
  conferences: true,
  'google-sync': true,
  setup: true,
  scholars: true,
  guardians: true,
  'roster-import': true,
  'school-year': true,
  exports: true,
  'photo-import': true,
  'meal-eligibility-import': true,
  'family-data': true,
  'notices-log': true,
  absence: true,
  dismissal: true,
  'car-line': true,
};

/** Every English namespace, bundled or lazy: the source of the typed translation keys. */
export type EnglishResources = typeof enInitialResources & LazyEnglishResources;

/**
 * Type-only handle on `EnglishResources` for `i18next.d.ts` (`typeof enResources`). It has NO runtime value: at run
 * time use `enInitialResources`, and load lazy namespaces with `loadNamespaces`.
 */
export declare const enResources: EnglishResources;

export type Namespace = keyof EnglishResources;

/** The namespaces bundled in English and loaded by `initI18n` before the first render. */
export const INITIAL_NAMESPACES = Object.keys(enInitialResources) as readonly (keyof typeof enInitialResources)[];

/** The namespaces loaded on demand (see `loadNamespaces` in `index.ts`), in English as in any other language. */
export const LAZY_NAMESPACES = Object.keys(LAZY) as readonly (keyof LazyEnglishResources)[];

/** Every namespace: one per section plus `common`. */
export const NAMESPACES: readonly Namespace[] = [...INITIAL_NAMESPACES, ...LAZY_NAMESPACES];

export const DEFAULT_NAMESPACE = 'common' satisfies Namespace;
