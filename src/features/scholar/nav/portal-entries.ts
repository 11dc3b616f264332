/**
 * The portal's navigation entries (issue P1 item 1): the built screens as the route table lists them, in the seed's
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

/** The entries to show: those the school did not switch off. */
export function visibleEntries<E extends NavEntry>(entries: readonly E[], off: readonly string[]): E[] {
  return entries.filter((e) => {
    const key = entryOf(e.path);
    return !key || !off.includes(key);
  });
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
