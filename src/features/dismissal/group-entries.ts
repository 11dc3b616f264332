/**
 * The day's dismissal list as the screen and the print show it: filtered by a search (name or homeroom), grouped by
 * plan (walkers and buses first, as they leave first: the contract's PLAN_ORDER) or by homeroom, names in order.
 */
import { type DismissalEntry, PLAN_ORDER } from '../../contract';

export type GroupBy = 'plan' | 'homeroom';

export interface EntryGroup {
  key: string;
  entries: DismissalEntry[];
}

/** Whether an entry matches the search text (case and accents aside). */
export function matches(entry: DismissalEntry, search: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const text = fold(search.trim());
  if (!text) return true;
  return fold(`${entry.name} ${entry.homeroom ?? ''}`).includes(text);
}

/** The groups, in the order the list shows them. */
export function groupEntries(entries: readonly DismissalEntry[], by: GroupBy, search: string): EntryGroup[] {
  const shown = entries.filter((e) => matches(e, search));
  const groups = new Map<string, DismissalEntry[]>();
  for (const e of shown) {
    const key = by === 'plan' ? e.plan : (e.homeroom ?? '');
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const keys = [...groups.keys()].sort((a, b) =>
    by === 'plan'
      ? PLAN_ORDER.indexOf(a as never) - PLAN_ORDER.indexOf(b as never)
      : // A scholar without a homeroom comes last.
        (a === '' ? 1 : 0) - (b === '' ? 1 : 0) || a.localeCompare(b, undefined, { numeric: true }),
  );
  return keys.map((key) => ({
    key,
    entries: (groups.get(key) ?? []).sort((x, y) => x.name.localeCompare(y.name)),
  }));
}
