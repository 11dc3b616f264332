/**
 * `POST v2/invitations`: sends a person a one-time link to set their password, by email when the school's server
 * mails, else answered here for a printed letter. Sending again makes a new link and the older one stops working.
 */
import { useMutation } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import type { InvitationResponse } from '../../../contract/invitations';

/** Invites the person of an account. */
export const inviteUser = (userId: string) =>
  call(() => api.post('v2/invitations', { json: { user_id: userId }, retry: 0 }).json<InvitationResponse>()).then(
    (r) => r.data,
  );

/** The invitation as a mutation (its answer is the dialog's to show). */
export const useInviteUser = () => useMutation({ mutationFn: inviteUser });
