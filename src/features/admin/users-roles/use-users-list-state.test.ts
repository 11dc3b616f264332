import { describe, expect, it } from 'vitest';
import {
  readUsersListState,
  toUsersListParams,
  USERS_LIST_DEFAULTS,
  writeUsersListState,
} from './use-users-list-state';

describe('users list state in the URL', () => {
  it('reads what the URL says and falls back to the defaults for what the screen cannot use', () => {
    const state = readUsersListState(
      new URLSearchParams('search=ana&type=student&role=r1&status=deactivated&sort=-email&page=3&per_page=50'),
    );
    expect(state).toEqual({
      search: 'ana',
      type: 'student',
      roleId: 'r1',
      status: 'deactivated',
      sort: '-email',
      page: 3,
      perPage: 50,
    });
    const odd = readUsersListState(new URLSearchParams('type=admin&status=gone&sort=password&page=-2&per_page=9999'));
    expect(odd).toEqual(USERS_LIST_DEFAULTS);
  });

  it('writes only what differs from the defaults, and reads it back the same', () => {
    expect(writeUsersListState(USERS_LIST_DEFAULTS).toString()).toBe('');
    const state = { ...USERS_LIST_DEFAULTS, search: 'kim lee', page: 2, sort: 'email' };
    const written = writeUsersListState(state);
    expect(written.toString()).toBe('search=kim+lee&sort=email&page=2');
    expect(readUsersListState(written)).toEqual(state);
  });

  it('turns the state into the API list parameters, 25 per page by default', () => {
    expect(toUsersListParams({ ...USERS_LIST_DEFAULTS, search: '  ana ', type: 'staff' })).toEqual({
      search: 'ana',
      sort: 'lname',
      page: 1,
      per_page: 25,
      filter: { type: 'staff', role_id: undefined, active: undefined },
    });
    expect(toUsersListParams({ ...USERS_LIST_DEFAULTS, status: 'deactivated' }).filter).toEqual({
      type: undefined,
      role_id: undefined,
      active: 'false',
    });
    expect(toUsersListParams({ ...USERS_LIST_DEFAULTS, status: 'active' }).filter?.active).toBe('true');
  });
});
