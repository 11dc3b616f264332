/**
 * Work for the screen tests: Ana's items on Friday 27 November 2026 in Los Angeles (the portal test context's day),
 * and the answers of the work calls as the server gives them.
 */
import type { CombinedOverdueResponse, WorkItem, WorkListResponse } from '../../../../contract/scholar-work';
import type { WorkListType } from '../../../../contract/work-lists';
import { ANA } from '../../layout/fake-portal-server';

let next = 0;

/** A piece of Ana's work, not turned in, due Friday 27 November at 11:59 PM (07:59 UTC on the 28th). */
export function workItem(overrides: Partial<WorkItem> = {}): WorkItem {
  next += 1;
  return {
    id: `sub-${next}`,
    scholar_id: ANA.id,
    course_work_id: `work-${next}`,
    course_id: 'course-math',
    course_name: 'Math 7',
    title: `Work ${next}`,
    description: null,
    link: `https://classroom.google.com/c/abc/a/${next}/details`,
    due_at: '2026-11-28T07:59:00Z',
    due_date: '2026-11-27',
    topic: null,
    is_autowork: false,
    max_points: 10,
    work_type: 'ASSIGNMENT',
    state: 'NEW',
    late: false,
    assigned_grade: null,
    turned_in_at: null,
    returned_at: null,
    updated_at: '2026-11-20T16:00:00Z',
    ...overrides,
  };
}

const context = {
  time_zone: 'America/Los_Angeles',
  today: '2026-11-27',
  as_of: '2026-11-27T18:00:00Z',
  autowork_topic: 'AutoWork',
};

/** A scholar's list as `GET v2/scholar/scholars/:id/work?type=` answers it. */
export function workAnswer(type: WorkListType, data: WorkItem[], scholarId = ANA.id): WorkListResponse {
  return {
    type,
    scholar_id: scholarId,
    data,
    meta: { page: 1, per_page: 200, total: data.length },
    ...context,
  };
}

/** The combined list as `GET v2/scholar/work/overdue` answers it. */
export function combinedAnswer(
  data: WorkItem[],
  scholars: CombinedOverdueResponse['scholars'],
): CombinedOverdueResponse {
  return { data, scholars, meta: { page: 1, per_page: 200, total: data.length }, ...context };
}

/** The path of a scholar's work calls without the query (the fake portal server's key). */
export const workPathOf = (scholarId: string) => `v2/scholar/scholars/${scholarId}/work`;
