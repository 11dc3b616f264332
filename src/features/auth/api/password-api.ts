/** The set-password endpoints (`v2/auth/password_reset`, `password_token`, `password`), as the auth screens call them. */
import { api, call } from '../../../api/client';
import type { LoginResponse, PasswordTokenInfo, SetPasswordBody } from '../../../contract';

/** `POST v2/auth/password_reset`: asks for a reset link; the same answer whether or not the address has an account. */
export const requestPasswordReset = (email: string) =>
  call(() => api.post('v2/auth/password_reset', { json: { email }, retry: 0 }).json<{ message: string }>());

/** `GET v2/auth/password_token`: whose link this is and what for; 410 when it no longer works. */
export const fetchPasswordToken = (token: string) =>
  call(() => api.get('v2/auth/password_token', { searchParams: { token }, retry: 0 }).json<PasswordTokenInfo>());

/** `POST v2/auth/password`: sets the password with the link and answers the sign-in. */
export const setPasswordWithLink = (body: SetPasswordBody) =>
  call(() => api.post('v2/auth/password', { json: body, retry: 0 }).json<LoginResponse>());
