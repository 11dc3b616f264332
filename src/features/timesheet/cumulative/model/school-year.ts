/**
 * The school year as the timesheet screens count it: July 1 to June 30. A copy of the timesheet schedule feature's
 * helper (features never import each other), kept to the one function Cumulative needs.
 */

/** The first and last day of the school year a date lies in. */
export function schoolYearOf(day: string): { start: string; end: string } {
  const year = Number(day.slice(0, 4));
  const first = Number(day.slice(5, 7)) >= 7 ? year : year - 1;
  return { start: `${first}-07-01`, end: `${first + 1}-06-30` };
}
