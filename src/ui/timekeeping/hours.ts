/**
 * How the timekeeping screens (timesheet schedules, T1; timesheets, T2) write hours and people: minutes as hours and
 * minutes ('7:30', '40:00'), a staff member's name as the school uses it (the preferred first name, then the surname).
 */
import type { TimekeepingStaffRecord } from '../../contract';

/** Minutes as h:mm ('7:30'; '-1:15' below zero), the way timesheets total hours. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** Minutes as decimal hours with two places ('7.50'), the way a payroll export wants them. */
export const decimalHours = (minutes: number): string => (minutes / 60).toFixed(2);

/** A staff member's name: the preferred first name and the surname. */
export const staffName = (staff: Pick<TimekeepingStaffRecord, 'fname' | 'nickname' | 'lname'>): string =>
  `${staff.nickname || staff.fname} ${staff.lname}`;
