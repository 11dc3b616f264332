/**
 * Calls to Google's APIs: a GET with the bearer token that answers the JSON, retried with exponential backoff and
 * full jitter on quota errors (429, or 403 with reason rateLimitExceeded/userRateLimitExceeded, status
 * RESOURCE_EXHAUSTED) and on 500/502/503/504; any other error is a GoogleApiError carrying Google's code, status and
 * reason (a 410 from Calendar is how a sync token expires).
 */

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface GoogleHttpOptions {
  fetch?: typeof fetch;
  sleep?: Sleep;
  /** Attempts in all for a quota or server error (first one included). */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** Told of each wait (for the run's log). */
  onRetry?: (info: { attempt: number; delayMs: number; status: number; reason: string | null }) => void;
}

/** Google's error body: `{error: {code, message, status, errors: [{reason, domain, message}]}}`. */
interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; errors?: { reason?: string }[] } | string;
  error_description?: string;
}

export class GoogleApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string | null,
    readonly reason: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

const QUOTA_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'quotaExceeded']);

function isRetryable(err: GoogleApiError): boolean {
  if (err.httpStatus === 429 || err.status === 'RESOURCE_EXHAUSTED') return true;
  if (err.httpStatus === 403 && err.reason && QUOTA_REASONS.has(err.reason)) return true;
  return [500, 502, 503, 504].includes(err.httpStatus);
}

/** Reads Google's error answer into a GoogleApiError. */
export async function toGoogleError(res: Response): Promise<GoogleApiError> {
  let body: GoogleErrorBody = {};
  try {
    body = (await res.json()) as GoogleErrorBody;
  } catch {
    // not JSON: the status says enough
  }
  if (typeof body.error === 'string') {
    // OAuth's token endpoint: {error: 'invalid_grant', error_description}
    return new GoogleApiError(
      res.status,
      body.error,
      body.error,
      `${body.error}: ${body.error_description ?? ''}`.trim(),
    );
  }
  const e = body.error ?? {};
  const reason = e.errors?.[0]?.reason ?? null;
  return new GoogleApiError(res.status, e.status ?? null, reason, e.message ?? `HTTP ${res.status}`);
}

/** The wait before retry `attempt` (1-based): full jitter over base·2^(attempt-1), capped. */
export function backoffDelay(attempt: number, opts: Pick<GoogleHttpOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>) {
  const cap = Math.min(opts.maxDelayMs ?? 32_000, (opts.baseDelayMs ?? 1000) * 2 ** (attempt - 1));
  return Math.floor((opts.random ?? Math.random)() * cap);
}

/** Runs a request, retrying quota and server errors with backoff; answers the parsed JSON. */
export async function withBackoff<T>(request: () => Promise<Response>, opts: GoogleHttpOptions = {}): Promise<T> {
  const maxAttempts = opts.maxAttempts ?? 6;
  const sleep = opts.sleep ?? realSleep;
  for (let attempt = 1; ; attempt++) {
    const res = await request();
    if (res.ok) return (await res.json()) as T;
    const err = await toGoogleError(res);
    if (!isRetryable(err) || attempt >= maxAttempts) throw err;
    const retryAfter = Number(res.headers.get('retry-after'));
    const delayMs =
      Number.isFinite(retryAfter) && retryAfter > 0
        ? Math.min(retryAfter * 1000, opts.maxDelayMs ?? 32_000)
        : backoffDelay(attempt, opts);
    opts.onRetry?.({ attempt, delayMs, status: res.status, reason: err.reason ?? err.status });
    await sleep(delayMs);
  }
}

/** GET a Google API URL with query parameters (undefined ones left out) and the bearer token. */
export function googleGet<T>(
  url: string,
  params: Record<string, string | number | boolean | undefined>,
  accessToken: () => Promise<string>,
  opts: GoogleHttpOptions = {},
): Promise<T> {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, String(v));
  const doFetch = opts.fetch ?? fetch;
  return withBackoff<T>(
    async () => doFetch(u, { headers: { authorization: `Bearer ${await accessToken()}`, accept: 'application/json' } }),
    opts,
  );
}

/** Joins a base URL and a path (the base may or may not end in a slash). */
export const joinUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
