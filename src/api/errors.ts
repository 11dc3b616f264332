/**
 * What went wrong with a call, in the terms the screens need. Apart from the HTTP client so that the first screens can
 * tell error kinds apart without loading the client itself (DESIGN section 8's budget for /login and /).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached (offline, timeout). */
    readonly status: number,
    readonly errors: Record<string, string[]> = {},
    readonly code?: string,
    readonly record?: unknown,
  ) {
    super(message);
  }
  get isOffline(): boolean {
    return this.status === 0;
  }
}

export const SERVER_ERROR = 'Server Error. Please try again in a few minutes.';
export const NETWORK_ERROR = 'The server cannot be reached. Check the connection and try again.';
