/**
 * The push's first step: each outbox entry checked with its resource's contract schema and permission, as the REST
 * create checks it, into what to apply or why it is rejected.
 */
import type { FastifyRequest } from 'fastify';
import {
  CAR_LINE_CALLS,
  type Permission,
  type SyncItem,
  SyncItemSchema,
  type SyncResult,
  TIMESHEET_PUNCHES,
  TimesheetPunchSchema,
} from '../../../src/contract';
import { can, requireAuth } from '../../plugins/access';
import { timesheetsResource } from '../timesheets/index';
import { checkCarLineCall } from './car-line';
import { type AnyDefinition, PORTAL_WRITABLE, UPDATABLE, WRITABLE } from './writable';

/** Zod issues as `{field: [messages]}`. */
function issuesByField(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'data';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

export interface Checked {
  item: SyncItem;
  def: AnyDefinition;
  input: Record<string, unknown> & { id: string };
  /** A staff badge read at a station (`timesheet_punches`): the server decides clock-in or clock-out. */
  punch?: true;
}

export const rejected = (id: string, message: string, errors?: Record<string, string[]>): SyncResult => ({
  id,
  status: 'rejected',
  message,
  ...(errors ? { errors } : {}),
});

/** Checks one entry with its resource's schema and permission: what to apply, or why it is rejected. */
export function checkItem(request: FastifyRequest, raw: { id: string }, deviceId: string): Checked | SyncResult {
  const envelope = SyncItemSchema.safeParse(raw);
  if (!envelope.success) return rejected(raw.id, 'The entry is not valid.', issuesByField(envelope.error.issues));
  const item = envelope.data;
  if (item.resource === TIMESHEET_PUNCHES) return checkPunch(request, item);
  if (item.resource === CAR_LINE_CALLS) return checkCarLineCall(request, item, deviceId) as Checked | SyncResult;
  const portal = Object.hasOwn(PORTAL_WRITABLE, item.resource) ? PORTAL_WRITABLE[item.resource] : undefined;
  if (portal) return checkPortalItem(request, item, portal, deviceId);
  const def = Object.hasOwn(WRITABLE, item.resource) ? WRITABLE[item.resource] : undefined;
  if (!def) return rejected(item.id, 'Not a resource the outbox can send.');
  const updatable = Object.hasOwn(UPDATABLE, item.resource) ? UPDATABLE[item.resource] : undefined;
  if (item.action !== 'create' && !(item.action === 'update' && updatable)) {
    return rejected(item.id, 'Only new records can be sent from a device.');
  }
  const permission = item.action === 'update' ? updatable?.permission : undefined;
  if (!can(request, permission ?? (`${def.name}-${item.action}` as Permission))) {
    return rejected(item.id, 'You do not have permission to do that.');
  }
  if (item.action === 'update' && updatable) {
    const update = updatable.schema.safeParse(item.data);
    if (!update.success) return rejected(item.id, 'The entry is not valid.', issuesByField(update.error.issues));
    return { item, def, input: update.data as Checked['input'] };
  }
  const parsed = def.create.safeParse({ device_id: deviceId, ...item.data });
  if (!parsed.success) return rejected(item.id, 'The entry is not valid.', issuesByField(parsed.error.issues));
  return { item, def, input: parsed.data };
}

/** A portal account's entry: created only, by a scholar or a parent; the definition scopes the scholar. */
function checkPortalItem(
  request: FastifyRequest,
  item: SyncItem,
  def: AnyDefinition,
  deviceId: string,
): Checked | SyncResult {
  if (item.action !== 'create') return rejected(item.id, 'Only new records can be sent from a device.');
  const type = requireAuth(request).user.type;
  if (type !== 'student' && type !== 'parent') return rejected(item.id, 'You do not have permission to do that.');
  const parsed = def.create.safeParse({ device_id: deviceId, ...item.data });
  if (!parsed.success) return rejected(item.id, 'The entry is not valid.', issuesByField(parsed.error.issues));
  return { item, def, input: parsed.data };
}

/** A badge punch: created only, with the permission to write timesheets (the server decides in or out). */
function checkPunch(request: FastifyRequest, item: SyncItem): Checked | SyncResult {
  if (item.action !== 'create') return rejected(item.id, 'Only new records can be sent from a device.');
  if (!can(request, 'timesheets-create')) return rejected(item.id, 'You do not have permission to do that.');
  const parsed = TimesheetPunchSchema.safeParse(item.data);
  if (!parsed.success) return rejected(item.id, 'The entry is not valid.', issuesByField(parsed.error.issues));
  return { item, def: timesheetsResource, input: parsed.data, punch: true };
}
