/**
 * What to tell an administrator when a call fails. Two refusals deserve their own words: no connection (the
 * administration screens are online-only, unlike the stations) and the server's last-administrator guard, a 422 whose
 * `errors.roles` says the school would be left without anyone able to administer. Everything else is the server's
 * own message, which never carries internals (5xx are already replaced by the standard text).
 */
import type { TFunction } from 'i18next';
import { ApiError, SERVER_ERROR } from '../../../api/client';

/** True for the 422 the server answers when a change would leave no active administrator. */
export function isLastAdministratorError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 422 && Boolean(error.errors.roles?.length);
}

/** The text to show for a failed administration call. */
export function adminErrorText(error: unknown, t: TFunction<'admin'>): string {
  if (error instanceof ApiError) {
    if (error.isOffline) return t('needsConnection');
    if (isLastAdministratorError(error)) return t('lastAdministrator');
    return error.message;
  }
  return SERVER_ERROR;
}
