import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getToken, setToken } from '../../api/client';
import type { SessionUser } from '../../contract';
import { createSessionStore, RETURN_URL_KEY, USER_KEY } from './session';

const user: SessionUser = {
  id: 'u1',
  email: 'office@demo.school',
  nickname: null,
  fname: 'Olivia',
  lname: 'Office',
  type: 'staff',
  user_number: null,
  start_date: null,
  grade: null,
  program: 'Secondary',
  permissions: ['demographics-view_any'],
};

function make(check: () => Promise<SessionUser>) {
  return createSessionStore({ check, logout: vi.fn(async () => ({})), storage: localStorage });
}

beforeEach(() => localStorage.clear());

describe('session store', () => {
  it('starts unknown and is signed out without a token', async () => {
    const s = make(async () => user);
    expect(s.getState().loggedIn).toBeNull();
    await s.check();
    expect(s.getState().loggedIn).toBe(false);
  });

  it('starts signed in as the kept user when a token is kept, before the server answers', async () => {
    setToken('t'.repeat(43));
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    let answer: (u: SessionUser) => void = () => undefined;
    const s = make(() => new Promise<SessionUser>((resolve) => (answer = resolve)));
    expect(s.getState()).toMatchObject({ loggedIn: true, user: { id: 'u1' }, permissions: user.permissions });
    const listener = vi.fn();
    s.subscribe(listener);
    const checked = s.check();
    // The same person answers: nothing changes, nothing renders again.
    answer(user);
    await checked;
    expect(listener).not.toHaveBeenCalled();
    // Other permissions since: the server's answer replaces the kept ones.
    const changed = { ...user, permissions: ['timesheets-view'] };
    const again = s.check();
    answer(changed);
    await again;
    expect(s.getState().permissions).toEqual(['timesheets-view']);
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null').permissions).toEqual(['timesheets-view']);
  });

  it('starts unknown with a token but no kept user (or an unreadable one), and signs out on a 401 from a kept one', async () => {
    setToken('t'.repeat(43));
    localStorage.setItem(USER_KEY, '{"id":');
    expect(make(async () => user).getState().loggedIn).toBeNull();
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    const s = make(async () => {
      throw new ApiError('Please sign in.', 401);
    });
    expect(s.getState().loggedIn).toBe(true);
    await s.check();
    expect(s.getState()).toEqual({ loggedIn: false, user: null, permissions: [] });
  });

  it('signs in from a successful check and caches the user', async () => {
    setToken('t'.repeat(43));
    const s = make(async () => user);
    await s.check();
    expect(s.getState()).toMatchObject({ loggedIn: true, permissions: user.permissions });
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null').email).toBe(user.email);
  });

  it('keeps the cached user when the check fails for the network', async () => {
    setToken('t'.repeat(43));
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    localStorage.setItem(RETURN_URL_KEY, '/admin');
    const s = make(async () => {
      throw new ApiError('offline', 0);
    });
    await s.check();
    expect(s.getState()).toMatchObject({ loggedIn: true, user: { email: user.email } });
    expect(getToken()).not.toBeNull();
    expect(localStorage.getItem(RETURN_URL_KEY)).toBe('/admin');
  });

  it('keeps the cached user on a server error too; only 401 signs out', async () => {
    setToken('t'.repeat(43));
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    const s = make(async () => {
      throw new ApiError('Server Error', 503);
    });
    await s.check();
    expect(s.getState().loggedIn).toBe(true);
  });

  it('clears user, permissions, token and return URL on 401', async () => {
    setToken('t'.repeat(43));
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    localStorage.setItem(RETURN_URL_KEY, '/admin');
    const s = make(async () => {
      throw new ApiError('Please sign in.', 401);
    });
    await s.check();
    expect(s.getState()).toEqual({ loggedIn: false, user: null, permissions: [] });
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(localStorage.getItem(RETURN_URL_KEY)).toBeNull();
  });

  it('is signed out offline when nothing is cached, but keeps the token', async () => {
    setToken('t'.repeat(43));
    const s = make(async () => {
      throw new ApiError('offline', 0);
    });
    await s.check();
    expect(s.getState().loggedIn).toBe(false);
    expect(getToken()).not.toBeNull();
  });

  it('signs in, remembers and hands out the return URL once, and signs out', async () => {
    const s = make(async () => user);
    const seen: (boolean | null)[] = [];
    s.subscribe(() => seen.push(s.getState().loggedIn));
    s.signIn('tok'.repeat(15), user);
    expect(getToken()).toBe('tok'.repeat(15));
    s.setReturnUrl('/admin/users-roles?page=2');
    expect(s.takeReturnUrl()).toBe('/admin/users-roles?page=2');
    expect(s.takeReturnUrl()).toBeNull();
    await s.signOut();
    expect(getToken()).toBeNull();
    expect(seen).toEqual([true, false]);
  });
});
