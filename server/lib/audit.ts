/**
 * The audit trail (DESIGN section 7): every create, update and delete writes one row, in the same transaction as the
 * change, saying who did what to which record from which device.
 */
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { auditEvents } from '../db/schema';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'login'
  | 'logout'
  | 'grant'
  | 'revoke'
  | 'deactivate'
  | 'void';

/** Writes one audit event. `changes` holds the new values (never secrets). */
export async function audit(
  tx: Pick<Tx, 'insert'>,
  request: FastifyRequest | null,
  event: { action: AuditAction; resource: string; recordId?: string | null; changes?: unknown; userId?: string | null },
): Promise<void> {
  const device = request?.headers['x-device-id'];
  await tx.insert(auditEvents).values({
    user_id: event.userId ?? request?.auth?.user.id ?? null,
    action: event.action,
    resource: event.resource,
    record_id: event.recordId ?? null,
    changes: event.changes ?? null,
    device_id: typeof device === 'string' ? device.slice(0, 100) : null,
    ip: request?.ip ?? null,
  });
}

/** Writes many audit events in one statement (a sync batch). */
export async function auditMany(
  tx: Pick<Tx, 'insert'>,
  request: FastifyRequest | null,
  events: { action: AuditAction; resource: string; recordId?: string | null; changes?: unknown }[],
): Promise<void> {
  if (!events.length) return;
  const device = request?.headers['x-device-id'];
  const rows = events.map((event) => ({
    user_id: request?.auth?.user.id ?? null,
    action: event.action,
    resource: event.resource,
    record_id: event.recordId ?? null,
    changes: event.changes ?? null,
    device_id: typeof device === 'string' ? device.slice(0, 100) : null,
    ip: request?.ip ?? null,
  }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(auditEvents).values(rows.slice(i, i + 500));
}
