/**
 * A fake of the set-password endpoints for the auth screens' tests: one live link (`LIVE_TOKEN`) that works until it
 * is used, any other token gone (410), resets that always answer 202, and the config the sign-in screens read.
 */
import { type BaseRecordedRequest, FakeServer, json, jsonBody } from '../../../test/fake-server';
import { ROSA } from '../../../test/session-user';

export const LIVE_TOKEN = 'a'.repeat(43);
const GONE = { message: 'This link was already used, has expired or was replaced by a newer one. Ask for a new one.' };

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

export class FakePasswordServer extends FakeServer<Recorded> {
  purpose: 'invite' | 'reset' = 'invite';
  spent = false;

  calls(method: string, path: string): Recorded[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: await jsonBody(request.clone()) };
  }

  protected route(request: Request, recorded: Recorded): Response {
    const { path, query, body } = recorded;
    if (path === 'v2/config') {
      return json(200, {
        google_client_id: null,
        school_name: 'Demo School',
        time_zone: 'America/Los_Angeles',
        version: '1',
      });
    }
    if (path === 'v2/auth/password_reset' && request.method === 'POST') {
      return json(202, { message: 'If an account uses this address, a link to set a new password is on its way.' });
    }
    if (path === 'v2/auth/password_token') {
      return query.get('token') === LIVE_TOKEN && !this.spent
        ? json(200, { first_name: 'Lena', purpose: this.purpose })
        : json(410, GONE);
    }
    if (path === 'v2/auth/password' && request.method === 'POST') {
      if (body?.token !== LIVE_TOKEN || this.spent) return json(410, GONE);
      this.spent = true;
      return json(200, { token: 'session-token-'.padEnd(43, 'x'), user: { ...ROSA, fname: 'Lena', type: 'parent' } });
    }
    return json(404, { message: 'No such route.' });
  }
}
