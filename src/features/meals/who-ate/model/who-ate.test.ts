import { describe, expect, it } from 'vitest';
import { makeRecord, makeScholar } from '../../records/test/fake-meals-server';
import { whoAte } from './who-ate';

const roster = [
  makeScholar('s1', 'Ana', 'Garcia', { grade: '7', homeroom: 'Room 12' }),
  makeScholar('s2', 'Ben', 'Núñez', { grade: '7', homeroom: 'Room 12' }),
  makeScholar('s3', 'Cara', 'Lopez', { grade: '7', homeroom: 'Room 9' }),
  makeScholar('s4', 'Dev', 'Kim', { grade: 'K', homeroom: null }),
  makeScholar('s5', 'Eli', 'Gone', { grade: '7', homeroom: 'Room 12', active: false }),
  makeScholar('s6', 'Fay', 'Left', { grade: '7', homeroom: 'Room 12', active: false }),
];
const none = { grade: '', homeroom: '', search: '' };

describe('whoAte', () => {
  it('groups by grade in school order, then homeroom as people number them, with counts', () => {
    const records = [makeRecord('r1', 's1'), makeRecord('r2', 's4'), makeRecord('r3', 's6')];
    const { groups, counts } = whoAte(roster, records, none);
    expect(groups.map((g) => [g.grade, g.homeroom, g.counts])).toEqual([
      ['K', null, { ate: 1, notAte: 0, total: 1 }],
      ['7', 'Room 9', { ate: 0, notAte: 1, total: 1 }],
      ['7', 'Room 12', { ate: 2, notAte: 1, total: 3 }],
    ]);
    expect(groups[2]?.ate.map((a) => a.scholar.fname)).toEqual(['Ana', 'Fay']);
    expect(groups[2]?.notAte.map((s) => s.fname)).toEqual(['Ben']);
    expect(counts).toEqual({ ate: 3, notAte: 2, total: 5 });
  });

  it('counts a voided meal as not eaten', () => {
    const { counts } = whoAte(roster, [makeRecord('r1', 's1', { voided: true })], none);
    expect(counts.ate).toBe(0);
  });

  it('filters by grade, homeroom and a name without accents', () => {
    expect(whoAte(roster, [], { ...none, grade: 'K' }).counts.total).toBe(1);
    expect(whoAte(roster, [], { ...none, homeroom: 'Room 9' }).groups[0]?.notAte[0]?.fname).toBe('Cara');
    expect(whoAte(roster, [], { ...none, search: 'ben nunez' }).groups[0]?.notAte[0]?.id).toBe('s2');
    expect(whoAte(roster, [], { ...none, search: '10003' }).counts.total).toBe(1);
  });
});
