import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, PERMISSIONS } from '../contract';
import {
  childPages,
  childPath,
  FIXED_ROUTES,
  isForUserType,
  isKnownPath,
  mayOpen,
  mayOpenPath,
  navChildren,
  navFor,
  requiredPermissions,
  SECTIONS,
  type SectionRoute,
} from './route-table';

const meals: SectionRoute = {
  path: '/meals',
  name: 'meals',
  title: 'sections.meals',
  permission: 'nslp_records-create',
  children: [
    { path: '', name: 'meals-add-meal', title: 'x', load: async () => ({ default: () => null }) },
    {
      path: 'view-records',
      name: 'meals-view-records',
      title: 'x',
      permission: 'nslp_records-view_any',
      load: async () => ({ default: () => null }),
    },
  ],
};

describe('route table', () => {
  it("names the routes outside the sections as the specification's seed does, and the setup and password screens", () => {
    expect(FIXED_ROUTES).toEqual({
      login: '/login',
      'scholar-parent-login': '/scholar/parent-login',
      setup: '/setup',
      'forgot-password': '/forgot-password',
      'set-password': '/set-password',
      kiosk: '/',
    });
  });

  it('names only permissions of the catalogue and unique route names', () => {
    const names = new Set<string>();
    for (const s of SECTIONS) {
      for (const p of requiredPermissions(s)) expect(PERMISSIONS).toContain(p);
      for (const c of s.children) {
        for (const p of requiredPermissions(s, c)) expect(PERMISSIONS).toContain(p);
        expect(names.has(c.name)).toBe(false);
        names.add(c.name);
      }
    }
  });

  it('the administration section opens for whoever may open one of its pages, each with its own permission', () => {
    const admin = SECTIONS.find((s) => s.path === '/admin');
    if (!admin) throw new Error('no admin section');
    expect(admin.permission).toBeUndefined();
    expect(admin.children.map((c) => [c.name, childPath(admin, c), c.permission])).toEqual([
      ['admin-roles-permissions', '/admin', 'roles-create'],
      ['admin-users-roles', '/admin/users-roles', 'roles-create'],
      ['admin-school-settings', '/admin/school', 'school_settings-update'],
      ['admin-google-sync', '/admin/google-sync', 'google_sync-view'],
      ['admin-scholars', '/admin/scholars', 'demographics-view_any'],
      ['admin-scholar', '/admin/scholars/:id', 'demographics-view_any'],
      ['admin-guardians', '/admin/guardians', 'guardianships-view_any'],
      ['admin-guardian-new', '/admin/guardians/new', 'guardianships-view_any'],
      ['admin-guardian', '/admin/guardians/:id', 'guardianships-view_any'],
      ['admin-roster-import', '/admin/import', 'roster_imports-create'],
      ['admin-school-year', '/admin/school-year', 'school_settings-update'],
      ['admin-photo-import', '/admin/import/photos', 'roster_imports-create'],
      ['admin-meal-eligibility-import', '/admin/meal-eligibility', 'meal_eligibility-update'],
      ['admin-family-data', '/admin/family-data', 'scholar_data-view_any'],
      ['admin-notices', '/admin/notices', 'notices-view_any'],
    ]);
    expect(admin.namespaces).toEqual([
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
    ]);
    // A scholar's page is reached from the list: not in the navigation, and any id (or `new`) is one of its paths.
    expect(navChildren(admin).map((c) => c.name)).not.toContain('admin-scholar');
    expect(isKnownPath('/admin/scholars/0190a1b2-0000-7000-8000-000000000001')).toBe(true);
    expect(isKnownPath('/admin/scholars/new')).toBe(true);
    expect(isKnownPath('/admin/scholars/a/b')).toBe(false);
  });

  it('the Front Office reaches the Scholars, Guardians and delivery log pages and no other administration page; the administrator all', () => {
    const office = DEFAULT_ROLES['Front Office'] ?? [];
    expect(office).not.toContain('roles-create');
    expect(mayOpenPath('/admin/scholars', office)).toBe(true);
    expect(mayOpenPath('/admin/scholars/new', office)).toBe(true);
    expect(mayOpenPath('/admin/scholars/0190a1b2-0000-7000-8000-000000000001', office)).toBe(true);
    for (const path of [
      '/admin',
      '/admin/users-roles',
      '/admin/school',
      '/admin/google-sync',
      '/admin/import',
      '/admin/school-year',
    ]) {
      expect(mayOpenPath(path, office), path).toBe(false);
    }
    for (const path of ['/admin', '/admin/users-roles', '/admin/school', '/admin/google-sync', '/admin/scholars']) {
      expect(mayOpenPath(path, PERMISSIONS), path).toBe(true);
    }
    // The section's own navigation lists only what each may open, and never a scholar's page.
    const admin = SECTIONS.find((s) => s.path === '/admin');
    if (!admin) throw new Error('no admin section');
    // The office keeps eligibility (meal_eligibility-update), so it reaches the eligibility import as well.
    // It answers families' questions about what they were told, so it reads the delivery log.
    expect(navFor(admin, office).map((c) => c.name)).toEqual([
      'admin-scholars',
      'admin-guardians',
      'admin-meal-eligibility-import',
      'admin-notices',
    ]);
    expect(navFor(admin, PERMISSIONS).map((c) => c.name)).toEqual([
      'admin-roles-permissions',
      'admin-users-roles',
      'admin-school-settings',
      'admin-google-sync',
      'admin-scholars',
      'admin-guardians',
      'admin-roster-import',
      'admin-school-year',
      'admin-photo-import',
      'admin-meal-eligibility-import',
      'admin-family-data',
      'admin-notices',
    ]);
    expect(navFor(admin, ['school_settings-update']).map((c) => c.name)).toEqual([
      'admin-school-settings',
      'admin-school-year',
    ]);
    // Whoever may not read the scholars list does not reach a scholar's page either.
    expect(mayOpenPath('/admin/scholars/new', ['timesheets-view', 'demographics-view'])).toBe(false);
  });

  it('photos from a zip are the Administrator’s; the eligibility import is whoever keeps eligibility', () => {
    const admin = SECTIONS.find((s) => s.path === '/admin') as SectionRoute;
    expect(mayOpenPath('/admin/import/photos', PERMISSIONS)).toBe(true);
    for (const [role, permissions] of Object.entries(DEFAULT_ROLES)) {
      if (role === 'Administrator') continue;
      expect(mayOpenPath('/admin/import/photos', permissions), role).toBe(false);
      expect(mayOpenPath('/admin/meal-eligibility', permissions), role).toBe(
        permissions.includes('meal_eligibility-update'),
      );
    }
    const foodService = DEFAULT_ROLES['Food Service Manager'] ?? [];
    expect(navFor(admin, foodService).map((c) => c.name)).toEqual(['admin-scholars', 'admin-meal-eligibility-import']);
  });

  it('the guardians pages are the front office’s (guardianships-view_any), without the administrator’s roles-create', () => {
    const admin = SECTIONS.find((s) => s.path === '/admin') as SectionRoute;
    const office = DEFAULT_ROLES['Front Office'] ?? [];
    const guardians = admin.children.filter((c) => c.name.startsWith('admin-guardian'));
    expect(guardians.map((c) => c.permission)).toEqual(Array(3).fill('guardianships-view_any'));
    expect(office).not.toContain('roles-create');
    expect(mayOpen(office, admin)).toBe(true);
    for (const child of admin.children) {
      expect(mayOpen(office, admin, child), child.name).toBe(
        /^admin-(guardian|scholar|meal-eligibility-import|notices)/.test(child.name),
      );
    }
    expect(mayOpenPath('/admin/guardians', office)).toBe(true);
    expect(mayOpenPath('/admin/guardians/new', office)).toBe(true);
    // A record's page (a parameter in the path) is a page of the table, so sign-in can return to it.
    const id = '01890000-0000-7000-8000-000000000001';
    expect(isKnownPath(`/admin/guardians/${id}`)).toBe(true);
    expect(mayOpenPath(`/admin/guardians/${id}?tab=scholars`, office)).toBe(true);
    expect(mayOpenPath(`/admin/guardians/${id}`, DEFAULT_ROLES.Staff ?? [])).toBe(false);
    expect(isKnownPath(`/admin/guardians/${id}/more`)).toBe(false);
  });

  it('the sign-out section is check_ins-create with its screens and their permissions, and loads their texts', () => {
    const section = SECTIONS.find((s) => s.path === '/sign-out');
    expect(section).toMatchObject({
      name: 'sign-out',
      title: 'sections.scholarSignOut',
      permission: 'check_ins-create',
    });
    expect(section?.namespaces).toEqual([
      'sign-out',
      'pick-ups',
      'sign-out-records',
      'check-in',
      'scanner',
      'car-line',
    ]);
    expect(
      section?.children.map((c) => [c.name, section && childPath(section, c), c.title, c.permission ?? null]),
    ).toEqual([
      ['sign-out', '/sign-out', 'sections.scholarSignOut', null],
      ['sign-out-scan', '/sign-out/scan', 'sections.scholarSignOutScan', 'check_ins-create'],
      ['sign-out-view-records', '/sign-out/view-records', 'sections.viewRecords', 'check_ins-view_any'],
      ['sign-out-check-in', '/sign-out/check-in', 'sections.checkInOut', 'check_ins-create'],
      [
        'sign-out-add-authorized-pick-ups',
        '/sign-out/add-authorized-pick-ups',
        'sections.addAuthorizedPickUps',
        'authorized_pick_ups-create',
      ],
      [
        'sign-out-edit-authorized-pick-ups',
        '/sign-out/edit-authorized-pick-ups',
        'sections.editAuthorizedPickUps',
        'authorized_pick_ups-update',
      ],
      ['sign-out-badges', '/sign-out/badges', 'sections.badges', null],
      ['sign-out-queue', '/sign-out/queue', 'sections.carLineQueue', 'check_ins-create'],
    ]);
    for (const child of section?.children ?? [])
      expect(isKnownPath(childPath(section as SectionRoute, child))).toBe(true);
  });

  it('the meals section is nslp_records-create with its four screens, and loads their texts', () => {
    const section = SECTIONS.find((s) => s.path === '/meals');
    expect(section).toMatchObject({ name: 'meals', title: 'sections.meals', permission: 'nslp_records-create' });
    expect(section?.namespaces).toEqual(['meals', 'meal-records', 'scanner']);
    expect(
      section?.children.map((c) => [c.name, section && childPath(section, c), c.title, c.permission ?? null]),
    ).toEqual([
      ['meals-add-meal', '/meals', 'sections.enterMeals', null],
      ['meals-add-meal-missing', '/meals/add-meals-missing', 'sections.addMealsMissing', 'nslp_records-view_any'],
      ['meals-view-records', '/meals/view-records', 'sections.viewRecords', 'nslp_records-view_any'],
      ['meals-view-who-ate', '/meals/view-who-ate', 'sections.viewWhoAte', 'nslp_records-view_any'],
    ]);
    expect(isKnownPath('/meals')).toBe(true);
    expect(isKnownPath('/meals/add-meals-missing')).toBe(true);
    expect(isKnownPath('/meals/view-records')).toBe(true);
    expect(isKnownPath('/meals/view-who-ate')).toBe(true);
  });

  it('Independent Study (P3): the staff review under independent_study-view_any, with its texts', () => {
    const section = SECTIONS.find((s) => s.path === '/independent-study') as SectionRoute;
    expect(section).toMatchObject({
      name: 'independent-study',
      title: 'sections.independentStudy',
      permission: 'independent_study-view_any',
      namespaces: ['independent-study', 'exports'],
    });
    expect(section.children.map((c) => [c.name, childPath(section, c)])).toEqual([
      ['independent-study-review', '/independent-study'],
    ]);
    expect(mayOpenPath('/independent-study', DEFAULT_ROLES.Staff ?? [])).toBe(true);
    expect(mayOpenPath('/independent-study', DEFAULT_ROLES.Cafeteria ?? [])).toBe(false);
  });

  it('the dismissal section is dismissal-view_any: the day’s list, and the changes to confirm for the office', () => {
    const section = SECTIONS.find((s) => s.path === '/dismissal') as SectionRoute;
    expect(section).toMatchObject({ name: 'dismissal', permission: 'dismissal-view_any', namespaces: ['dismissal'] });
    expect(section.children.map((c) => [c.name, childPath(section, c), c.title, c.permission ?? null])).toEqual([
      ['dismissal-day', '/dismissal', 'sections.dismissalDay', null],
      ['dismissal-changes', '/dismissal/changes', 'sections.dismissalChanges', 'dismissal_changes-view_any'],
    ]);
    expect(mayOpenPath('/dismissal', ['dismissal-view_any'])).toBe(true);
    expect(mayOpenPath('/dismissal/changes', ['dismissal-view_any'])).toBe(false);
    expect(mayOpenPath('/dismissal/changes', ['dismissal-view_any', 'dismissal_changes-view_any'])).toBe(true);
  });

  it('the Scholar Portal is for scholars and parents, signed in without a permission, in its own layout', () => {
    const section = SECTIONS.find((s) => s.path === '/scholar') as SectionRoute;
    expect(section).toMatchObject({ name: 'scholar', title: 'sections.scholarPortal', layout: 'portal' });
    expect(section.permission).toBeUndefined();
    expect(section.userTypes).toEqual(['student', 'parent']);
    expect(section.namespaces).toEqual([
      'portal',
      'portal-calendar',
      'portal-work',
      'covid-screening',
      'conferences',
      'absence',
      'portal-notifications',
      'dismissal',
      'car-line',
    ]);
    const built = section.children.map((c) => [c.name, childPath(section, c), c.title, c.permission ?? null]);
    // The seed's order (the work, independent study, COVID and conference entries, then the newer ones).
    expect(built).toEqual([
      ['scholar-home', '/scholar', 'sections.home', null],
      ['scholar-this-week', '/scholar/this-week', 'sections.thisWeek', null],
      ['scholar-schedule', '/scholar/schedule', 'sections.schedule', null],
      ['scholar-work', '/scholar/work/:type', 'sections.currentWork', null],
      ['scholar-independent-study', '/scholar/independent-study', 'sections.independentStudy', null],
      ['scholar-conferences', '/scholar/conferences', 'sections.conferences', null],
      ['scholar-resources', '/scholar/resources', 'sections.scholarResources', null],
      ['scholar-calendar', '/scholar/calendar', 'sections.calendar', null],
      ['scholar-library', '/scholar/library', 'sections.library', null],
      ['scholar-covid-screening', '/scholar/covid-screening', 'sections.covidScreening', null],
      ['scholar-arrivals', '/scholar/arrivals', 'sections.arrivals', null],
      ['scholar-check-in', '/scholar/check-in', 'sections.checkIn', null],
      ['scholar-absence', '/scholar/absence', 'sections.absence', null],
      ['scholar-dismissal', '/scholar/dismissal', 'sections.dismissal', null],
      ['scholar-car-line', '/scholar/car-line', 'sections.carLine', null],
      ['scholar-notifications', '/scholar/notifications', 'sections.notifications', null],
    ]);
    for (const child of section.children) {
      for (const page of childPages(section, child)) {
        expect(isKnownPath(page.to)).toBe(true);
        expect(mayOpenPath(page.to, [])).toBe(true);
      }
    }
    // The work lists: one route whose parameter takes five values, each a page with its title.
    const work = section.children.find((c) => c.name === 'scholar-work') as (typeof section.children)[number];
    expect(childPages(section, work)).toEqual([
      { path: 'work/current', to: '/scholar/work/current', title: 'sections.currentWork' },
      { path: 'work/overdue', to: '/scholar/work/overdue', title: 'sections.overdueWork' },
      { path: 'work/missing-autowork', to: '/scholar/work/missing-autowork', title: 'sections.missingAutowork' },
      { path: 'work/completed', to: '/scholar/work/completed', title: 'sections.completedWork' },
      { path: 'work/submissions', to: '/scholar/work/submissions', title: 'sections.showSubmissions' },
    ]);
    expect(isKnownPath('/scholar/work/overdue?children=all')).toBe(true);
    expect(isKnownPath('/scholar/work/:type')).toBe(false);
    expect(isKnownPath('/scholar/work/homework')).toBe(false);
  });

  it('a section for some user types is for them, and for anyone whose type is not known', () => {
    const portal = SECTIONS.find((s) => s.path === '/scholar') as SectionRoute;
    expect(isForUserType(portal, 'student')).toBe(true);
    expect(isForUserType(portal, 'parent')).toBe(true);
    expect(isForUserType(portal, 'staff')).toBe(false);
    expect(isForUserType(portal, null)).toBe(true);
    expect(isForUserType(meals, 'student')).toBe(true);
  });

  it("a child that lists its own permission replaces its section's (child overrides)", () => {
    const [index, records] = meals.children;
    expect(requiredPermissions(meals, index)).toEqual(['nslp_records-create']);
    expect(requiredPermissions(meals, records)).toEqual(['nslp_records-view_any']);
    expect(mayOpen(['nslp_records-create'], meals, index)).toBe(true);
    expect(mayOpen(['nslp_records-create'], meals, records)).toBe(false);
    expect(mayOpen(['nslp_records-view_any'], meals, records)).toBe(true);
    expect(mayOpen(['nslp_records-view_any'], meals, index)).toBe(false);
    // A section opens for whoever may open one of its children.
    expect(mayOpen(['nslp_records-view_any'], meals)).toBe(true);
    expect(mayOpen(['check_ins-create'], meals)).toBe(false);
  });

  it('a role holding only a records permission opens that records page and no other page of the section', () => {
    expect(mayOpenPath('/meals/view-records', ['nslp_records-view_any'])).toBe(true);
    expect(mayOpenPath('/meals', ['nslp_records-view_any'])).toBe(false);
    expect(mayOpenPath('/sign-out/view-records', ['check_ins-view_any'])).toBe(true);
    expect(mayOpenPath('/sign-out', ['check_ins-view_any'])).toBe(false);
    expect(mayOpenPath('/', [])).toBe(true);
    expect(mayOpenPath('/nowhere', ['nslp_records-view_any'])).toBe(false);
  });

  it('knows which paths exist', () => {
    expect(isKnownPath('/')).toBe(true);
    expect(isKnownPath('/login')).toBe(true);
    expect(isKnownPath('/admin/users-roles?page=2')).toBe(true);
    expect(isKnownPath('/admin/')).toBe(true);
    expect(isKnownPath('/meals/view-records', [meals])).toBe(true);
    expect(isKnownPath('/check-in')).toBe(true);
    expect(isKnownPath('/meals', [])).toBe(false);
    expect(isKnownPath('/nowhere')).toBe(false);
  });
});

describe('the portal content section', () => {
  const section = SECTIONS.find((s) => s.path === '/portal-content');

  it('is portal_content-view_any with its six screens, and loads their texts', () => {
    expect(section).toMatchObject({
      name: 'portal-content',
      title: 'sections.portalContent',
      permission: 'portal_content-view_any',
      namespaces: ['portal-content', 'conferences', 'exports'],
    });
    expect(
      section?.children.map((c) => [c.name, section && childPath(section, c), c.title, c.permission ?? null]),
    ).toEqual([
      ['portal-content-announcements', '/portal-content', 'sections.announcements', null],
      ['portal-content-group-meetings', '/portal-content/group-meetings', 'sections.groupMeetings', null],
      ['portal-content-classes', '/portal-content/classes', 'sections.classes', null],
      ['portal-content-calendar-events', '/portal-content/calendar-events', 'sections.calendarEvents', null],
      ['portal-content-resources', '/portal-content/resources', 'sections.resourcesAndLibrary', null],
      ['portal-content-conferences', '/portal-content/conferences', 'sections.conferences', 'conferences-view_any'],
      ['portal-content-settings', '/portal-content/settings', 'sections.portalSettings', 'portal_content-update'],
    ]);
  });

  it('opens the lists to whoever may read portal content, and the settings only to whoever may change it', () => {
    const staff = DEFAULT_ROLES.Staff ?? [];
    const frontOffice = DEFAULT_ROLES['Front Office'] ?? [];
    expect(mayOpenPath('/portal-content/classes', staff)).toBe(true);
    expect(mayOpenPath('/portal-content/settings', staff)).toBe(false);
    expect(mayOpenPath('/portal-content/settings', frontOffice)).toBe(true);
    expect(mayOpenPath('/portal-content', [])).toBe(false);
  });
});
