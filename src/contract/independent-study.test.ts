import { describe, expect, it } from 'vitest';
import {
  agreementDeadline,
  countSchoolDays,
  fillTemplate,
  POLICY_DEFAULTS,
  renderSections,
  SECTION_KEYS,
} from './independent-study';

describe('school days and the deadline (EC 51747: signed before the first day from 15 school days)', () => {
  const none = new Set<string>();

  it('counts weekdays, not weekends or closed days', () => {
    // Monday 4 January 2027 to Friday 15 January: ten weekdays.
    expect(countSchoolDays('2027-01-04', '2027-01-15', none)).toBe(10);
    expect(countSchoolDays('2027-01-04', '2027-01-15', new Set(['2027-01-11', '2027-01-09']))).toBe(9);
    expect(countSchoolDays('2027-01-09', '2027-01-10', none)).toBe(0);
  });

  it('15 or more school days: the first day is the deadline; 14: none', () => {
    // Monday 4 January to Friday 22 January: 15 weekdays; to Thursday 21 January: 14.
    expect(agreementDeadline('2027-01-04', '2027-01-22', none, 'draft', '2026-12-01')).toEqual({
      school_days: 15,
      deadline: '2027-01-04',
      overdue: false,
    });
    expect(agreementDeadline('2027-01-04', '2027-01-21', none, 'draft', '2026-12-01').deadline).toBeNull();
    expect(
      agreementDeadline('2027-01-04', '2027-01-22', new Set(['2027-01-18']), 'draft', '2026-12-01').deadline,
    ).toBeNull();
  });

  it('overdue once the first day comes unsigned; a signed agreement never is', () => {
    expect(agreementDeadline('2027-01-04', '2027-01-29', none, 'awaiting_parent', '2027-01-04').overdue).toBe(true);
    expect(agreementDeadline('2027-01-04', '2027-01-29', none, 'awaiting_parent', '2027-01-03').overdue).toBe(false);
    expect(agreementDeadline('2027-01-04', '2027-01-29', none, 'signed', '2027-02-01').overdue).toBe(false);
  });
});

describe("the agreement's sections", () => {
  it("are numbered 1 to 15 in the seed's order, with the policy's numbers filled in", () => {
    const sections = renderSections({ ...POLICY_DEFAULTS });
    expect(sections.map((s) => s.key)).toEqual([...SECTION_KEYS]);
    expect(sections.map((s) => s.number)).toEqual(SECTION_KEYS.map((_, i) => i + 1));
    const text = sections.map((s) => s.body).join('\n');
    expect(text).not.toMatch(/\{\{/);
    for (const phrase of [
      'No more than 20 school days',
      'misses 10 assignments',
      'kept for 3 years',
      'more than 3 school days, or 60 percent',
      'within 1 school day',
      'at least 2 times each school year',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('leave an unknown name as it is', () => {
    expect(fillTemplate('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
  });
});
