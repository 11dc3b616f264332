/**
 * A service account for the tests and the demo: an RSA key pair made on the spot, its JSON key as Google's console
 * downloads it, and the stand-in started to accept it for the demo school's administrator.
 */
import { generateKeyPairSync } from 'node:crypto';
import { CALENDAR_SCOPES, CLASSROOM_SCOPES } from '../../lib/google/auth';
import { type GoogleStandIn, type StandInOptions, startGoogleStandIn } from './stand-in';

export const SUBJECT = 'admin@demo.school';

export interface TestServiceAccount {
  clientEmail: string;
  publicKey: string;
  /** The JSON key file's text. */
  keyJson: string;
}

/** A service account with a fresh RSA key. */
export function makeServiceAccount(
  clientEmail = 'school-sync@demo-school.iam.gserviceaccount.com',
): TestServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyJson = JSON.stringify(
    {
      type: 'service_account',
      project_id: 'demo-school',
      private_key_id: 'stand-in-key-1',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: 'https://oauth2.googleapis.com/token',
    },
    null,
    2,
  );
  return { clientEmail, publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(), keyJson };
}

/** The stand-in, trusting the account for SUBJECT with every read-only scope the sync asks for. */
export function standInFor(
  account: TestServiceAccount,
  opts: Partial<StandInOptions> = {},
  port = 0,
): Promise<GoogleStandIn> {
  return startGoogleStandIn(
    {
      serviceAccounts: { [account.clientEmail]: account.publicKey },
      subjects: [SUBJECT],
      grantedScopes: [...CLASSROOM_SCOPES, ...CALENDAR_SCOPES],
      ...opts,
    },
    port,
  );
}
