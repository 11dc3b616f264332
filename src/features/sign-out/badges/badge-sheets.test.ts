import { describe, expect, it } from 'vitest';
import type { DemographicRecord } from '../../../contract';
import { BADGES_PER_SHEET, homeroomsOf, PAPER_LAYOUT, printCss, splitByBadge, toSheets } from './badge-sheets';

const scholar = (id: string, extra: Partial<DemographicRecord> = {}) =>
  ({
    id,
    fname: id,
    lname: 'X',
    nickname: null,
    grade: '3',
    homeroom: 'Room 1',
    badge_code: `B${id}`,
    ...extra,
  }) as DemographicRecord;

describe('badge sheets', () => {
  it('puts eight cards on a sheet, the rest on the next', () => {
    const cards = Array.from({ length: 19 }, (_, i) => i);
    const sheets = toSheets(cards);
    expect(BADGES_PER_SHEET).toBe(8);
    expect(sheets.map((s) => s.length)).toEqual([8, 8, 3]);
    expect(sheets.flat()).toEqual(cards);
    expect(toSheets(cards.slice(0, 16)).map((s) => s.length)).toEqual([8, 8]);
    expect(toSheets([])).toEqual([]);
  });

  it('leaves out scholars without a badge code', () => {
    const { printable, noCode } = splitByBadge([scholar('a'), scholar('b', { badge_code: '' }), scholar('c')]);
    expect(printable.map((s) => s.id)).toEqual(['a', 'c']);
    expect(noCode.map((s) => s.id)).toEqual(['b']);
  });

  it('lists the homerooms of a grade in natural order', () => {
    const roster = [
      scholar('a', { homeroom: 'Room 10' }),
      scholar('b', { homeroom: 'Room 2' }),
      scholar('c', { homeroom: 'Room 2' }),
      scholar('d', { homeroom: 'Room 7', grade: '4' }),
      scholar('e', { homeroom: null }),
    ];
    expect(homeroomsOf(roster, '3')).toEqual(['Room 2', 'Room 10']);
    expect(homeroomsOf(roster)).toEqual(['Room 2', 'Room 7', 'Room 10']);
  });

  it('sets the paper size and a 2 × 4 grid that fits inside the margins', () => {
    expect(printCss('letter', '[x]')).toContain('@page { size: letter; margin: 0.5in; }');
    expect(printCss('a4', '[x]')).toContain('@page { size: A4; margin: 10mm; }');
    expect(printCss('a4', '[x]')).toContain(
      'grid-template-columns: repeat(2, 95mm); grid-template-rows: repeat(4, 69mm);',
    );
    const inches = (v: string) => Number.parseFloat(v) * (v.endsWith('mm') ? 1 / 25.4 : 1);
    for (const p of Object.values(PAPER_LAYOUT)) {
      expect(2 * inches(p.cardWidth) + 2 * inches(p.margin)).toBeLessThanOrEqual(inches(p.width) + 1e-9);
      expect(4 * inches(p.cardHeight) + 2 * inches(p.margin)).toBeLessThanOrEqual(inches(p.height) + 1e-9);
    }
  });
});
