/**
 * The roster cut into the groups a cafeteria line arrives in: by grade (TK, K, 1 … 12, in school order) or by
 * homeroom, each group in name order (the roster index already is), for the grid of photos.
 */
import type { DemographicRecord } from '../../../contract';
import type { RosterIndex } from '../../../ui/roster/roster-search';

export type GroupKind = 'grade' | 'homeroom';

/** A group of the grid: 'grade:5' or 'homeroom:5A'. */
export interface RosterGroup {
  key: string;
  kind: GroupKind;
  value: string;
}

const GRADE_ORDER = ['TK', 'K', ...Array.from({ length: 12 }, (_, i) => String(i + 1))];
const gradeRank = (grade: string) => {
  const rank = GRADE_ORDER.indexOf(grade.toUpperCase());
  return rank < 0 ? GRADE_ORDER.length : rank;
};
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The grades and homerooms of the roster, in the order a person looks for them. */
export function rosterGroups(index: RosterIndex): { grades: RosterGroup[]; homerooms: RosterGroup[] } {
  const grades = new Set<string>();
  const homerooms = new Set<string>();
  for (const { scholar } of index.entries) {
    if (scholar.grade) grades.add(scholar.grade);
    if (scholar.homeroom) homerooms.add(scholar.homeroom);
  }
  const group = (kind: GroupKind) => (value: string) => ({ key: `${kind}:${value}`, kind, value });
  return {
    grades: [...grades].sort((a, b) => gradeRank(a) - gradeRank(b) || collator.compare(a, b)).map(group('grade')),
    homerooms: [...homerooms].sort(collator.compare).map(group('homeroom')),
  };
}

/** The scholars of a group ('grade:5'), in name order. */
export function scholarsIn(index: RosterIndex, key: string): DemographicRecord[] {
  const [kind, ...rest] = key.split(':');
  const value = rest.join(':');
  if (kind !== 'grade' && kind !== 'homeroom') return [];
  return index.entries.flatMap(({ scholar }) => (scholar[kind] === value ? [scholar] : []));
}
