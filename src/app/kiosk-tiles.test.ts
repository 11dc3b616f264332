import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, PERMISSIONS } from '../contract';
import type { SectionRoute } from './route-table';
import { kioskTiles } from './router';

const page = async () => ({ default: () => null });
const sections: SectionRoute[] = [
  {
    path: '/meals',
    name: 'meals',
    title: 'sections.meals',
    permission: 'nslp_records-create',
    children: [
      { path: '', name: 'meals-add-meal', title: 'a', permission: 'nslp_records-update', load: page },
      { path: 'view-records', name: 'meals-view-records', title: 'b', permission: 'nslp_records-view_any', load: page },
    ],
  },
  {
    path: '/admin',
    name: 'admin',
    title: 'sections.administration',
    children: [{ path: '', name: 'r', title: 'c', permission: 'roles-create', load: page }],
  },
];

describe('kiosk tiles', () => {
  it('lists the sections a person may open, linked to the first page they may open', () => {
    const tiles = kioskTiles(['nslp_records-create', 'nslp_records-view_any'], (k) => `T:${k}`, sections);
    expect(tiles).toEqual([{ href: '/meals/view-records', title: 'T:sections.meals' }]);
  });

  it('leaves out a section made for other user types, once the type is known', () => {
    const portal: SectionRoute = {
      path: '/scholar',
      name: 'scholar',
      title: 'sections.scholarPortal',
      userTypes: ['student', 'parent'],
      children: [{ path: '', name: 'scholar-home', title: 'd', load: page }],
    };
    const all = [...sections, portal];
    expect(kioskTiles(['roles-create'], (k) => k, all, 'staff')).toEqual([
      { href: '/admin', title: 'sections.administration' },
    ]);
    expect(kioskTiles([], (k) => k, all, 'parent')).toEqual([{ href: '/scholar', title: 'sections.scholarPortal' }]);
    expect(kioskTiles([], (k) => k, all)).toEqual([{ href: '/scholar', title: 'sections.scholarPortal' }]);
  });

  it('leads each person to the first administration page they may open', () => {
    const office = DEFAULT_ROLES['Front Office'] ?? [];
    const admin = (permissions: readonly string[]) =>
      kioskTiles(permissions, (k) => k, undefined, 'staff').find((t) => t.title === 'sections.administration');
    expect(admin(office)).toEqual({ href: '/admin/scholars', title: 'sections.administration' });
    expect(admin(PERMISSIONS)).toEqual({ href: '/admin', title: 'sections.administration' });
    expect(admin(['school_settings-update'])).toEqual({ href: '/admin/school', title: 'sections.administration' });
    // A scholar's page is never a tile's target, even for someone who could open it.
    expect(kioskTiles(['demographics-view_any'], (k) => k, undefined, 'staff').map((t) => t.href)).not.toContain(
      '/admin/scholars/:id',
    );
    expect(admin(['timesheets-view', 'demographics-view'])).toBeUndefined();
  });

  it('the real table never offers the Scholar Portal to staff', () => {
    expect(kioskTiles([], (k) => k, undefined, 'staff')).toEqual([]);
  });

  it('is empty for someone who may open nothing', () => {
    expect(kioskTiles([], (k) => k, sections)).toEqual([]);
  });
});
