/**
 * The entrance's calls: the day's answers, a negative test, and the school's screening settings,
 * under `v2/covid_screenings`. Online only: staff screens, checked and audited by the server.
 */
import { api, call } from '../../api/client';
import type {
  NegativeTestCreate,
  NegativeTestRecord,
  ScreeningDayResponse,
  ScreeningOutcome,
  ScreeningSettings,
  ScreeningSettingsUpdate,
} from '../../contract';

const BASE = 'v2/covid_screenings';

export interface DayParams {
  date?: string;
  outcome?: ScreeningOutcome | '';
  search?: string;
  page: number;
}

export const dayKey = (p: DayParams) => [BASE, p] as const;
export function fetchDay(p: DayParams, signal?: AbortSignal): Promise<ScreeningDayResponse> {
  const searchParams = new URLSearchParams({ page: String(p.page), per_page: '50' });
  if (p.date) searchParams.set('date', p.date);
  if (p.outcome) searchParams.set('outcome', p.outcome);
  if (p.search) searchParams.set('search', p.search);
  return call(() => api.get(BASE, { searchParams, signal }).json<ScreeningDayResponse>());
}

export const recordNegativeTest = (body: NegativeTestCreate) =>
  call(() => api.post(`${BASE}/negative_tests`, { json: body }).json<{ data: NegativeTestRecord }>()).then(
    (r) => r.data,
  );

export const settingsKey = [`${BASE}/settings`] as const;
export const fetchSettings = (signal?: AbortSignal) =>
  call(() => api.get(`${BASE}/settings`, { signal }).json<{ data: ScreeningSettings }>()).then((r) => r.data);
export const saveSettings = (body: Omit<ScreeningSettingsUpdate, '_method'>) =>
  call(() => api.post(`${BASE}/settings`, { json: body }).json<{ data: ScreeningSettings }>()).then((r) => r.data);
