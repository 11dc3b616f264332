import { describe, expect, it } from 'vitest';
import { decide, type GuardInput, isScholarHost } from './guard';
import { mayOpenPath, requiredPermissions, SECTIONS, type SectionRoute } from './route-table';

const base: GuardInput = {
  url: '/admin/users-roles?page=2',
  requiresAuth: true,
  permissions: ['roles-create'],
  session: { loggedIn: true, permissions: ['roles-create'], userType: 'staff' },
  hostname: 'school.example.org',
  mayOpenPath: () => true,
};

describe('route guard', () => {
  it('lets anyone open a public route', () => {
    expect(decide({ ...base, requiresAuth: false, session: { ...base.session, loggedIn: false } })).toEqual({
      type: 'allow',
    });
  });

  it('waits while the sign-in state is unknown', () => {
    expect(decide({ ...base, session: { ...base.session, loggedIn: null } })).toEqual({ type: 'wait' });
  });

  it('sends a signed-out person to /login remembering the whole path as the return URL', () => {
    expect(decide({ ...base, session: { loggedIn: false, permissions: [], userType: null } })).toEqual({
      type: 'login',
      returnUrl: '/admin/users-roles?page=2',
    });
  });

  it('refuses a person who lacks any listed permission', () => {
    expect(decide({ ...base, permissions: ['roles-create', 'users-view_any'] })).toEqual({ type: 'forbidden' });
    expect(decide({ ...base, session: { ...base.session, permissions: ['nslp_records-create'] } })).toEqual({
      type: 'forbidden',
    });
  });

  it('allows a person holding every listed permission', () => {
    expect(decide(base)).toEqual({ type: 'allow' });
  });

  it('on the scholar sub-domain sends staff from / to /check-in and scholars and parents to /scholar', () => {
    const home = { ...base, url: '/', permissions: [], hostname: 'scholar.school.example.org' };
    expect(decide(home)).toEqual({ type: 'redirect', to: '/check-in' });
    expect(decide({ ...home, session: { ...home.session, userType: 'student' } })).toEqual({
      type: 'redirect',
      to: '/scholar',
    });
    expect(decide({ ...home, session: { ...home.session, userType: 'parent' } })).toEqual({
      type: 'redirect',
      to: '/scholar',
    });
    expect(decide({ ...home, url: '/admin' })).toEqual({ type: 'allow' });
    expect(decide({ ...home, hostname: 'www.school.example.org' })).toEqual({ type: 'allow' });
  });

  it('never redirects to a page that is not in the route table or that the person may not open', () => {
    const home = { ...base, url: '/', permissions: [], hostname: 'scholar.localhost', mayOpenPath: () => false };
    expect(decide(home)).toEqual({ type: 'allow' });
  });

  it('keeps a staff member who may not open Arrivals on the kiosk home of the scholar host (no loop)', () => {
    const permissions = ['nslp_records-create'];
    const input = (url: string, required: string[]) => ({
      ...base,
      url,
      permissions: required,
      hostname: 'scholar.school.example.org',
      session: { ...base.session, permissions },
      mayOpenPath: (path: string) => mayOpenPath(path, permissions),
    });
    expect(decide(input('/', []))).toEqual({ type: 'allow' });
    const arrivals = SECTIONS.find((s) => s.path === '/check-in') as SectionRoute;
    expect(decide(input('/check-in', requiredPermissions(arrivals, arrivals.children[0])))).toEqual({
      type: 'forbidden',
    });
  });

  it('sends a scholar on the scholar host to the Scholar Portal, which the route table opens without a permission', () => {
    const input = {
      ...base,
      url: '/',
      permissions: [],
      hostname: 'scholar.school.example.org',
      session: { loggedIn: true, permissions: [], userType: 'student' as const },
      mayOpenPath: (path: string) => mayOpenPath(path, []),
    };
    expect(decide(input)).toEqual({ type: 'redirect', to: '/scholar' });
    const portal = SECTIONS.find((s) => s.path === '/scholar') as SectionRoute;
    expect(decide({ ...input, url: '/scholar', permissions: requiredPermissions(portal, portal.children[0]) })).toEqual(
      {
        type: 'allow',
      },
    );
  });

  it('recognises scholar hosts', () => {
    expect(isScholarHost('scholar.localhost')).toBe(true);
    expect(isScholarHost('SCHOLAR.school.org')).toBe(true);
    expect(isScholarHost('scholars.school.org')).toBe(false);
    expect(isScholarHost('localhost')).toBe(false);
  });
});
