/** The sign-in endpoints of DESIGN section 4, as the auth feature calls them. */
import { api, call } from '../../../api/client';
import type { ConfigResponse, LoginBody, LoginResponse, SessionUser, SetupBody, SetupInfo } from '../../../contract';

type SetupInfoResponse = { data: SetupInfo };

/** `POST v2/auth/login` with an email and password. */
export const loginWithPassword = (body: LoginBody) =>
  call(() => api.post('v2/auth/login', { json: body, retry: 0 }).json<LoginResponse>());

/** `POST v2/auth/login-with-gis` with a Google ID token. */
export const loginWithGoogle = (idToken: string, clientId: string) =>
  call(() =>
    api
      .post('v2/auth/login-with-gis', { json: { id_token: idToken, client_id: clientId }, retry: 0 })
      .json<LoginResponse>(),
  );

/** `POST v2/auth/login-parent` with an email and password or a Google ID token. */
export const loginParent = (body: LoginBody | { id_token: string; client_id: string }) =>
  call(() => api.post('v2/auth/login-parent', { json: body, retry: 0 }).json<LoginResponse>());

/** `GET v2/auth/check`: the signed-in user, or a 401. */
export const checkSession = () =>
  call(() => api.get('v2/auth/check', { retry: 0 }).json<{ user: SessionUser }>()).then((r) => r.user);

/** `POST v2/auth/logout`: revokes the signed-in token on the server. */
export const logoutSession = () => call(() => api.post('v2/auth/logout', { retry: 0 }).json<{ message: string }>());

/** `POST v2/auth/logout-parent` with a parent's co-session token: ends it; the scholar's session stays. */
export const logoutParent = (token: string) =>
  call(() =>
    api
      .post('v2/auth/logout-parent', { retry: 0, headers: { Authorization: `Bearer ${token}` } })
      .json<{ message: string }>(),
  );

/** `GET v2/config`: Google client id, school name, time zone. */
export const fetchConfig = () => call(() => api.get('v2/config').json<ConfigResponse>());

/** `POST v2/auth/station-pin`: sets the signed-in staff member's station PIN. */
export const setStationPin = (pin: string) =>
  call(() => api.post('v2/auth/station-pin', { json: { pin }, retry: 0 }).json<{ message: string }>());

/** `POST v2/auth/station-pin/check`: answers when the PIN is the signed-in staff member's; 422 when not, 429 when waiting. */
export const checkStationPin = (pin: string) =>
  call(() => api.post('v2/auth/station-pin/check', { json: { pin }, retry: 0 }).json<{ message: string }>());

/** `GET v2/setup?token=`: what a new school's setup screen starts from (403 a stale address, 409 already set up). */
export const fetchSetupInfo = (token: string) =>
  call(() => api.get('v2/setup', { searchParams: { token }, retry: 0 }).json<SetupInfoResponse>()).then((r) => r.data);

/** `POST v2/setup`: makes the school and its first administrator, and answers as a sign-in does. */
export const postSetup = (body: SetupBody) =>
  call(() => api.post('v2/setup', { json: body, retry: 0 }).json<LoginResponse>());
