/**
 * The guardian's dismissal change calls. Reads go through the portal's reader (kept on the phone, shown "as of"
 * offline); writes go straight to the server, each create with its own client id kept across a retry, so a change
 * sent twice (the answer lost on a flaky connection) is one change (the server's create is idempotent on it).
 */
import { api, call } from '../../../api/client';
import type { DismissalChange, DismissalChangeCreate } from '../../../contract';

export const CHANGES_PATH = 'v2/scholar/dismissal_changes';
export const OPTIONS_PATH = 'v2/scholar/dismissal_changes/options';

/** Sends a new change (one record per child named). */
export const createDismissalChange = (body: DismissalChangeCreate) =>
  call(() => api.post(CHANGES_PATH, { json: body }).json<{ data: DismissalChange[] }>());

/** Withdraws one of the guardian's changes (withdrawing twice is once). */
export const withdrawDismissalChange = (id: string) =>
  call(() => api.post(`${CHANGES_PATH}/${id}/withdraw`).json<{ data: DismissalChange }>());
