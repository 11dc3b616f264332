import { describe, expect, it } from 'vitest';
import { ada, babysitter, father, grandmother, mother, pickUp } from '../station/station-fixture';
import { classifyPickUps, datesRefusal } from './pick-up-list';

describe('datesRefusal', () => {
  it('takes both ends of the dates as valid days, and open ends as no limit', () => {
    const adult = { valid_from: '2026-03-02', valid_until: '2026-03-06' };
    expect(datesRefusal(adult, '2026-03-01')).toBe('not_yet');
    expect(datesRefusal(adult, '2026-03-02')).toBeNull();
    expect(datesRefusal(adult, '2026-03-06')).toBeNull();
    expect(datesRefusal(adult, '2026-03-07')).toBe('ended');
    expect(datesRefusal({ valid_from: null, valid_until: null }, '1999-01-01')).toBeNull();
  });
});

describe('classifyPickUps', () => {
  it('offers the authorized adults valid today, warns of refusals whatever their dates, and names the rest', () => {
    const oldOrder = { ...father, valid_until: '2026-01-31' };
    const gone = pickUp({ scholar_id: ada.id, full_name: 'Removed Person', active: false });
    const lists = classifyPickUps([oldOrder, babysitter, gone, grandmother, mother], '2026-03-02');
    expect(lists.offered.map((a) => a.full_name)).toEqual(['Grace Lovelace']);
    expect(lists.refused.map((a) => a.full_name)).toEqual(['George Byron']);
    expect(lists.notToday.map(({ adult, reason }) => [adult.full_name, reason])).toEqual([
      ['Anne Byron', 'ended'],
      ['Mary Somerville', 'not_yet'],
    ]);
    // On her first day the babysitter is offered; the grandmother's last day was the day before.
    expect(classifyPickUps([babysitter, grandmother], '2026-03-09').offered.map((a) => a.full_name)).toEqual([
      'Mary Somerville',
    ]);
    expect(classifyPickUps([grandmother], '2026-03-01').offered).toHaveLength(1);
  });
});
