/**
 * The school year as the timesheet screens show it: July 1 to June 30 (the same rule as the timesheet schedule
 * screens' `model/school-year.ts`, copied because features do not import each other).
 */

/** The first and last day of the school year a date lies in. */
export function schoolYearOf(day: string): { from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const first = Number(day.slice(5, 7)) >= 7 ? year : year - 1;
  return { from: `${first}-07-01`, to: `${first + 1}-06-30` };
}

/** The school year before or after (`step` years) the one a date lies in. */
export const shiftSchoolYear = (day: string, step: number): { from: string; to: string } =>
  schoolYearOf(`${Number(schoolYearOf(day).from.slice(0, 4)) + step}-07-01`);
