import { describe, expect, it } from 'vitest';
import type { RoleRecord } from '../../../contract/roles';
import {
  changeCount,
  inverse,
  isChanged,
  isGranted,
  NO_CHANGES,
  summarize,
  withChange,
  withoutSaved,
} from './permission-changes';

const role = (id: string, permissions: string[]) =>
  ({ id, name: id, permissions, user_count: 0, description: null }) as unknown as RoleRecord;
const office = role('office', ['check_ins-create', 'demographics-view']);
const cafeteria = role('cafeteria', ['nslp_records-create']);

describe('permission changes', () => {
  it('marks a tick as a change until it is brought back', () => {
    let changes = withChange(NO_CHANGES, office, 'roles-create', true);
    expect(isGranted(changes, office, 'roles-create')).toBe(true);
    expect(isChanged(changes, 'office', 'roles-create')).toBe(true);
    expect(changeCount(changes)).toBe(1);
    changes = withChange(changes, office, 'roles-create', false);
    expect(changeCount(changes)).toBe(0);
    expect(changes.size).toBe(0);
  });

  it('summarises per role what it gains and loses, and the undo is the other way round', () => {
    let changes = withChange(NO_CHANGES, office, 'roles-create', true);
    changes = withChange(changes, office, 'check_ins-create', false);
    changes = withChange(changes, cafeteria, 'photos-view', true);
    const summary = summarize([office, cafeteria], changes);
    expect(summary.map((c) => [c.role.id, c.grant, c.revoke])).toEqual([
      ['office', ['roles-create'], ['check_ins-create']],
      ['cafeteria', ['photos-view'], []],
    ]);
    expect(inverse(summary).map((c) => [c.role.id, c.grant, c.revoke])).toEqual([
      ['office', ['check_ins-create'], ['roles-create']],
      ['cafeteria', [], ['photos-view']],
    ]);
  });

  it('keeps only what a save did not cover', () => {
    let changes = withChange(NO_CHANGES, office, 'roles-create', true);
    changes = withChange(changes, cafeteria, 'photos-view', true);
    const [officeChange, cafeteriaChange] = summarize([office, cafeteria], changes);
    const rest = withoutSaved(changes, officeChange ? [officeChange] : []);
    expect(changeCount(rest)).toBe(1);
    expect(isChanged(rest, 'office', 'roles-create')).toBe(false);
    expect(isChanged(rest, 'cafeteria', 'photos-view')).toBe(true);
    expect(changeCount(withoutSaved(rest, cafeteriaChange ? [cafeteriaChange] : []))).toBe(0);
  });
});
