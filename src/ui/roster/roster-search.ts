/**
 * Finding a scholar at a station (the entrance kiosk, the cafeteria line) from the local roster, offline too: by
 * part of a name or of a student number, accent-insensitive ('garcia' finds 'García'), and by the exact badge code a
 * scanner types.
 *
 * DESIGN section 8 budgets a search at 16 ms p95 over 5,000 scholars. The work that does not depend on the query
 * (normalising names, sorting by name, the badge map) is done once per roster change by `buildRosterIndex`; a
 * keystroke then only runs `String.includes` over precomputed keys, one pass, no sorting: matches are put in rank
 * buckets, and each bucket is already in name order because the index is.
 */
import type { DemographicRecord } from '../../contract';
import { scholarName } from './scholar-name';

/** Lower case, accents and apostrophes removed, hyphens and runs of spaces made one space. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`.]/g, '')
    .replace(/[\s\-_,]+/g, ' ')
    .trim();
}

/** A badge code as the map keys it: scanners with Caps Lock on type lower case. */
const badgeKey = (code: string) => code.trim().toUpperCase();

interface IndexEntry {
  scholar: DemographicRecord;
  /**
   * The name the station shows (the preferred first name and the surname, scholar-name.ts) normalised, with a
   * leading space so ' ' + token finds the start of a word: a legal first name the screen does not show finds nobody,
   * so what a search finds always reads as what was typed.
   */
  names: string;
  number: string;
}

/** The roster prepared for searching; build it once per roster change. */
export interface RosterIndex {
  readonly entries: readonly IndexEntry[];
  readonly byBadge: ReadonlyMap<string, DemographicRecord>;
  readonly byId: ReadonlyMap<string, DemographicRecord>;
}

export interface RosterMatches {
  /** The best matches, at most the limit asked for. */
  scholars: DemographicRecord[];
  /** How many scholars matched in all. */
  total: number;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Orders scholars by last name, then first name, then student number. */
export function compareByName(a: DemographicRecord, b: DemographicRecord): number {
  return (
    collator.compare(a.lname, b.lname) ||
    collator.compare(a.fname, b.fname) ||
    collator.compare(a.student_number, b.student_number)
  );
}

/** Precomputes the search keys of a roster (active scholars only), in name order. */
export function buildRosterIndex(scholars: readonly DemographicRecord[]): RosterIndex {
  const active = scholars.filter((s) => s.active).sort(compareByName);
  const entries = active.map((scholar) => ({
    scholar,
    names: ` ${normalizeText(scholarName(scholar))} `,
    number: normalizeText(scholar.student_number),
  }));
  return {
    entries,
    byBadge: new Map(active.filter((s) => s.badge_code).map((s) => [badgeKey(s.badge_code), s])),
    byId: new Map(active.map((s) => [s.id, s])),
  };
}

/** The scholar whose badge code this is, if any. */
export function findByBadge(index: RosterIndex, code: string): DemographicRecord | undefined {
  const key = badgeKey(code);
  return key ? index.byBadge.get(key) : undefined;
}

/**
 * Rank of an entry for the query, or -1: 0 the exact student number, 1 a student number starting with it, 2 every
 * word of the query starting a word of the name, 3 every word found somewhere in the name or number.
 */
function rank(entry: IndexEntry, query: string, tokens: readonly string[]): number {
  if (entry.number === query) return 0;
  if (entry.number.startsWith(query)) return 1;
  let prefixes = true;
  for (const token of tokens) {
    if (entry.names.includes(` ${token}`)) continue;
    prefixes = false;
    if (!entry.names.includes(token) && !entry.number.includes(token)) return -1;
  }
  return prefixes ? 2 : 3;
}

/** The scholars matching the query, best first and in name order within a rank; nothing for an empty query. */
export function searchRoster(index: RosterIndex, query: string, limit = 24): RosterMatches {
  const normalized = normalizeText(query);
  if (!normalized) return { scholars: [], total: 0 };
  const tokens = normalized.split(' ');
  const buckets: DemographicRecord[][] = [[], [], [], []];
  for (const entry of index.entries) {
    const r = rank(entry, normalized, tokens);
    if (r >= 0) buckets[r]?.push(entry.scholar);
  }
  const all = buckets.flat();
  return { scholars: all.slice(0, limit), total: all.length };
}

/** The ids of every scholar matching the query (for filtering a list that keeps its own order). */
export function matchingIds(index: RosterIndex, query: string): Set<string> {
  return new Set(searchRoster(index, query, Number.POSITIVE_INFINITY).scholars.map((s) => s.id));
}
