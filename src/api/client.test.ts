import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, onUnauthorized, setToken } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

function answer401() {
  const Base = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends Base {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Please sign in.' }), { status: 401 }));
}

describe('a 401 from the server', () => {
  it('to a call with the token ends the session; to a sign-in inside the session it is only a wrong password', async () => {
    setToken('scholar-token');
    answer401();
    const ended = vi.fn();
    const stop = onUnauthorized(ended);
    await api.post('v2/auth/login-parent', { json: {}, retry: 0 }).catch(() => undefined);
    expect(ended).not.toHaveBeenCalled();
    await api.get('v2/scholar/scholars', { retry: 0 }).catch(() => undefined);
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });
});
