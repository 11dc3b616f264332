import { describe, expect, it } from 'vitest';
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
    permission: 'roles-create',
    children: [{ path: '', name: 'r', title: 'c', load: page }],
  },
];

describe('kiosk tiles', () => {
  it('lists the sections a person may open, linked to the first page they may open', () => {
    const tiles = kioskTiles(['nslp_records-create', 'nslp_records-view_any'], (k) => `T:${k}`, sections);
    expect(tiles).toEqual([{ href: '/meals/view-records', title: 'T:sections.meals' }]);
  });

  it('is empty for someone who may open nothing', () => {
    expect(kioskTiles([], (k) => k, sections)).toEqual([]);
  });
});
