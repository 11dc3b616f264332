/**
 * The one HTTP client of the web app (DESIGN section 2: only src/api talks HTTP). ky with prefix /api/, credentials
 * included, the Bearer token on every request, and retries for reads only: a write is never repeated by the client
 * library (the outbox owns retries of station writes, with ids that make them idempotent).
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import type { ErrorResponse } from '../contract';
import { ApiError, NETWORK_ERROR, SERVER_ERROR } from './errors';
import { getToken } from './token';

export { ApiError, NETWORK_ERROR, SERVER_ERROR } from './errors';
export { getToken, setToken, TOKEN_KEY } from './token';

type UnauthorizedListener = (url: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called whenever the server answers 401 to a request that carried a token. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export const api = ky.create({
  prefix: '/api/',
  credentials: 'include',
  timeout: 20_000,
  retry: { limit: 2, methods: ['get'], statusCodes: [408, 429, 500, 502, 503, 504] },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        // A call that names its own token (a parent's co-session on a scholar's phone) keeps it.
        const token = getToken();
        if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      ({ request, response }) => {
        // A sign-in's 401 is a wrong password, not the end of the session it was sent in (a parent signing in on
        // a scholar's phone mistypes: the scholar stays signed in).
        const signingIn = /\/v2\/auth\/login/.test(new URL(request.url).pathname);
        if (response.status === 401 && request.headers.has('Authorization') && !signingIn) {
          for (const listener of unauthorizedListeners) listener(request.url);
        }
      },
    ],
  },
});

/** Turns anything a call threw into an ApiError; 5xx messages are replaced by the standard server-error text. */
export async function toApiError(err: unknown): Promise<ApiError> {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPError) {
    const status = err.response.status;
    let body: Partial<ErrorResponse> = {};
    const data = err.data;
    if (data && typeof data === 'object') body = data as Partial<ErrorResponse>;
    else {
      try {
        body = (await err.response.clone().json()) as Partial<ErrorResponse>;
      } catch {
        body = {};
      }
    }
    if (status >= 500) return new ApiError(SERVER_ERROR, status, {}, body.code);
    return new ApiError(body.message ?? err.message, status, body.errors ?? {}, body.code, body.record);
  }
  if (err instanceof TimeoutError || err instanceof TypeError) return new ApiError(NETWORK_ERROR, 0);
  return new ApiError(err instanceof Error ? err.message : SERVER_ERROR, 0);
}

/** Runs a call and rethrows its failure as an ApiError. */
export async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw await toApiError(err);
  }
}
