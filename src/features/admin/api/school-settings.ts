/** `v2/school_settings`: the school's one settings row, read by anyone signed in and changed by administrators. */
import { api, call } from '../../../api/client';
import type { SchoolSettings, SchoolSettingsUpdate } from '../../../contract';

export const schoolSettingsKey = ['school_settings'] as const;

/** Reads the settings. */
export const fetchSchoolSettings = (signal?: AbortSignal) =>
  call(() => api.get('v2/school_settings', { signal }).json<{ data: SchoolSettings }>()).then((r) => r.data);

/** Saves the changed fields and answers the settings as stored. */
export const saveSchoolSettings = (body: SchoolSettingsUpdate) =>
  call(() => api.patch('v2/school_settings', { json: body, retry: 0 }).json<{ data: SchoolSettings }>()).then(
    (r) => r.data,
  );

/** `POST v2/school_settings/logo`: the server resizes the file and answers the settings with the logo's new address. */
export const uploadSchoolLogo = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return call(() => api.post('v2/school_settings/logo', { body, retry: 0 }).json<{ data: SchoolSettings }>()).then(
    (r) => r.data,
  );
};

/** `DELETE v2/school_settings/logo`: the school has no logo any more. */
export const removeSchoolLogo = () =>
  call(() => api.delete('v2/school_settings/logo', { retry: 0 }).json<{ data: SchoolSettings }>()).then((r) => r.data);
