import { describe, expect, it } from 'vitest';
import { workAnswer, workItem } from '../test/work-fixture';
import { searchWork, shownWork } from './shown-work';

// Friday 27 November 2026, 6 PM in Los Angeles: the kept answer's moment.
const KEPT = Date.UTC(2026, 10, 28, 2, 0);

describe('what a work list shows', () => {
  const dueTonight = workItem({ title: 'Fractions', due_at: '2026-11-28T07:59:00Z', due_date: '2026-11-27' });
  const dueMonday = workItem({ title: 'Essay', due_at: null, due_date: '2026-11-30' });
  const current = workAnswer('current', [dueTonight, dueMonday]);

  it("online: the server's items as it classified them, around its today", () => {
    const shown = shownWork(current, 'current', false, Date.UTC(2026, 11, 5));
    expect(shown).toEqual({ items: [dueTonight, dueMonday], today: '2026-11-27', timeZone: 'America/Los_Angeles' });
  });

  it("from the device: classified again on the device's clock; work that fell due leaves Current Work", () => {
    expect(shownWork(current, 'current', true, KEPT).items).toEqual([dueTonight, dueMonday]);
    // Saturday morning in Los Angeles: Friday's 11:59 PM has passed, Monday's work is still current.
    const saturday = shownWork(current, 'current', true, Date.UTC(2026, 10, 28, 17, 0));
    expect(saturday.items).toEqual([dueMonday]);
    expect(saturday.today).toBe('2026-11-28');
  });

  it('searches titles and courses, every word, without regard to case or accents', () => {
    const items = [
      workItem({ title: 'Ecuaciones lineales', course_name: 'Matemáticas' }),
      workItem({ title: 'Reading log', course_name: 'English Language Arts' }),
    ];
    expect(searchWork(items, '  ').map((i) => i.title)).toEqual(['Ecuaciones lineales', 'Reading log']);
    expect(searchWork(items, 'matematicas ECUA').map((i) => i.title)).toEqual(['Ecuaciones lineales']);
    expect(searchWork(items, 'log english').map((i) => i.title)).toEqual(['Reading log']);
    expect(searchWork(items, 'log math')).toEqual([]);
  });
});
