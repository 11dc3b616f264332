/**
 * The server's VAPID key pair (RFC 8292): made by web-push at the first start that needs it and kept in the
 * database, insert-if-absent then read, so instances starting at once on one database agree on one pair (the loser's
 * insert does nothing and it reads the winner's). The browsers' subscriptions are bound to the public key.
 */
import type { Db } from '../../db/client';
import { vapidKeys } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** web-push, loaded on first use (not at start: a warm start does not need it). */
export const loadWebPush = () => import('web-push').then((m) => m.default ?? m);

/** The stored key pair, made first when there is none. */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await db.select().from(vapidKeys).limit(1);
    return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
  };
  const stored = await read();
  if (stored) return stored;
  const made = (await loadWebPush()).generateVAPIDKeys();
  await db
    .insert(vapidKeys)
    .values({ id: true, public_key: made.publicKey, private_key: made.privateKey })
    .onConflictDoNothing();
  const kept = await read();
  if (!kept) throw new Error('the VAPID keys could not be stored');
  return kept;
}
