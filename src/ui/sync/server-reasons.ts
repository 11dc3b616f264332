/**
 * The sentences the server and the sync engine give for an entry they did not take, sorted into the reasons the device
 * panel explains in the person's language. The server answers a push item with English words and no code
 * (src/contract/sync.ts, SyncResult), so the words are the key: each one below is quoted from where it is said, and
 * server-reasons.test.ts checks that the server still says it. A sentence not listed is shown as the server said it.
 */
import { NETWORK_ERROR, SERVER_ERROR } from '../../api/errors';

/** Why the server did not take an entry, as the panel explains it. */
export type RefusalKind =
  | 'invalid'
  | 'forbidden'
  | 'unsupported'
  | 'reusedId'
  | 'noRecord'
  | 'badText'
  | 'badValue'
  | 'badDate'
  | 'tooLong'
  | 'tooLarge'
  | 'exists'
  | 'brokenRule'
  | 'refused'
  | 'conflict'
  | 'taken';

/** Why an entry still waits (or the last sync failed), as the panel explains it. */
export type ProblemKind = 'network' | 'server' | 'noAnswer' | 'rateLimited' | 'signIn';

const REFUSALS: Record<string, RefusalKind> = {
  // server/routes/sync/check.ts (checkItem) and push.ts (the receipts)
  'The entry is not valid.': 'invalid',
  'Not a resource the outbox can send.': 'unsupported',
  'Only new records can be sent from a device.': 'unsupported',
  'This entry was sent before with different content. The server kept what it received first.': 'reusedId',
  // server/routes/check_ins and nslp_records (an id reused for another record; a scholar the server does not have)
  'A different record with this id exists.': 'reusedId',
  'No such record.': 'noRecord',
  // server/lib/errors.ts and src/contract/errors.ts (a whole batch answered 403)
  'You do not have permission to do that.': 'forbidden',
  'Invalid Permissions': 'forbidden',
  // server/plugins/errors.ts (storageRefusal, a whole batch answered 413)
  'Some text has characters the server cannot store.': 'badText',
  'A value is not in a form the server can use.': 'badValue',
  'A date or time is outside what the server can store.': 'badDate',
  'A value is too long for the server to store.': 'tooLong',
  'A value names a record that does not exist.': 'noRecord',
  'This record exists already.': 'exists',
  'A value breaks a rule of the records, so the server cannot store it.': 'brokenRule',
  'The request is too large.': 'tooLarge',
  // src/offline/engine-push.ts (an answer without a message)
  'The server did not accept this entry.': 'refused',
  'This entry conflicts with a record on the server.': 'conflict',
};

/**
 * A rule of the day held by another record, said without it (server/plugins/errors.ts UNIQUE_CONFLICTS) or with it
 * (server/routes/check_ins 'This scholar already arrived today.', nslp_records 'This scholar already had lunch that
 * day.').
 */
const TAKEN = /^This scholar already (arrived today|had .+ that day)\.$/;

const PROBLEMS: Record<string, ProblemKind> = {
  // src/api/errors.ts
  [NETWORK_ERROR]: 'network',
  [SERVER_ERROR]: 'server',
  // src/offline/engine-push.ts (a batch answered without this item)
  'The server did not answer for this entry.': 'noAnswer',
  // server/plugins/errors.ts (429) and server/lib/errors.ts (401)
  'Too many attempts. Please wait a minute and try again.': 'rateLimited',
  'Please sign in.': 'signIn',
};

/** The kind of a refusal the server or the engine gave in these words; null for words the panel does not know. */
export function refusalKind(message: string): RefusalKind | null {
  if (Object.hasOwn(REFUSALS, message)) return REFUSALS[message] ?? null;
  return TAKEN.test(message) ? 'taken' : null;
}

/** The kind of a failed send in these words; null for words the panel does not know. */
export function problemKind(message: string): ProblemKind | null {
  return Object.hasOwn(PROBLEMS, message) ? (PROBLEMS[message] ?? null) : null;
}

/** Every sentence listed here, for the test that checks the server still says each one. */
export const KNOWN_SENTENCES: readonly string[] = [...Object.keys(REFUSALS), ...Object.keys(PROBLEMS)];
