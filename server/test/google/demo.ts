/**
 * The Google stand-in beside `npm start`: run by scripts/google-stand-in.mjs. Starts the stand-in
 * with demo data on 127.0.0.1, keeps a service account key for it in DATA_DIR (google-stand-in-key.json, made once),
 * and with `--configure <server URL>` signs in as the demo administrator, sets the key, subject and calendar, and runs
 * both syncs once.
 */

import { createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_CALENDAR, fillDemo } from './demo-data';
import { makeServiceAccount, SUBJECT, standInFor, type TestServiceAccount } from './fixtures';

function keepKey(dataDir: string): { account: TestServiceAccount; file: string } {
  const file = join(dataDir, 'google-stand-in-key.json');
  if (existsSync(file)) {
    const keyJson = readFileSync(file, 'utf8');
    const parsed = JSON.parse(keyJson) as { client_email: string; private_key: string };
    const publicKey = createPublicKey(parsed.private_key).export({ type: 'spki', format: 'pem' }).toString();
    return { account: { clientEmail: parsed.client_email, publicKey, keyJson }, file };
  }
  mkdirSync(dataDir, { recursive: true });
  const account = makeServiceAccount();
  writeFileSync(file, account.keyJson, { mode: 0o600 });
  return { account, file };
}

async function configure(server: string, keyJson: string) {
  const base = server.replace(/\/+$/, '');
  const login = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.school', password: 'demo' }),
  });
  if (!login.ok) throw new Error(`Signing in as admin@demo.school answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const put = await fetch(`${base}/api/v2/google_sync/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      key: keyJson,
      subject: SUBJECT,
      calendar_ids: [DEMO_CALENDAR],
      classroom_enabled: true,
      calendar_enabled: true,
    }),
  });
  if (!put.ok) throw new Error(`Saving the settings answered ${put.status}: ${await put.text()}`);
  const run = await fetch(`${base}/api/v2/google_sync/runs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ kinds: ['classroom', 'calendar'], mode: 'full' }),
  });
  if (!run.ok) throw new Error(`Run now answered ${run.status}: ${await run.text()}`);
  console.log(`Configured ${base} and started both syncs: see ${base}/admin/google-sync`);
}

export async function main(argv: string[]) {
  const port = Number(process.env.GOOGLE_STAND_IN_PORT ?? 8090);
  const dataDir = process.env.DATA_DIR ?? './data';
  const timeZone = process.env.SCHOOL_TIMEZONE ?? 'America/Los_Angeles';
  const { account, file } = keepKey(dataDir);
  const google = await standInFor(account, { maxPageSize: 50 }, port);
  fillDemo(google, timeZone);
  console.log(`Google stand-in listening on ${google.origin}
Start the server beside it with:

  GOOGLE_OAUTH_TOKEN_URL=${google.env.GOOGLE_OAUTH_TOKEN_URL} \\
  GOOGLE_CLASSROOM_URL=${google.env.GOOGLE_CLASSROOM_URL} \\
  GOOGLE_CALENDAR_URL=${google.env.GOOGLE_CALENDAR_URL} npm start

Then, as admin@demo.school, open /admin/google-sync: upload ${file},
administrator ${SUBJECT}, calendar ${DEMO_CALENDAR}, switch both syncs on, save, and "Sync changes now".
(Or run this script with --configure http://localhost:8080 to do that for you.)`);
  const at = argv.indexOf('--configure');
  if (at >= 0) {
    const server = argv[at + 1] ?? 'http://localhost:8080';
    try {
      await configure(server, account.keyJson);
    } catch (err) {
      console.error(err instanceof Error ? err.message : err);
    }
  }
  const stop = () => void google.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
