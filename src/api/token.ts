/** The sign-in token in localStorage: read by the HTTP client for every request, written by the session store. */
export const TOKEN_KEY = 'auth.token';

/** The stored sign-in token, if any. */
export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores or clears the sign-in token. */
export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}
