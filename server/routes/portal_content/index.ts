/**
 * The Scholar Portal's content, managed by staff with the `portal_content` permission:
 * `v2/portal_content/announcements`, `/group_meetings`, `/courses`, `/calendar_events`, `/resources` (generic list,
 * single, create, update and delete, each audited under its own name), and `/settings` (the portal's part of the
 * school's settings). The portal reads them through `v2/scholar/...`, scoped to each family.
 */
import { eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AnnouncementCreate,
  AnnouncementCreateSchema,
  type AnnouncementRecord,
  AnnouncementRecordSchema,
  type AnnouncementUpdate,
  AnnouncementUpdateSchema,
  type CalendarEventCreate,
  CalendarEventCreateSchema,
  type CalendarEventRecord,
  CalendarEventRecordSchema,
  type CalendarEventUpdate,
  CalendarEventUpdateSchema,
  type CourseCreate,
  CourseCreateSchema,
  type CourseRecord,
  CourseRecordSchema,
  type CourseUpdate,
  CourseUpdateSchema,
  type GroupMeetingCreate,
  GroupMeetingCreateSchema,
  type GroupMeetingRecord,
  GroupMeetingRecordSchema,
  type GroupMeetingUpdate,
  GroupMeetingUpdateSchema,
  type PortalResourceCreate,
  PortalResourceCreateSchema,
  type PortalResourceRecord,
  PortalResourceRecordSchema,
  type PortalResourceUpdate,
  PortalResourceUpdateSchema,
  PortalSettingsSchema,
  type PortalSettingsUpdate,
  PortalSettingsUpdateSchema,
  RESOURCE_KINDS,
  type SchoolTerms,
  shiftDate,
} from '../../../src/contract';
import {
  announcements,
  calendarEvents,
  courses,
  groupMeetings,
  portalResources,
  schoolSettings,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { invalid } from '../../lib/errors';
import { zonedInstant } from '../../lib/expected-hours';
import {
  ERROR_RESPONSES,
  eqFilter,
  filterDate,
  iso,
  type ResourceDefinition,
  resourceRoutes,
} from '../../lib/resource';
import { readPortalSettings } from '../scholar/index';

type Row = Record<string, unknown>;
const stamps = (row: { created_at: string; updated_at: string }) => ({
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** `filter[from]` / `filter[to]` on an instant column: from midnight of `from`, before midnight after `to` (school). */
const instantFilters = (column: AnyPgColumn, zone: () => string) => ({
  from: (value: string): SQL =>
    gte(column, new Date(zonedInstant(filterDate('from', value), '00:00', zone())).toISOString()),
  to: (value: string): SQL =>
    lt(column, new Date(zonedInstant(shiftDate(filterDate('to', value), 1), '00:00', zone())).toISOString()),
});

/** Rows with a start and an end (meetings, events) as the API answers them: every instant in ISO 8601. */
const spanned = <R extends { starts_at: string; ends_at: string; created_at: string; updated_at: string }>(rows: R[]) =>
  rows.map((r) => ({ ...r, starts_at: iso(r.starts_at), ends_at: iso(r.ends_at), ...stamps(r) }));

/** A write that leaves the end at or before the start is refused (an update may move either one). */
function endAfterStart(input: Row, existing: Row): Row {
  const start = String(input.starts_at ?? existing.starts_at);
  const end = String(input.ends_at ?? existing.ends_at);
  if (Date.parse(end) <= Date.parse(start)) throw invalid('ends_at', 'The end is after the start.');
  return input;
}

export const announcementsResource: ResourceDefinition<AnnouncementRecord, AnnouncementCreate, AnnouncementUpdate> = {
  name: 'portal_content',
  auditAs: 'announcements',
  table: announcements,
  idColumn: announcements.id,
  record: AnnouncementRecordSchema,
  create: AnnouncementCreateSchema,
  update: AnnouncementUpdateSchema,
  sortFields: { starts_on: announcements.starts_on, title: announcements.title, created_at: announcements.created_at },
  defaultSort: '-starts_on',
  filters: {},
  searchColumns: [announcements.title, announcements.body],
  toRecords: async (rows) => (rows as (typeof announcements.$inferSelect)[]).map((r) => ({ ...r, ...stamps(r) })),
  prepareUpdate(input, existing) {
    const first = (input.starts_on ?? existing.starts_on) as string;
    const last = input.ends_on === undefined ? (existing.ends_on as string | null) : input.ends_on;
    if (last && last < first) throw invalid('ends_on', 'The last day is on or after the first.');
    return input;
  },
  remove: 'delete',
};

const meetingsResource = (
  zone: () => string,
): ResourceDefinition<GroupMeetingRecord, GroupMeetingCreate, GroupMeetingUpdate> => ({
  name: 'portal_content',
  auditAs: 'group_meetings',
  table: groupMeetings,
  idColumn: groupMeetings.id,
  record: GroupMeetingRecordSchema,
  create: GroupMeetingCreateSchema,
  update: GroupMeetingUpdateSchema,
  sortFields: { starts_at: groupMeetings.starts_at, title: groupMeetings.title },
  defaultSort: 'starts_at',
  filters: instantFilters(groupMeetings.starts_at, zone),
  searchColumns: [groupMeetings.title, groupMeetings.place, groupMeetings.leader],
  toRecords: async (rows) => spanned(rows as (typeof groupMeetings.$inferSelect)[]),
  prepareUpdate: (input, existing) => endAfterStart(input as Row, existing),
  remove: 'delete',
});

export const coursesResource: ResourceDefinition<CourseRecord, CourseCreate, CourseUpdate> = {
  name: 'portal_content',
  auditAs: 'courses',
  table: courses,
  idColumn: courses.id,
  record: CourseRecordSchema,
  create: CourseCreateSchema,
  update: CourseUpdateSchema,
  sortFields: { name: courses.name, teacher: courses.teacher, room: courses.room },
  defaultSort: 'name',
  filters: {},
  searchColumns: [courses.name, courses.teacher, courses.room],
  toRecords: async (rows) => (rows as (typeof courses.$inferSelect)[]).map((r) => ({ ...r, ...stamps(r) })),
  remove: 'delete',
};

const eventsResource = (
  zone: () => string,
): ResourceDefinition<CalendarEventRecord, CalendarEventCreate, CalendarEventUpdate> => ({
  name: 'portal_content',
  auditAs: 'calendar_events',
  table: calendarEvents,
  idColumn: calendarEvents.id,
  record: CalendarEventRecordSchema,
  create: CalendarEventCreateSchema,
  update: CalendarEventUpdateSchema,
  sortFields: { starts_at: calendarEvents.starts_at, title: calendarEvents.title },
  defaultSort: 'starts_at',
  filters: instantFilters(calendarEvents.starts_at, zone),
  searchColumns: [calendarEvents.title, calendarEvents.description],
  toRecords: async (rows) => spanned(rows as (typeof calendarEvents.$inferSelect)[]),
  prepareUpdate: (input, existing) => endAfterStart(input as Row, existing),
  remove: 'delete',
});

export const resourcesResource: ResourceDefinition<PortalResourceRecord, PortalResourceCreate, PortalResourceUpdate> = {
  name: 'portal_content',
  auditAs: 'portal_resources',
  table: portalResources,
  idColumn: portalResources.id,
  record: PortalResourceRecordSchema,
  create: PortalResourceCreateSchema,
  update: PortalResourceUpdateSchema,
  sortFields: { subject: portalResources.subject, position: portalResources.position, title: portalResources.title },
  defaultSort: 'subject',
  filters: { kind: eqFilter(portalResources.kind, RESOURCE_KINDS) },
  searchColumns: [portalResources.title, portalResources.subject, portalResources.description],
  toRecords: async (rows) => (rows as (typeof portalResources.$inferSelect)[]).map((r) => ({ ...r, ...stamps(r) })),
  remove: 'delete',
};

const single = z.object({ data: PortalSettingsSchema });

/** The school's words as kept: the languages and words it set, without the empty ones (the app's own word then). */
function storedTerms(terms: NonNullable<PortalSettingsUpdate['terms']>): SchoolTerms {
  const out: SchoolTerms = {};
  for (const lng of ['en', 'es'] as const) {
    const words = Object.fromEntries(Object.entries(terms[lng] ?? {}).filter(([, word]) => word));
    if (Object.keys(words).length) out[lng] = words;
  }
  return out;
}

/** `v2/portal_content/settings`: read with portal_content-view_any, changed with portal_content-update. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { access: 'portal_content-view_any' }, schema: { response: { 200: single, ...ERROR_RESPONSES } } },
    async () => ({ data: await readPortalSettings(app.db) }),
  );
  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/',
      config: { access: 'portal_content-update' },
      schema: { body: PortalSettingsUpdateSchema, response: { 200: single, ...ERROR_RESPONSES } },
      handler: async (request) => {
        const { _method, terms, ...fields } = request.body;
        const changes: Record<string, unknown> = Object.fromEntries(
          Object.entries(fields).filter(([, v]) => v !== undefined),
        );
        if (terms) changes.terms = storedTerms(terms);
        return app.db.transaction(async (tx) => {
          const [row] = await tx.select({ id: schoolSettings.id }).from(schoolSettings).limit(1);
          if (row && Object.keys(changes).length) {
            await tx
              .update(schoolSettings)
              .set({ ...changes, updated_at: new Date().toISOString() })
              .where(eq(schoolSettings.id, row.id));
            await audit(tx, request, { action: 'update', resource: 'school_settings', recordId: row.id, changes });
          }
          return { data: await readPortalSettings(tx) };
        });
      },
    });
  }
};

/** The content routes with the school's time zone (the meetings' and events' date filters). */
export const portalContentRoutes = (app: FastifyInstance) => {
  // Read at each request: the school's time zone may change on the settings screen.
  const zone = () => app.school.timeZone;
  return [
    ['/portal_content/announcements', resourceRoutes(announcementsResource)],
    ['/portal_content/group_meetings', resourceRoutes(meetingsResource(zone))],
    ['/portal_content/courses', resourceRoutes(coursesResource)],
    ['/portal_content/calendar_events', resourceRoutes(eventsResource(zone))],
    ['/portal_content/resources', resourceRoutes(resourcesResource)],
    ['/portal_content/settings', settingsRoutes],
  ] as const;
};
