import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DemographicRecord } from '../../contract';
import { scholar } from '../../offline/test/fakes';
import { buildRosterIndex, findByBadge, matchingIds, normalizeText, searchRoster } from './roster-search';

const roster: DemographicRecord[] = [
  scholar({ fname: 'María', lname: 'García', student_number: '20451', badge_code: 'K7QX2M9RT4HB' }),
  scholar({ fname: 'José', lname: 'Núñez', student_number: '10452', badge_code: 'P3WZ8N6VC1DA' }),
  scholar({ fname: 'Marcus', lname: 'Garvey', student_number: '30001', badge_code: 'A1' }),
  scholar({ fname: 'Ana', lname: "O'Brien-Smith", nickname: 'Annie', student_number: '45100', badge_code: 'A2' }),
  scholar({ fname: 'Gabriel', lname: 'Alvarez', student_number: '20452', badge_code: 'A3' }),
  scholar({ fname: 'Old', lname: 'Record', student_number: '99999', badge_code: 'A4', active: false }),
];
const index = buildRosterIndex(roster);
const names = (query: string) => searchRoster(index, query).scholars.map((s) => `${s.fname} ${s.lname}`);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('normalizeText', () => {
  it('drops accents, case, apostrophes and hyphens', () => {
    expect(normalizeText('  García  NÚÑEZ ')).toBe('garcia nunez');
    expect(normalizeText("O'Brien-Smith")).toBe('obrien smith');
  });
});

describe('searchRoster', () => {
  it('finds names without their accents and with them', () => {
    expect(names('garcia')).toEqual(['María García']);
    expect(names('García')).toEqual(['María García']);
    expect(names('NUNEZ')).toEqual(['José Núñez']);
    expect(names('jose nun')).toEqual(['José Núñez']);
  });

  it('finds by part of a name, nickname, or hyphenated or apostrophe name', () => {
    expect(names('annie')).toEqual(["Ana O'Brien-Smith"]);
    expect(names('obrien')).toEqual(["Ana O'Brien-Smith"]);
    expect(names('smith')).toEqual(["Ana O'Brien-Smith"]);
    expect(names('zzz')).toEqual([]);
    // Only the name the station shows: Ana goes by Annie, so 'ana' finds nobody shown as Ana.
    expect(names('ana')).toEqual([]);
    expect(names('annie obrien')).toEqual(["Ana O'Brien-Smith"]);
    expect(searchRoster(index, '   ').total).toBe(0);
  });

  it('finds by student number, the exact number first', () => {
    expect(names('20452')).toEqual(['Gabriel Alvarez']);
    expect(names('2045')).toEqual(['Gabriel Alvarez', 'María García']);
    expect(names('452')).toEqual(['Gabriel Alvarez', 'José Núñez']);
  });

  it('puts word starts before matches inside words, each group in name order', () => {
    // 'mar' starts María and Marcus; it is inside no other name here.
    expect(names('mar')).toEqual(['María García', 'Marcus Garvey']);
    // 'ar' starts no word: inside García, Garvey, Alvarez, María, Marcus, in last-name order.
    expect(names('ar')).toEqual(['Gabriel Alvarez', 'María García', 'Marcus Garvey']);
    expect(names('ga')).toEqual(['Gabriel Alvarez', 'María García', 'Marcus Garvey']);
  });

  it('leaves out inactive scholars and limits the list while counting every match', () => {
    expect(names('99999')).toEqual([]);
    const result = searchRoster(index, 'a', 2);
    expect(result.scholars).toHaveLength(2);
    expect(result.total).toBe(4);
    expect(matchingIds(index, 'gar').size).toBe(2);
  });

  it('finds a badge code exactly, whatever its case, and only exactly', () => {
    expect(findByBadge(index, 'K7QX2M9RT4HB')?.fname).toBe('María');
    expect(findByBadge(index, ' k7qx2m9rt4hb ')?.fname).toBe('María');
    expect(findByBadge(index, 'K7QX2M9RT4H')).toBeUndefined();
    expect(findByBadge(index, 'A4')).toBeUndefined();
    expect(findByBadge(index, '')).toBeUndefined();
  });

  it('does the per-scholar work once per roster, not once per keystroke', () => {
    const big = Array.from({ length: 5000 }, (_, i) =>
      scholar({ fname: `Nombre${i}`, lname: i % 7 === 0 ? 'Álvarez' : `Apellido${i}`, student_number: String(i) }),
    );
    const bigIndex = buildRosterIndex(big);
    const normalize = vi.spyOn(String.prototype, 'normalize');
    const result = searchRoster(bigIndex, 'alvarez');
    // Only the query itself is normalised during a search.
    expect(normalize).toHaveBeenCalledTimes(1);
    expect(result.total).toBe(Math.ceil(5000 / 7));
    expect(searchRoster(bigIndex, '4999').scholars[0]?.fname).toBe('Nombre4999');
  });
});
