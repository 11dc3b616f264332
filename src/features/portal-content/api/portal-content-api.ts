/**
 * The calls of the portal content screens: the five resources under `v2/portal_content/...` with the
 * generic list, create, update and delete of DESIGN section 4, and the portal's settings. Online only: these are
 * staff screens, and the server checks and audits every write.
 */
import { api, call } from '../../../api/client';
import { resourceApi } from '../../../api/resource';
import type {
  AnnouncementCreate,
  AnnouncementRecord,
  AnnouncementUpdate,
  CalendarEventCreate,
  CalendarEventRecord,
  CalendarEventUpdate,
  CourseCreate,
  CourseRecord,
  CourseUpdate,
  GroupMeetingCreate,
  GroupMeetingRecord,
  GroupMeetingUpdate,
  PortalResourceCreate,
  PortalResourceRecord,
  PortalResourceUpdate,
  PortalSettings,
  PortalSettingsUpdate,
} from '../../../contract';

const BASE = 'v2/portal_content';

export const announcementsApi = resourceApi<AnnouncementRecord, AnnouncementCreate, AnnouncementUpdate>(
  `${BASE}/announcements`,
);
export const groupMeetingsApi = resourceApi<GroupMeetingRecord, GroupMeetingCreate, GroupMeetingUpdate>(
  `${BASE}/group_meetings`,
);
/** Classes: a course, the grades that take it and its weekly sessions. */
export const coursesApi = resourceApi<CourseRecord, CourseCreate, CourseUpdate>(`${BASE}/courses`);
export const calendarEventsApi = resourceApi<CalendarEventRecord, CalendarEventCreate, CalendarEventUpdate>(
  `${BASE}/calendar_events`,
);
/** Scholar Resources and Library items (`filter[kind]`). */
export const resourcesApi = resourceApi<PortalResourceRecord, PortalResourceCreate, PortalResourceUpdate>(
  `${BASE}/resources`,
);

/** The portal's settings. */
export const portalSettingsKey = [`${BASE}/settings`] as const;
export const fetchPortalSettings = (signal?: AbortSignal) =>
  call(() => api.get(`${BASE}/settings`, { signal }).json<{ data: PortalSettings }>()).then((r) => r.data);
export const savePortalSettings = (body: Omit<PortalSettingsUpdate, '_method'>) =>
  call(() => api.post(`${BASE}/settings`, { json: body }).json<{ data: PortalSettings }>()).then((r) => r.data);
