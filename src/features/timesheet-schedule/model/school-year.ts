/** The school year as the timesheet schedule screens show it: July 1 to June 30. */

/** The first and last day of the school year a date lies in. */
export function schoolYearOf(day: string): { start: string; end: string } {
  const year = Number(day.slice(0, 4));
  const first = Number(day.slice(5, 7)) >= 7 ? year : year - 1;
  return { start: `${first}-07-01`, end: `${first + 1}-06-30` };
}

/** The school year before or after (`step` years). */
export const shiftSchoolYear = (day: string, step: number): { start: string; end: string } =>
  schoolYearOf(`${Number(schoolYearOf(day).start.slice(0, 4)) + step}-07-01`);
