/**
 * The offline sync calls (DESIGN section 5): push the outbox, pull the reference snapshot, fetch snapshot photos.
 * `retry: 0` on all three: the sync engine (src/offline/engine.ts) owns retries with its own backoff and keeps the
 * entries in IndexedDB meanwhile, so a retry inside ky would only hide a failure and double the wait. Answers are
 * checked with the contract schemas: a captive portal's HTML page or a truncated body becomes an ApiError with status 0
 * (retried later), never half-applied data.
 */
import type { z } from 'zod';
import {
  PhotoBatchResponseSchema,
  type SyncPullResponse,
  SyncPullResponseSchema,
  type SyncPushBody,
  SyncPushResponseSchema,
} from '../contract/sync';
import { ApiError, api, call } from './client';

export type SyncPushResponse = z.infer<typeof SyncPushResponseSchema>;
export type SyncPhotosResponse = z.infer<typeof PhotoBatchResponseSchema>;

export const UNREADABLE_ANSWER = 'The server sent an answer the app cannot read.';

/** The parsed answer; an unreadable one is an ApiError with status 0, retried like a lost connection. */
async function readAnswer<S extends z.ZodType>(schema: S, body: Promise<unknown>): Promise<z.output<S>> {
  let value: unknown;
  try {
    value = await body;
  } catch (err) {
    if (err instanceof SyntaxError) throw new ApiError(UNREADABLE_ANSWER, 0);
    throw err;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(UNREADABLE_ANSWER, 0);
  return parsed.data;
}

/** A push of a few hundred items applies each in its own transaction on the server; allow it time. */
export const PUSH_TIMEOUT_MS = 60_000;
export const PULL_TIMEOUT_MS = 30_000;

/** Sends outbox entries; one result per item. Throws ApiError (status 0 offline or timed out). */
export function pushSync(body: SyncPushBody): Promise<SyncPushResponse> {
  return call(() =>
    readAnswer(
      SyncPushResponseSchema,
      api.post('v2/sync/push', { json: body, retry: 0, timeout: PUSH_TIMEOUT_MS }).json(),
    ),
  );
}

/**
 * Reads what changed since the cursor, or the snapshot page a `snapshot` token names (neither: a snapshot's first
 * page). Throws ApiError.
 */
export function pullSync(params: { since?: number; snapshot?: string; limit?: number }): Promise<SyncPullResponse> {
  const searchParams: Record<string, number | string> = {};
  if (params.snapshot !== undefined) searchParams.snapshot = params.snapshot;
  else if (params.since !== undefined) searchParams.since = params.since;
  if (params.limit !== undefined) searchParams.limit = params.limit;
  return call(() =>
    readAnswer(
      SyncPullResponseSchema,
      api.get('v2/sync/pull', { searchParams, retry: 0, timeout: PULL_TIMEOUT_MS }).json(),
    ),
  );
}

/** Fetches up to 100 photos (base64) the caller may see; ids it may not see are left out of the answer. */
export function fetchSyncPhotos(ids: string[]): Promise<SyncPhotosResponse> {
  return call(() =>
    readAnswer(
      PhotoBatchResponseSchema,
      api.post('v2/sync/photos', { json: { ids }, retry: 0, timeout: PULL_TIMEOUT_MS }).json(),
    ),
  );
}
