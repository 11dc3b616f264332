/**
 * The guardian's absence report calls. Reads go through the portal's reader (kept on the phone, shown "as of"
 * offline); writes go straight to the server, each create with its own client id kept across a retry, so a report
 * sent twice (the answer lost on a flaky connection) is one report (the server's create is idempotent on it).
 */
import { api, call } from '../../../api/client';
import type { AbsenceReport, AbsenceReportCreate, AbsenceReportUpdate } from '../../../contract';

export const REPORTS_PATH = 'v2/scholar/absence_reports';
export const PICK_UPS_PATH = 'v2/scholar/absence_reports/pick_ups';

/** Sends a new report (one record per child named). */
export const createAbsenceReport = (body: AbsenceReportCreate) =>
  call(() => api.post(REPORTS_PATH, { json: body }).json<{ data: AbsenceReport[] }>());

/** Changes one of the guardian's records. */
export const updateAbsenceReport = (id: string, body: AbsenceReportUpdate) =>
  call(() => api.patch(`${REPORTS_PATH}/${id}`, { json: body }).json<{ data: AbsenceReport }>());

/** Withdraws one of the guardian's records (withdrawing twice is once). */
export const withdrawAbsenceReport = (id: string) =>
  call(() => api.post(`${REPORTS_PATH}/${id}/withdraw`).json<{ data: AbsenceReport }>());
