import { describe, expect, it } from 'vitest';
import { entryOf, forAccount, inSeedOrder, type NavEntry, splitForBottomBar, visibleEntries } from './portal-entries';

const entry = (path: string): NavEntry => ({ path, to: path ? `/scholar/${path}` : '/scholar', title: path || 'home' });
const paths = (list: NavEntry[]) => list.map((e) => e.path);
const ALL = ['', 'this-week', 'schedule', 'resources', 'calendar', 'library', 'arrivals', 'check-in'].map(entry);

describe('portal entries', () => {
  it('shows a guardian Report an absence and a scholar not (they ask a guardian)', () => {
    const entries = ['', 'absence', 'notifications'].map((path) => ({ path, to: `/scholar/${path}`, title: path }));
    expect(forAccount(entries, 'parent').map((e) => e.path)).toEqual(['', 'absence', 'notifications']);
    expect(forAccount(entries, 'student').map((e) => e.path)).toEqual(['', 'notifications']);
  });

  it('shows a guardian Dismissal changes and a scholar not', () => {
    const entries = ['', 'dismissal', 'notifications'].map((path) => ({ path, to: `/scholar/${path}`, title: path }));
    expect(forAccount(entries, 'parent').map((e) => e.path)).toEqual(['', 'dismissal', 'notifications']);
    expect(forAccount(entries, 'student').map((e) => e.path)).toEqual(['', 'notifications']);
  });

  it("knows the school's switchable entries by their path ('' is home)", () => {
    expect(entryOf('')).toBe('home');
    expect(entryOf('check-in')).toBe('check-in');
    expect(entryOf('work/current')).toBeNull();
  });

  it('leaves out what the school switched off and keeps entries it cannot switch off', () => {
    const list = [...ALL, entry('work/current')];
    expect(paths(visibleEntries(list, ['calendar', 'home']))).toEqual([
      'this-week',
      'schedule',
      'work/current',
      'resources',
      'library',
      'arrivals',
      'check-in',
    ]);
  });

  it('puts Home, This Week, Schedule and Calendar in the bottom bar, in order, and the rest in More', () => {
    const { bar, more } = splitForBottomBar(ALL);
    expect(paths(bar)).toEqual(['', 'this-week', 'schedule', 'calendar']);
    expect(paths(more)).toEqual(['resources', 'library', 'arrivals', 'check-in']);
  });

  it('fills the bar with the first others when some of the most used are absent, and needs no More for four', () => {
    const some = visibleEntries(ALL, ['this-week', 'calendar']);
    expect(paths(splitForBottomBar(some).bar)).toEqual(['', 'schedule', 'resources', 'library']);
    const four = ALL.slice(0, 4);
    expect(splitForBottomBar(four)).toEqual({ bar: four, more: [] });
  });

  it("shows the entries in the seed's order, the work lists around Independent Study; others after their neighbour", () => {
    const table = ['', 'this-week', 'schedule', 'work/current', 'work/overdue', 'work/missing-autowork']
      .concat(['work/completed', 'work/submissions', 'independent-study', 'resources', 'calendar', 'new-thing'])
      .concat(['library', 'arrivals', 'check-in'])
      .map(entry);
    expect(paths(inSeedOrder(table))).toEqual([
      '',
      'this-week',
      'schedule',
      'work/current',
      'work/overdue',
      'work/missing-autowork',
      'work/completed',
      'independent-study',
      'work/submissions',
      'resources',
      'calendar',
      'new-thing',
      'library',
      'arrivals',
      'check-in',
    ]);
    expect(paths(visibleEntries(table, ['calendar'])).slice(8, 12)).toEqual([
      'work/submissions',
      'resources',
      'new-thing',
      'library',
    ]);
  });

  it('shows COVID Screening only when the school turned it on (off by default), whatever is switched off', () => {
    const withCovid = [...ALL, entry('covid-screening'), entry('conferences')];
    expect(paths(visibleEntries(withCovid, []))).not.toContain('covid-screening');
    expect(paths(visibleEntries(withCovid, [], { covid_screening: false }))).not.toContain('covid-screening');
    const on = paths(visibleEntries(withCovid, ['library'], { covid_screening: true }));
    expect(on).toContain('covid-screening');
    expect(on).toContain('conferences');
    expect(on).not.toContain('library');
    // In the seed's order: COVID Screening after Library, Scholar Led Conferences before the resources.
    expect(on.indexOf('covid-screening')).toBeGreaterThan(on.indexOf('calendar'));
    expect(on.indexOf('conferences')).toBeLessThan(on.indexOf('resources'));
  });
});
