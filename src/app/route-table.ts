/**
 * The route table of the specification (its section 2): every section with its path, name, title, section permission
 * and children with their own permission. A section joins the table when its issue builds it; until then it is
 * absent, never faked. Screens load on demand (each `load` is its own chunk).
 */
import { type ComponentType, createElement } from 'react';
import type { Permission, SessionUser } from '../contract';
import { type ParentSession, useParentSession } from '../features/auth/parent-session';
import { useSession } from '../features/auth/session-instance';
import { loadNamespaces, type Namespace } from './i18n';

export type LayoutKind = 'section' | 'plain' | 'centered';

/** The layout a section's screens sit in: the staff section layout, or the Scholar Portal's (phone first). */
export type SectionLayoutKind = 'section' | 'portal';

export interface ChildRoute {
  /** Relative to the section; '' is the section's index; one `:param` segment when `variants` lists its values. */
  path: string;
  name: string;
  /** i18n key in the common namespace. */
  title: string;
  permission?: Permission;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * The values of the path's parameter, each a page of its own with its own title (the Scholar Portal's work lists,
   * /scholar/work/:type): the navigation lists each, only these paths are known, and the screen reads the parameter.
   */
  variants?: readonly { value: string; title: string }[];
  /**
   * False for a page reached from another one (a scholar's page from the list, `scholars/:id`): the navigation and
   * the kiosk tiles leave it out. A `:param` path without `variants` then matches any value.
   */
  nav?: false;
}

export interface SectionRoute {
  path: string;
  name: string;
  title: string;
  permission?: Permission;
  /** Translation namespaces the section's screens use, loaded with their code. */
  namespaces?: string[];
  /**
   * The user types the section is for ('student', 'parent'); absent: everyone its permissions allow. Another type
   * does not see it among the kiosk tiles.
   */
  userTypes?: readonly string[];
  /** The layout of its screens; the staff section layout when absent. */
  layout?: SectionLayoutKind;
  children: ChildRoute[];
}

/**
 * A screen that is given the signed-in person's permissions, to show only the actions they may take, and their user
 * id (their own timesheet).
 */
type PermissionsPage = ComponentType<{ permissions: readonly string[]; userId?: string | null }>;

/**
 * Loads a screen that takes the signed-in person's permissions as a prop. Features never import each other, so a
 * section does not read the auth feature's session itself: the app (this table) hands the permissions over.
 */
const withPermissions =
  (load: () => Promise<{ default: PermissionsPage }>) => async (): Promise<{ default: ComponentType }> => {
    const { default: Page } = await load();
    function WithPermissions() {
      const { permissions, user } = useSession();
      return createElement(Page, { permissions, userId: user?.id ?? null });
    }
    return { default: WithPermissions };
  };

type SignersPage = ComponentType<{ user: SessionUser | null; coSession: ParentSession | null }>;

/**
 * A portal screen where someone signs: it is given who is signed in on this phone and the parent's sign-in
 * inside the scholar's session, and its own texts load with it (they are not the whole portal's).
 */
const withSigners =
  (load: () => Promise<{ default: SignersPage }>, namespace: Namespace) =>
  async (): Promise<{ default: ComponentType }> => {
    const [{ default: Page }] = await Promise.all([load(), loadNamespaces(namespace)]);
    function WithSigners() {
      const { user } = useSession();
      const coSession = useParentSession();
      return createElement(Page, { user, coSession });
    }
    return { default: WithSigners };
  };

export const SECTIONS: readonly SectionRoute[] = [
  {
    path: '/check-in',
    name: 'check-in',
    title: 'sections.checkIn',
    permission: 'demographics-view_any',
    namespaces: ['check-in', 'scanner', 'covid-screening'],
    children: [
      {
        path: '',
        name: 'check-in-arrivals',
        title: 'sections.arrivals',
        load: withPermissions(() => import('../features/check-in/arrivals/arrivals-page')),
      },
      {
        path: 'view',
        name: 'check-in-view',
        title: 'sections.checkInOut',
        load: withPermissions(() => import('../features/check-in/check-in-out/check-in-out-page')),
      },
      {
        // The day's COVID screening answers at the entrance, and negative tests.
        path: 'covid-screenings',
        name: 'check-in-covid-screenings',
        title: 'sections.covidScreening',
        permission: 'covid_screenings-view_any',
        load: withPermissions(() => import('../features/screening-review/screening-review-page')),
      },
    ],
  },
  {
    path: '/messenger',
    name: 'messenger',
    title: 'sections.messenger',
    permission: 'demographics-view_any',
    namespaces: ['messenger'],
    children: [
      {
        path: '',
        name: 'messenger-view-schedule',
        title: 'sections.viewSchedule',
        load: withPermissions(() => import('../features/messenger/messenger-page')),
      },
    ],
  },
  {
    path: '/sign-out',
    name: 'sign-out',
    title: 'sections.scholarSignOut',
    permission: 'check_ins-create',
    // Check In/Out is the check-in section's screen: a scholar back the same day is checked in again from it.
    namespaces: ['sign-out', 'pick-ups', 'sign-out-records', 'check-in', 'scanner', 'car-line'],
    children: [
      {
        path: '',
        name: 'sign-out',
        title: 'sections.scholarSignOut',
        load: withPermissions(() => import('../features/sign-out/line/sign-out-page')),
      },
      {
        path: 'scan',
        name: 'sign-out-scan',
        title: 'sections.scholarSignOutScan',
        permission: 'check_ins-create',
        load: withPermissions(() => import('../features/sign-out/scan/scan-page')),
      },
      {
        path: 'view-records',
        name: 'sign-out-view-records',
        title: 'sections.viewRecords',
        permission: 'check_ins-view_any',
        load: withPermissions(() => import('../features/sign-out/records/records-page')),
      },
      {
        path: 'check-in',
        name: 'sign-out-check-in',
        title: 'sections.checkInOut',
        permission: 'check_ins-create',
        load: withPermissions(() => import('../features/check-in/check-in-out/check-in-out-page')),
      },
      {
        path: 'add-authorized-pick-ups',
        name: 'sign-out-add-authorized-pick-ups',
        title: 'sections.addAuthorizedPickUps',
        permission: 'authorized_pick_ups-create',
        load: () => import('../features/sign-out/pick-ups/add-pick-ups-page'),
      },
      {
        path: 'edit-authorized-pick-ups',
        name: 'sign-out-edit-authorized-pick-ups',
        title: 'sections.editAuthorizedPickUps',
        permission: 'authorized_pick_ups-update',
        load: () => import('../features/sign-out/pick-ups/edit-pick-ups-page'),
      },
      {
        path: 'badges',
        name: 'sign-out-badges',
        title: 'sections.badges',
        load: () => import('../features/sign-out/badges/badges-page'),
      },
      {
        // The car line's classroom screen: the children called to the curb, in arrival order.
        path: 'queue',
        name: 'sign-out-queue',
        title: 'sections.carLineQueue',
        permission: 'check_ins-create',
        load: () => import('../features/sign-out/car-line/queue-page'),
      },
    ],
  },
  {
    // Who goes how today, for the staff and the office; the office confirms the families' changes.
    path: '/dismissal',
    name: 'dismissal',
    title: 'sections.dismissalList',
    permission: 'dismissal-view_any',
    namespaces: ['dismissal'],
    children: [
      {
        path: '',
        name: 'dismissal-day',
        title: 'sections.dismissalDay',
        load: () => import('../features/dismissal/day-page'),
      },
      {
        path: 'changes',
        name: 'dismissal-changes',
        title: 'sections.dismissalChanges',
        permission: 'dismissal_changes-view_any',
        load: withPermissions(() => import('../features/dismissal/changes-page')),
      },
    ],
  },
  {
    path: '/meals',
    name: 'meals',
    title: 'sections.meals',
    permission: 'nslp_records-create',
    namespaces: ['meals', 'meal-records', 'scanner'],
    children: [
      {
        path: '',
        name: 'meals-add-meal',
        title: 'sections.enterMeals',
        load: () => import('../features/meals/enter-meals/enter-meals-page'),
      },
      {
        path: 'add-meals-missing',
        name: 'meals-add-meal-missing',
        title: 'sections.addMealsMissing',
        permission: 'nslp_records-view_any',
        load: () => import('../features/meals/add-missing/add-missing-page'),
      },
      {
        path: 'view-records',
        name: 'meals-view-records',
        title: 'sections.viewRecords',
        permission: 'nslp_records-view_any',
        load: withPermissions(() => import('../features/meals/records/records-page')),
      },
      {
        path: 'view-who-ate',
        name: 'meals-view-who-ate',
        title: 'sections.viewWhoAte',
        permission: 'nslp_records-view_any',
        load: () => import('../features/meals/who-ate/who-ate-page'),
      },
    ],
  },
  {
    path: '/timesheet',
    name: 'timesheet',
    title: 'sections.timesheet',
    permission: 'timesheets-create',
    namespaces: ['timesheet', 'timesheet-records', 'timesheet-reports', 'timesheet-schedule'],
    // Add Record (''); the views each need timesheets-view_any ('view-records', 'view-group-by-date',
    // 'view-grid', 'view-cumulative', 'view-conferences'). Each joins when its screen is built.
    children: [
      {
        path: '',
        name: 'timesheet-add-record',
        title: 'sections.addRecord',
        load: withPermissions(() => import('../features/timesheet/add-record/add-record-page')),
      },
      {
        path: 'view-records',
        name: 'timesheet-view-records',
        title: 'sections.viewRecords',
        permission: 'timesheets-view_any',
        load: withPermissions(() => import('../features/timesheet/records/records-page')),
      },
      {
        path: 'view-group-by-date',
        name: 'timesheet-view-group-by-date',
        title: 'sections.viewGroupByDate',
        permission: 'timesheets-view_any',
        load: withPermissions(() => import('../features/timesheet/daily/daily-page')),
      },
      {
        path: 'view-grid',
        name: 'timesheet-view-grid',
        title: 'sections.viewGrid',
        permission: 'timesheets-view_any',
        load: withPermissions(() => import('../features/timesheet/grid/grid-page')),
      },
      {
        path: 'view-cumulative',
        name: 'timesheet-view-cumulative',
        title: 'sections.viewCumulative',
        permission: 'timesheets-view_any',
        load: withPermissions(() => import('../features/timesheet/cumulative/cumulative-page')),
      },
      {
        path: 'view-conferences',
        name: 'timesheet-view-conferences',
        title: 'sections.viewConferences',
        permission: 'timesheets-view_any',
        load: withPermissions(() => import('../features/timesheet/conferences/conferences-page')),
      },
    ],
  },
  {
    path: '/timesheet-schedule',
    name: 'timesheet-schedule',
    title: 'sections.timesheetSchedule',
    permission: 'timesheet_schedules-create',
    namespaces: ['timesheet-schedule'],
    children: [
      {
        path: '',
        name: 'timesheet-schedule-edit-defaults',
        title: 'sections.editDefaults',
        load: withPermissions(() => import('../features/timesheet-schedule/defaults/edit-defaults-page')),
      },
      {
        path: 'edit-days-off',
        name: 'timesheet-schedule-edit-days-off',
        title: 'sections.editDaysOff',
        load: withPermissions(() => import('../features/timesheet-schedule/days-off/edit-days-off-page')),
      },
      {
        path: 'edit-special',
        name: 'timesheet-schedule-edit-special',
        title: 'sections.editSpecialHours',
        load: withPermissions(() => import('../features/timesheet-schedule/special-hours/edit-special-hours-page')),
      },
      {
        path: 'view-single',
        name: 'timesheet-schedule-view-single',
        title: 'sections.viewSingle',
        load: withPermissions(() => import('../features/timesheet-schedule/view-single/view-single-page')),
      },
    ],
  },
  {
    // The staff screens that manage what the Scholar Portal shows.
    path: '/portal-content',
    name: 'portal-content',
    title: 'sections.portalContent',
    permission: 'portal_content-view_any',
    namespaces: ['portal-content', 'conferences', 'exports'],
    children: [
      {
        path: '',
        name: 'portal-content-announcements',
        title: 'sections.announcements',
        load: withPermissions(() => import('../features/portal-content/announcements/announcements-page')),
      },
      {
        path: 'group-meetings',
        name: 'portal-content-group-meetings',
        title: 'sections.groupMeetings',
        load: withPermissions(() => import('../features/portal-content/group-meetings/group-meetings-page')),
      },
      {
        path: 'classes',
        name: 'portal-content-classes',
        title: 'sections.classes',
        load: withPermissions(() => import('../features/portal-content/classes/classes-page')),
      },
      {
        path: 'calendar-events',
        name: 'portal-content-calendar-events',
        title: 'sections.calendarEvents',
        load: withPermissions(() => import('../features/portal-content/calendar-events/calendar-events-page')),
      },
      {
        path: 'resources',
        name: 'portal-content-resources',
        title: 'sections.resourcesAndLibrary',
        load: withPermissions(() => import('../features/portal-content/resources/resources-page')),
      },
      {
        // Scholar Led Conference days and who signed in.
        path: 'conferences',
        name: 'portal-content-conferences',
        title: 'sections.conferences',
        permission: 'conferences-view_any',
        load: withPermissions(() => import('../features/conference-review/conference-review-page')),
      },
      {
        path: 'settings',
        name: 'portal-content-settings',
        title: 'sections.portalSettings',
        permission: 'portal_content-update',
        load: withPermissions(() => import('../features/portal-content/settings/portal-settings-page')),
      },
    ],
  },
  {
    // The staff's review of the Independent Study Learning Agreements; the supervising teacher countersigns.
    path: '/independent-study',
    name: 'independent-study',
    title: 'sections.independentStudy',
    permission: 'independent_study-view_any',
    namespaces: ['independent-study', 'exports'],
    children: [
      {
        path: '',
        name: 'independent-study-review',
        title: 'sections.independentStudy',
        load: withPermissions(() => import('../features/independent-study-review/review-page')),
      },
    ],
  },
  {
    path: '/admin',
    name: 'admin',
    title: 'sections.administration',
    // No permission of its own: the section opens for whoever may open one of its pages (the Front Office its
    // Scholars), and each page asks for its own.
    namespaces: [
      'admin',
      'google-sync',
      'scholars',
      'guardians',
      'roster-import',
      'school-year',
      'exports',
      'family-data',
      'notices-log',
      'car-line',
    ],
    children: [
      {
        path: '',
        name: 'admin-roles-permissions',
        title: 'sections.rolesAndPermissions',
        permission: 'roles-create',
        load: () => import('../features/admin/roles-permissions/roles-permissions-page'),
      },
      {
        path: 'users-roles',
        name: 'admin-users-roles',
        title: 'sections.usersAndRoles',
        permission: 'roles-create',
        // The permissions show the Invite action to those who may send invitations.
        load: withPermissions(() => import('../features/admin/users-roles/users-roles-page')),
      },
      {
        // The school's name, time zone, day and kiosk reasons (administrators).
        path: 'school',
        name: 'admin-school-settings',
        title: 'sections.schoolSettings',
        permission: 'school_settings-update',
        // The permissions show the roster export to those who may export.
        load: withPermissions(() => import('../features/admin/school-settings/school-settings-page')),
      },
      {
        // The Google Classroom and Calendar sync's status, run now and settings (administrators only).
        path: 'google-sync',
        name: 'admin-google-sync',
        title: 'sections.googleSync',
        permission: 'google_sync-view',
        load: withPermissions(() => import('../features/google-sync/google-sync-page')),
      },
      {
        // The scholars' records: find, add, edit, withdraw and re-enrol (the page shows edits to those who may).
        path: 'scholars',
        name: 'admin-scholars',
        title: 'sections.scholars',
        permission: 'demographics-view_any',
        load: withPermissions(() => import('../features/admin/scholars/scholars-list-page')),
      },
      {
        // One scholar's page, and `new` for a scholar to add; reached from the list.
        path: 'scholars/:id',
        name: 'admin-scholar',
        title: 'sections.scholar',
        permission: 'demographics-view_any',
        nav: false,
        load: withPermissions(() => import('../features/admin/scholars/scholar-page')),
      },
      {
        // The scholars' parents and guardians, their scholars and who may pick up (the front office).
        path: 'guardians',
        name: 'admin-guardians',
        title: 'sections.guardians',
        permission: 'guardianships-view_any',
        load: withPermissions(() => import('../features/admin/guardians/guardians-page')),
      },
      {
        path: 'guardians/new',
        name: 'admin-guardian-new',
        nav: false,
        title: 'sections.newGuardian',
        permission: 'guardianships-view_any',
        load: withPermissions(() => import('../features/admin/guardians/guardian-page')),
      },
      {
        path: 'guardians/:id',
        name: 'admin-guardian',
        nav: false,
        title: 'sections.guardian',
        permission: 'guardianships-view_any',
        load: withPermissions(() => import('../features/admin/guardians/guardian-page')),
      },
      {
        // The roster from the school's information system: a OneRoster package previewed, then applied.
        path: 'import',
        name: 'admin-roster-import',
        title: 'sections.rosterImport',
        permission: 'roster_imports-create',
        load: () => import('../features/admin/roster-import/roster-import-page'),
      },
      {
        // The start of a new school year, previewed first: grades up, graduates off the rosters (administrators).
        path: 'school-year',
        name: 'admin-school-year',
        title: 'sections.newSchoolYear',
        permission: 'school_settings-update',
        load: () => import('../features/admin/school-year/school-year-page'),
      },
      {
        // The scholars' photos from a zip, each named by student number or sourcedId (administrators).
        path: 'import/photos',
        name: 'admin-photo-import',
        title: 'sections.photoImport',
        permission: 'roster_imports-create',
        load: () =>
          Promise.all([
            import('../features/admin/photo-import/photo-import-page'),
            loadNamespaces('photo-import'),
          ]).then(([page]) => page),
      },
      {
        // Meal eligibility determinations from a CSV (a direct certification list): a preview, then Apply.
        path: 'meal-eligibility',
        name: 'admin-meal-eligibility-import',
        title: 'sections.mealEligibilityImport',
        permission: 'meal_eligibility-update',
        load: () =>
          Promise.all([
            import('../features/admin/meal-eligibility-import/meal-eligibility-import-page'),
            loadNamespaces('meal-eligibility-import'),
          ]).then(([page]) => page),
      },
      {
        // A family's data on request: the retention reminder, its setting and the erase log (administrators).
        path: 'family-data',
        name: 'admin-family-data',
        title: 'sections.familyData',
        permission: 'scholar_data-view_any',
        load: withPermissions(() => import('../features/admin/family-data/family-data-page')),
      },
      {
        // What the families were told: each notice, to whom, by which channel, sent or failed and why (30 days).
        path: 'notices',
        name: 'admin-notices',
        title: 'sections.noticesLog',
        permission: 'notices-view_any',
        load: () => import('../features/admin/notices/notices-log-page'),
      },
    ],
  },
  {
    // The Scholar Portal, for scholars and parents (signed in, no permission; the server scopes every
    // answer). Its children follow the seed's navigation order; an entry joins when its screen is built.
    path: '/scholar',
    name: 'scholar',
    title: 'sections.scholarPortal',
    namespaces: [
      'portal',
      'portal-calendar',
      'portal-work',
      'covid-screening',
      'conferences',
      'absence',
      'portal-notifications',
      'dismissal',
      'car-line',
    ],
    userTypes: ['student', 'parent'],
    layout: 'portal',
    children: [
      {
        path: '',
        name: 'scholar-home',
        title: 'sections.home',
        load: () => import('../features/scholar/home/home-page'),
      },
      {
        path: 'this-week',
        name: 'scholar-this-week',
        title: 'sections.thisWeek',
        load: () => import('../features/scholar/this-week/this-week-page'),
      },
      {
        path: 'schedule',
        name: 'scholar-schedule',
        title: 'sections.schedule',
        load: () => import('../features/scholar/schedule/schedule-page'),
      },
      {
        // Current Work, Overdue Work, Missing AutoWork, Completed Work and Show Submissions, one screen.
        path: 'work/:type',
        name: 'scholar-work',
        title: 'sections.currentWork',
        load: () => import('../features/scholar/work/work-page'),
        variants: [
          { value: 'current', title: 'sections.currentWork' },
          { value: 'overdue', title: 'sections.overdueWork' },
          { value: 'missing-autowork', title: 'sections.missingAutowork' },
          { value: 'completed', title: 'sections.completedWork' },
          { value: 'submissions', title: 'sections.showSubmissions' },
        ],
      },
      {
        // The Independent Study Learning Agreement, read and signed by the scholar and the parent.
        path: 'independent-study',
        name: 'scholar-independent-study',
        title: 'sections.independentStudy',
        load: withSigners(
          () => import('../features/scholar/independent-study/independent-study-page'),
          'independent-study',
        ),
      },
      {
        // The sign-in sheet on the conference day.
        path: 'conferences',
        name: 'scholar-conferences',
        title: 'sections.conferences',
        load: withSigners(() => import('../features/scholar/conferences/conferences-page'), 'conferences'),
      },
      {
        path: 'resources',
        name: 'scholar-resources',
        title: 'sections.scholarResources',
        load: () => import('../features/scholar/resources/resources-page'),
      },
      {
        path: 'calendar',
        name: 'scholar-calendar',
        title: 'sections.calendar',
        load: () => import('../features/scholar/calendar/calendar-page'),
      },
      {
        path: 'library',
        name: 'scholar-library',
        title: 'sections.library',
        load: () => import('../features/scholar/resources/library-page'),
      },
      {
        // Shown only when the school screens (portal settings' covid_screening).
        path: 'covid-screening',
        name: 'scholar-covid-screening',
        title: 'sections.covidScreening',
        load: () => import('../features/scholar/covid-screening/covid-screening-page'),
      },
      {
        path: 'arrivals',
        name: 'scholar-arrivals',
        title: 'sections.arrivals',
        load: () => import('../features/scholar/arrivals/arrivals-page'),
      },
      {
        path: 'check-in',
        name: 'scholar-check-in',
        title: 'sections.checkIn',
        load: () => import('../features/scholar/check-in/check-in-page'),
      },
      {
        // A guardian reports a child absent, late or leaving early; the office sees it at Check In/Out.
        path: 'absence',
        name: 'scholar-absence',
        title: 'sections.absence',
        load: () => import('../features/scholar/absence/absence-page'),
      },
      {
        // A guardian asks that a child go home another way; the office confirms it, the pick-up line shows it.
        path: 'dismissal',
        name: 'scholar-dismissal',
        title: 'sections.dismissal',
        load: () => import('../features/scholar/dismissal/dismissal-page'),
      },
      {
        // A guardian's "I'm here" at dismissal: their children join the car line's queue.
        path: 'car-line',
        name: 'scholar-car-line',
        title: 'sections.carLine',
        load: () => import('../features/scholar/car-line/car-line-page'),
      },
      {
        // Notices to families: this device's push notifications, each kind by push and email, quiet hours, a test.
        path: 'notifications',
        name: 'scholar-notifications',
        title: 'sections.notifications',
        load: () => import('../features/scholar/notifications/notifications-page'),
      },
    ],
  },
];

/** The full path of a child route. */
export const childPath = (section: SectionRoute, child: ChildRoute) =>
  child.path ? `${section.path}/${child.path}` : section.path;

/** A page of the table: a child, or one value of a child's parameter (`variants`). */
export interface ChildPage {
  /** Relative to the section, with the parameter's value ('work/current'). */
  path: string;
  /** The full path. */
  to: string;
  /** i18n key in the common namespace. */
  title: string;
}

/** The pages of a child route: itself, or one per value of its parameter. */
export const childPages = (section: SectionRoute, child: ChildRoute): ChildPage[] =>
  child.variants
    ? child.variants.map((v) => {
        const path = child.path.replace(/:[^/]+/, v.value);
        return { path, to: `${section.path}/${path}`, title: v.title };
      })
    : [{ path: child.path, to: childPath(section, child), title: child.title }];

/** A child's full path as a pattern: its `:param` segment matches one segment of any value. */
const pathPattern = (section: SectionRoute, child: ChildRoute) =>
  new RegExp(
    `^${childPath(section, child)
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );

/** True when a full path is one of a child route's pages. */
const isPageOf = (section: SectionRoute, child: ChildRoute, path: string) =>
  !child.variants && child.path.includes(':')
    ? pathPattern(section, child).test(path)
    : childPages(section, child).some((p) => p.to === path);

/** The children a navigation lists (and a kiosk tile may lead to): not the pages reached from another one. */
export const navChildren = (section: SectionRoute): ChildRoute[] => section.children.filter((c) => c.nav !== false);

/** The pages a section's navigation shows someone with these permissions: only those they may open. */
export const navFor = (section: SectionRoute, permissions: readonly string[]): ChildRoute[] =>
  navChildren(section).filter((c) => mayOpen(permissions, section, c));

/**
 * The permissions a route needs, with child overrides (the specification's rule): a child that lists its own
 * permission needs that one only; a child without one needs its section's. The server checks every call on its own.
 */
export const requiredPermissions = (section: SectionRoute, child?: ChildRoute): Permission[] => {
  const permission = child?.permission ?? section.permission;
  return permission ? [permission] : [];
};

/** True when someone with these permissions may open the route (a section: any of its children). */
export const mayOpen = (permissions: readonly string[], section: SectionRoute, child?: ChildRoute): boolean =>
  child
    ? requiredPermissions(section, child).every((p) => permissions.includes(p))
    : section.children.some((c) => mayOpen(permissions, section, c));

/** True when a section is for this user type (a section without `userTypes` is for every type; an unknown type: yes). */
export const isForUserType = (section: SectionRoute, userType: string | null | undefined): boolean =>
  !section.userTypes || !userType || section.userTypes.includes(userType);

/** The routes outside the sections, with their names. */
export const FIXED_ROUTES = {
  login: '/login',
  'scholar-parent-login': '/scholar/parent-login',
  setup: '/setup',
  'forgot-password': '/forgot-password',
  'set-password': '/set-password',
  kiosk: '/',
} as const;

/** The name of the catch-all route ('404: Not Found'). */
export const NOT_FOUND_ROUTE = 'not-found';

/** True when a path is a page of the table (used so that redirects never lead to a missing page). */
export function isKnownPath(path: string, sections: readonly SectionRoute[] = SECTIONS): boolean {
  const clean = path.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  if ((Object.values(FIXED_ROUTES) as string[]).includes(clean)) return true;
  return sections.some((s) => s.children.some((c) => isPageOf(s, c, clean)));
}

/** True when someone with these permissions may open a path of the table (the fixed routes: anyone signed in). */
export function mayOpenPath(
  path: string,
  permissions: readonly string[],
  sections: readonly SectionRoute[] = SECTIONS,
): boolean {
  const clean = path.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  if ((Object.values(FIXED_ROUTES) as string[]).includes(clean)) return true;
  return sections.some((s) => s.children.some((c) => isPageOf(s, c, clean) && mayOpen(permissions, s, c)));
}
