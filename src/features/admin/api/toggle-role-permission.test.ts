import { describe, expect, it } from 'vitest';
import { makeRole } from '../test/fake-admin-server';
import { applyToggle, pendingKey } from './toggle-role-permission';

describe('applyToggle', () => {
  const roles = [makeRole('a', 'A', ['photos-view']), makeRole('b', 'B', ['users-view'])];

  it('grants to one role only, keeping the others as they are', () => {
    const next = applyToggle(roles, { roleId: 'a', permission: 'demographics-view', granted: true });
    expect(next?.[0]?.permissions).toEqual(['demographics-view', 'photos-view']);
    expect(next?.[1]).toBe(roles[1]);
  });

  it('revokes, and undoing a grant gives back the permissions it started with', () => {
    expect(applyToggle(roles, { roleId: 'a', permission: 'photos-view', granted: false })?.[0]?.permissions).toEqual(
      [],
    );
    const granted = applyToggle(roles, { roleId: 'b', permission: 'roles-view', granted: true });
    const undone = applyToggle(granted, { roleId: 'b', permission: 'roles-view', granted: false });
    expect(undone?.[1]?.permissions).toEqual(['users-view']);
  });

  it('grants once even if the permission is already there, and leaves an empty cache alone', () => {
    const next = applyToggle(roles, { roleId: 'a', permission: 'photos-view', granted: true });
    expect(next?.[0]?.permissions).toEqual(['photos-view']);
    expect(applyToggle(undefined, { roleId: 'a', permission: 'photos-view', granted: true })).toBeUndefined();
  });

  it('keys a pending cell by role and permission', () => {
    expect(pendingKey('a', 'photos-view')).not.toBe(pendingKey('b', 'photos-view'));
  });
});
