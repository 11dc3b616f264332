/** The roster as the meal screens use it: names, a lookup by id, the homerooms to filter by, grades in school order. */
import { type DemographicRecord, GRADES } from '../../../../contract';
import { scholarName } from '../../../../ui/roster/scholar-name';

/** The name the screens show: the preferred first name and the surname (shared with the records filters). */
export { scholarName };

/** Scholars by id. */
export function indexRoster(roster: readonly DemographicRecord[] | undefined): Map<string, DemographicRecord> {
  return new Map((roster ?? []).map((s) => [s.id, s]));
}

/** The homerooms of the roster (of these grades when given), sorted as people read them ('2' before '10'). */
export function homeroomsOf(roster: readonly DemographicRecord[] | undefined, grade = ''): string[] {
  const rooms = new Set<string>();
  for (const s of roster ?? []) if (s.homeroom && (!grade || s.grade === grade)) rooms.add(s.homeroom);
  return [...rooms].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

/** The position of a grade in school order (TK first, 12 last). */
export const gradeOrder = (grade: string) => GRADES.findIndex((g) => g === grade);
