import { describe, expect, it } from 'vitest';
import { listSearchParams, toFormData } from './resource';

describe('listSearchParams', () => {
  it('writes filters as filter[field] and skips empty values', () => {
    const q = listSearchParams({
      search: ' ana ',
      sort: '-lname',
      page: 2,
      per_page: 25,
      filter: { grade: '5', homeroom: '' },
    });
    expect(q.toString()).toBe('search=ana&sort=-lname&page=2&per_page=25&filter%5Bgrade%5D=5');
  });
});

describe('toFormData', () => {
  it('adds _method, repeats arrays as name[] and keeps files', () => {
    const file = new Blob(['x'], { type: 'image/png' });
    const form = toFormData({ name: 'A', role_ids: ['1', '2'], photo: file, gone: undefined, cleared: null }, 'PATCH');
    expect(form.get('_method')).toBe('PATCH');
    expect(form.getAll('role_ids[]')).toEqual(['1', '2']);
    expect(form.get('photo')).toBeInstanceOf(Blob);
    expect(form.has('gone')).toBe(false);
    expect(form.get('cleared')).toBe('');
  });
});
