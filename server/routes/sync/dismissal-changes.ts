/**
 * The dismissal changes a station keeps (the sync pull's `dismissal_changes` resource): the confirmed changes whose
 * last day is today or later, so the pick-up line shows "Walker today" (and the other plans, and a pick-up's named
 * adult) with the Wi-Fi down. The default plans travel on the scholars' own records (demographics). A change
 * withdrawn, declined, or whose last day has passed goes out as a removal. Pending changes are the office's to
 * decide and never reach the curb.
 */
import { and, eq, gte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Permission } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { dismissalChanges } from '../../db/schema';
import { type Row, toChanges } from '../dismissal_changes/model';

export const dismissalChangesPullable = {
  // Whoever sees the day's dismissal list: the pick-up line's staff and the office.
  permission: 'dismissal-view_any' as Permission,
  table: dismissalChanges,
  id: dismissalChanges.id,
  kept: (today: string) => and(eq(dismissalChanges.status, 'confirmed'), gte(dismissalChanges.ends_on, today)),
  records: (rows: unknown[], _request: FastifyRequest, tx: Tx) => toChanges(tx, rows as Row[]),
};
