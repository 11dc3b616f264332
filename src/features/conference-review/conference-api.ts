/**
 * The conference screens' calls under `v2/conferences`: the conference days (the generic resource
 * calls), who signed in with the span it gives, the teachers a conference may name, and recording the span on the
 * teacher's timesheet. Online only: staff screens, checked and audited by the server.
 */
import { api, call } from '../../api/client';
import { resourceApi } from '../../api/resource';
import type {
  ConferenceCreate,
  ConferenceRecord,
  ConferenceSignInsResponse,
  ConferenceSpan,
  ConferenceTeachersResponse,
  ConferenceUpdate,
} from '../../contract';

const BASE = 'v2/conferences';

export const conferencesApi = resourceApi<ConferenceRecord, ConferenceCreate, ConferenceUpdate>(BASE);

export const signInsKey = (id: string) => [BASE, 'sign_ins', id] as const;
export const fetchSignIns = (id: string, signal?: AbortSignal) =>
  call(() => api.get(`${BASE}/${id}/sign_ins`, { signal }).json<ConferenceSignInsResponse>());

export const teachersKey = [BASE, 'teachers'] as const;
export const fetchTeachers = (signal?: AbortSignal) =>
  call(() => api.get(`${BASE}/teachers`, { signal }).json<ConferenceTeachersResponse>()).then((r) => r.data);

export const recordTimesheet = (id: string) =>
  call(() =>
    api.post(`${BASE}/${id}/timesheet`, { json: {} }).json<{ data: ConferenceRecord; span: ConferenceSpan }>(),
  );
