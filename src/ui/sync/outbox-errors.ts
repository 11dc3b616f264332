/**
 * Reads the errors the outbox actions throw (src/offline/outbox.ts) by their names, not with `instanceof`: the panel
 * must not import the offline layer's code (it would pull Dexie into the panel's chunk), only its types.
 */

/** Per-field reasons when a correction still fails the contract schema; null for any other error. */
export function validationErrorsOf(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof Error) || error.name !== 'OutboxValidationError') return null;
  const { errors } = error as Error & { errors?: unknown };
  return typeof errors === 'object' && errors !== null ? (errors as Record<string, string[]>) : {};
}

/** True when the entry is being sent right now and cannot be changed until the send has answered. */
export function isBusyError(error: unknown): boolean {
  return error instanceof Error && error.name === 'OutboxBusyError';
}
