/**
 * The staff list of timekeeping (`v2/timesheet_schedules/staff`): each person with their exempt flag and the default
 * week in effect today. The timesheet schedule screens (T1) and the timesheet screens (T2) both find people with it.
 */
import type { TimekeepingStaffRecord, TimekeepingStaffUpdate } from '../contract';
import { resourceApi } from './resource';

/** Staff with their exempt flag and the default week in effect today (list, single, update of `exempt`). */
export const staffApi = resourceApi<TimekeepingStaffRecord, never, TimekeepingStaffUpdate>(
  'v2/timesheet_schedules/staff',
);
