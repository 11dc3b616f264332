/**
 * `POST v2/timesheets/badge` with a staff member's `user_id` (`timesheets-view_any`): a new staff badge for someone
 * without a phone. The server makes a new random code and the person's old badge stops working at once; the code is
 * answered only this once, so the card is printed from this answer and never kept.
 */
import { useMutation } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import type { StaffBadge } from '../../../contract/timesheets';

/** Issues a new badge for the person. */
export const issueStaffBadge = (userId: string) =>
  call(() =>
    api.post('v2/timesheets/badge', { json: { user_id: userId }, retry: 0 }).json<{ data: StaffBadge }>(),
  ).then((r) => r.data);

/** The badge as a mutation (its answer is the dialog's to show). */
export const useIssueStaffBadge = () => useMutation({ mutationFn: issueStaffBadge });
