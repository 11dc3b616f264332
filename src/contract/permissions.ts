/**
 * The permission catalogue: every resource of DESIGN section 4 times every action. The server seeds it on every start
 * (new entries only), checks `<resource>-<action>` on each route, and the web app's route table names the same strings.
 */
export const RESOURCES = [
  'demographics',
  'check_ins',
  'authorized_pick_ups',
  'nslp_records',
  'timesheets',
  'timesheet_schedules',
  'messenger_schedules',
  'roles',
  'users',
  'photos',
  'audit_events',
  'school_settings',
  'portal_content',
  'independent_study',
  // The Google Classroom and Calendar sync's settings and runs: Administrator only.
  'google_sync',
  // COVID screening at the entrance and Scholar Led Conferences.
  'covid_screenings',
  'conferences',
  // Scholars' meal eligibility (free, reduced, paid): confidential (7 CFR 245.6), so apart from the scholar records.
  // `view` shows it (on scholars, meal records and the claim's counts by category), `update` changes it.
  'meal_eligibility',
  // Meal services on days the school is closed (summer meals, a special service): their meals count in the claim.
  'meal_service_days',
  // One-time set-password links for a person's account: `create` sends an invitation (Administrator only).
  'invitations',
  // Guardians (parent accounts) and their links to scholars, with who of them may pick a scholar up.
  'guardianships',
  // Roster imports from the school's information system (OneRoster, a plain CSV, photos): Administrator only.
  'roster_imports',
  // A family's data on request: one scholar's export and the erase of a withdrawn scholar (Administrator only).
  'scholar_data',
  // The delivery log of the notices to families (who was told what, by which channel, sent or failed and why).
  'notices',
  // Guardians' reports of a child's absence, late arrival or early departure: the office reads and acknowledges them.
  'absence_reports',
  // Guardians' dismissal changes (a child goes home another way on some days): the office confirms or declines them.
  'dismissal_changes',
  // The day's dismissal list (who goes how today) and each scholar's plan at the pick-up line.
  'dismissal',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['view_any', 'view', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export type Permission = `${Resource}-${Action}`;

/** Builds the permission string the server checks for an action on a resource. */
export function permissionName(resource: Resource, action: Action): Permission {
  return `${resource}-${action}`;
}

export const PERMISSIONS: readonly Permission[] = RESOURCES.flatMap((r) => ACTIONS.map((a) => permissionName(r, a)));

/** True when the string is a permission of the catalogue. */
export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

const all = (resource: Resource): Permission[] => ACTIONS.map((a) => permissionName(resource, a));
const read = (resource: Resource): Permission[] => [
  permissionName(resource, 'view_any'),
  permissionName(resource, 'view'),
];
const write = (resource: Resource): Permission[] => [
  ...read(resource),
  permissionName(resource, 'create'),
  permissionName(resource, 'update'),
];

export const ADMINISTRATOR_ROLE = 'Administrator';

/**
 * The roles a new school starts with and what each one's work needs. Only permissions that are new to a database are
 * granted from here on later starts, so an administrator's own changes to these roles are never undone.
 */
export const DEFAULT_ROLES: Record<string, readonly Permission[]> = {
  [ADMINISTRATOR_ROLE]: PERMISSIONS,
  'Front Office': [
    ...write('demographics'),
    ...write('check_ins'),
    ...all('authorized_pick_ups'),
    ...all('messenger_schedules'),
    ...read('photos'),
    'photos-create',
    'timesheets-view',
    'timesheets-create',
    'timesheets-update',
    // The Scholar Portal's announcements, meetings, classes, calendar and resources.
    ...all('portal_content'),
    // Independent Study Learning Agreements: the office writes them and sends them for signatures.
    ...all('independent_study'),
    // COVID screening at the entrance and Scholar Led Conferences: the office runs both.
    ...all('covid_screenings'),
    ...all('conferences'),
    // The office keeps the scholar records and takes the families' meal applications.
    ...read('meal_eligibility'),
    'meal_eligibility-update',
    // The office keeps the families' guardians and who of them may take a scholar home.
    ...all('guardianships'),
    // The office answers families' questions about what they were told.
    ...read('notices'),
    // The families' absence reports: the office reads them and acknowledges each.
    ...read('absence_reports'),
    'absence_reports-update',
    // The families' dismissal changes: the office confirms or declines each, and reads the day's list.
    ...read('dismissal_changes'),
    'dismissal_changes-update',
    ...read('dismissal'),
  ],
  Cafeteria: [
    ...read('demographics'),
    ...write('nslp_records'),
    'photos-view',
    'timesheets-view',
    'timesheets-create',
    'timesheets-update',
  ],
  // Who files the claim: the meal records, the daily counts by category with the edit check, and eligibility.
  'Food Service Manager': [
    ...read('demographics'),
    ...write('nslp_records'),
    ...read('meal_eligibility'),
    'meal_eligibility-update',
    ...all('meal_service_days'),
    'photos-view',
    'timesheets-view',
    'timesheets-create',
    'timesheets-update',
  ],
  Staff: [
    ...read('demographics'),
    ...read('check_ins'),
    'check_ins-create',
    ...read('messenger_schedules'),
    'photos-view',
    'timesheets-view',
    'timesheets-create',
    'timesheets-update',
    'timesheet_schedules-view',
    ...read('portal_content'),
    // Teachers read the agreements; the supervising teacher countersigns (checked on the server).
    ...read('independent_study'),
    // Staff at the entrance see the day's screening answers and record a negative test; teachers see who signed in.
    ...read('covid_screenings'),
    'covid_screenings-create',
    ...read('conferences'),
    // Teachers and the pick-up line see who goes how today (the day's list, and each scholar's plan at the curb).
    ...read('dismissal'),
  ],
  // Timekeepers also read the conference days, to record a day's sign-ins as the teacher's conference time (P3).
  Timekeeper: [...all('timesheets'), ...all('timesheet_schedules'), ...read('users'), ...read('conferences')],
};

/** The permission that makes someone an administrator: the last holder of it can never lose it (DESIGN section 7). */
export const ADMINISTER_PERMISSION: Permission = 'roles-update';

/**
 * Who may see a scholar's meal eligibility (free, reduced, paid): the office that keeps the records and the food
 * service manager who files the claim. Others (a serving station, a teacher) get rosters and meal records without it:
 * eligibility is confidential (7 CFR 245.6) and is never shown on the serving screen (DESIGN section 7).
 */
export const MEAL_ELIGIBILITY_PERMISSION: Permission = 'meal_eligibility-view';
/** Who may change a scholar's meal eligibility or its effective date. */
export const MEAL_ELIGIBILITY_UPDATE_PERMISSION: Permission = 'meal_eligibility-update';

/**
 * Default roles that came after a school's first start, each with the permission that came with it: the role is made
 * on the start that first meets that permission (a role an administrator deleted later is not brought back).
 */
export const ROLES_ADDED_WITH: Readonly<Record<string, Permission>> = {
  'Food Service Manager': 'meal_eligibility-view',
};
