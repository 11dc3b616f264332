/**
 * What to tell the office when a guardians call fails: no connection has its own words (these screens are online
 * only); otherwise the server's message, which never carries internals (5xx are already the standard text).
 */
import type { TFunction } from 'i18next';
import { ApiError, SERVER_ERROR } from '../../../api/client';

/** The text to show for a failed call. */
export function guardiansErrorText(error: unknown, t: TFunction<'guardians'>): string {
  if (error instanceof ApiError) return error.isOffline ? t('needsConnection') : error.message;
  return SERVER_ERROR;
}
