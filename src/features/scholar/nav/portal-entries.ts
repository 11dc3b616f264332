/**
 * The portal's navigation entries: the built screens as the route table lists them, in the seed's
 * order, less those the school switched off; on a phone the four most used go in the bottom bar and the rest behind
 * "More". An entry that is not built is not in the route table, so it is never here: no dead links.
 */
import { PORTAL_ENTRIES, type PortalEntry } from '../../../contract/portal-constants';

/** One entry as the app hands it over from the route table. */
export interface NavEntry {
  /** The child path under /scholar ('' is Home). */
  path: string;
  /** The full path to link to. */
  to: string;
  /** The translated title. */
  title: string;
}

/** The entries the bottom bar shows first when they are there: the ones families open most. */
export const MOST_USED: readonly PortalEntry[] = ['home', 'this-week', 'schedule', 'calendar'];

/** How many entries fit in the bottom bar beside "More" on a 360 px phone. */
export const BOTTOM_BAR_SIZE = 4;

/** The switchable entry a child path is ('' is Home), or null for one a school cannot switch off. */
export function entryOf(path: string): PortalEntry | null {
  const key = path === '' ? 'home' : path;
  return (PORTAL_ENTRIES as readonly string[]).includes(key) ? (key as PortalEntry) : null;
}

/**
 * The seed's navigation order, by child path: the work lists are one route (/scholar/work/:type) whose five entries
 * sit around Independent Study.
 */
export const SEED_ORDER: readonly string[] = [
  '',
  'this-week',
  'schedule',
  'work/current',
  'work/overdue',
  'work/missing-autowork',
  'work/completed',
  'independent-study',
  'work/submissions',
  'conferences',
  'resources',
  'calendar',
  'library',
  'covid-screening',
  'arrivals',
  'check-in',
];

/** The entries in the seed's order; an entry it does not name stays right after the entry before it in the table. */
export function inSeedOrder<E extends NavEntry>(entries: readonly E[]): E[] {
  let rank = -1;
  const ranked = entries.map((e, i) => {
    const known = SEED_ORDER.indexOf(e.path);
    rank = known >= 0 ? known : rank + 0.001;
    return { e, rank, i };
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.i - b.i).map((r) => r.e);
}

/**
 * The entries a school switches on (COVID Screening is off by default), by child path, with the
 * portal setting that turns each on.
 */
export const OPT_IN_ENTRIES = { 'covid-screening': 'covid_screening' } as const;
type OptInSetting = (typeof OPT_IN_ENTRIES)[keyof typeof OPT_IN_ENTRIES];

/** The entries to show, in the seed's order: those the school did not switch off, and the opt-in ones it turned on. */
export function visibleEntries<E extends NavEntry>(
  entries: readonly E[],
  off: readonly string[],
  on: Partial<Record<OptInSetting, boolean | undefined>> = {},
): E[] {
  return inSeedOrder(entries).filter((e) => {
    const optIn = Object.hasOwn(OPT_IN_ENTRIES, e.path) ? OPT_IN_ENTRIES[e.path as keyof typeof OPT_IN_ENTRIES] : null;
    if (optIn) return on[optIn] === true;
    const key = entryOf(e.path);
    return !key || !off.includes(key);
  });
}

/** The entries only a guardian acts on: a scholar's own account is not shown them (the screen itself says so too). */
export const GUARDIAN_ENTRIES: readonly string[] = ['absence', 'dismissal', 'car-line'];

/** The entries for this kind of account: all of them for a parent, less the guardians' own for a scholar. */
export function forAccount<E extends NavEntry>(entries: readonly E[], userType: string | null | undefined): E[] {
  return userType === 'student' ? entries.filter((e) => !GUARDIAN_ENTRIES.includes(e.path)) : [...entries];
}

/**
 * The bottom bar's entries (the most used that are there, filled up with the first others) and the rest, for
 * "More"; both keep the entries' order.
 */
export function splitForBottomBar<E extends NavEntry>(entries: readonly E[]): { bar: E[]; more: E[] } {
  const preferred = entries.filter((e) => {
    const key = entryOf(e.path);
    return key !== null && MOST_USED.includes(key);
  });
  const chosen = new Set([...preferred, ...entries.filter((e) => !preferred.includes(e))].slice(0, BOTTOM_BAR_SIZE));
  return { bar: entries.filter((e) => chosen.has(e)), more: entries.filter((e) => !chosen.has(e)) };
}
