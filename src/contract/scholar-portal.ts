/**
 * The Scholar Portal (DESIGN section 10): what a scholar or a parent reads under `v2/scholar/...` (every
 * answer scoped on the server to the signed-in scholar or the parent's own scholars), and the content staff with the
 * `portal_content` permission manage: announcements, group meetings, classes with their weekly sessions, school
 * calendar events, and resource and library links.
 */
import { z } from 'zod';
import {
  DateOnlySchema,
  GRADES,
  GradeSchema,
  IdSchema,
  MethodOverrideSchema,
  optionalText,
  requiredText,
  safeText,
  updateShape,
} from './common';
import { EVENT_COLORS, PORTAL_ENTRIES, RESOURCE_KINDS } from './portal-constants';
import { ClockTimeSchema } from './school-settings';

export { EVENT_COLORS, PORTAL_ENTRIES, type PortalEntry, RESOURCE_KINDS } from './portal-constants';

/**
 * A date and time the school plans (a meeting, a calendar event): an ISO 8601 instant with its offset, in the years
 * 2000 to 2199. Unlike a device's record of what happened, it may lie in the future.
 */
export const PlannedInstantSchema = z.iso
  .datetime({ offset: true, message: 'Must be a date and time (ISO 8601).' })
  .refine((v) => Date.parse(v) >= Date.parse('2000-01-01T00:00:00Z') && Date.parse(v) < Date.parse('2200-01-01'), {
    message: 'Must be between 2000 and 2199.',
  });

/** The grades a piece of content is for; empty means every grade. */
export const GradesSchema = z
  .array(GradeSchema)
  .max(GRADES.length)
  .default([])
  .transform((list) => [...new Set(list)]);

const UrlSchema = safeText()
  .trim()
  .max(2000, 'A link is limited to 2000 characters.')
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { message: 'Must be a web address starting with https://.' });
const optionalUrl = UrlSchema.nullish()
  .or(z.literal(''))
  .transform((v) => (v ? v : null));

const ends = (message: string, path: string) => ({ message, path: [path] });
const END_AFTER_START = 'The end is after the start.';

/** An instant pair of a create or a full update: the end after the start. */
const endAfterStart = <T extends { starts_at?: string; ends_at?: string }>(v: T) =>
  !v.starts_at || !v.ends_at || Date.parse(v.ends_at) > Date.parse(v.starts_at);

// ---------------------------------------------------------------------------------------------------------------------
// Announcements
// ---------------------------------------------------------------------------------------------------------------------

export const AnnouncementRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** The same in Spanish; null while the school has not written it (the portal then shows the English). */
  title_es: z.string().nullable(),
  body_es: z.string().nullable(),
  grades: z.array(z.string()),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AnnouncementRecord = z.infer<typeof AnnouncementRecordSchema>;

const announcementFields = {
  title: requiredText(150),
  body: safeText().trim().min(1, 'This field is required.').max(4000),
  title_es: optionalText(150),
  body_es: optionalText(4000),
  grades: GradesSchema,
  starts_on: DateOnlySchema,
  ends_on: DateOnlySchema.nullish().transform((v) => v ?? null),
};
export const AnnouncementCreateSchema = z
  .object({ id: IdSchema.optional(), ...announcementFields })
  .refine((v) => !v.ends_on || v.ends_on >= v.starts_on, ends('The last day is on or after the first.', 'ends_on'));
export type AnnouncementCreate = z.infer<typeof AnnouncementCreateSchema>;
export const AnnouncementUpdateSchema = MethodOverrideSchema.extend(updateShape(announcementFields));
export type AnnouncementUpdate = z.infer<typeof AnnouncementUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Group meetings (This Week)
// ---------------------------------------------------------------------------------------------------------------------

export const GroupMeetingRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  place: z.string().nullable(),
  meet_url: z.string().nullable(),
  leader: z.string().nullable(),
  grades: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GroupMeetingRecord = z.infer<typeof GroupMeetingRecordSchema>;

const meetingFields = {
  title: requiredText(150),
  starts_at: PlannedInstantSchema,
  ends_at: PlannedInstantSchema,
  place: optionalText(150),
  meet_url: optionalUrl,
  leader: optionalText(150),
  grades: GradesSchema,
};
export const GroupMeetingCreateSchema = z
  .object({ id: IdSchema.optional(), ...meetingFields })
  .refine(endAfterStart, ends(END_AFTER_START, 'ends_at'));
export type GroupMeetingCreate = z.infer<typeof GroupMeetingCreateSchema>;
export const GroupMeetingUpdateSchema = MethodOverrideSchema.extend(updateShape(meetingFields)).refine(
  endAfterStart,
  ends(END_AFTER_START, 'ends_at'),
);
export type GroupMeetingUpdate = z.infer<typeof GroupMeetingUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Classes (the Schedule): a course, the grades that take it, and its weekly sessions
// ---------------------------------------------------------------------------------------------------------------------

/** ISO weekday, 1 Monday … 7 Sunday. */
export const AnyWeekdaySchema = z.coerce.number().int().min(1, 'Monday to Sunday.').max(7, 'Monday to Sunday.');

export const ClassSessionSchema = z
  .object({ weekday: AnyWeekdaySchema, start_time: ClockTimeSchema, end_time: ClockTimeSchema })
  .refine((v) => v.end_time > v.start_time, ends(END_AFTER_START, 'end_time'));
export type ClassSession = z.infer<typeof ClassSessionSchema>;

export const CourseRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  teacher: z.string().nullable(),
  room: z.string().nullable(),
  meet_url: z.string().nullable(),
  grades: z.array(z.string()),
  sessions: z.array(z.object({ weekday: z.number(), start_time: z.string(), end_time: z.string() })),
  google_course_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CourseRecord = z.infer<typeof CourseRecordSchema>;

/**
 * A class reaches the scholars of its grades and those enrolled in it one by one (the Google Classroom
 * import); unlike announcements, an empty list of grades here means no grade as a whole: only those enrolled.
 */
const courseFields = {
  name: requiredText(150),
  teacher: optionalText(150),
  room: optionalText(60),
  meet_url: optionalUrl,
  grades: GradesSchema,
  sessions: z.array(ClassSessionSchema).max(21, 'At most 21 sessions a week.').default([]),
};
export const CourseCreateSchema = z.object({ id: IdSchema.optional(), ...courseFields });
export type CourseCreate = z.infer<typeof CourseCreateSchema>;
export const CourseUpdateSchema = MethodOverrideSchema.extend(updateShape(courseFields));
export type CourseUpdate = z.infer<typeof CourseUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// School calendar events
// ---------------------------------------------------------------------------------------------------------------------

export const EventColorSchema = z.enum(EVENT_COLORS, { message: `Must be one of ${EVENT_COLORS.join(', ')}.` });

export const CalendarEventRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** An all-day event starts at midnight of its first day and ends at midnight after its last, in the school's zone. */
  starts_at: z.string(),
  ends_at: z.string(),
  all_day: z.boolean(),
  color: z.string(),
  google_event_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CalendarEventRecord = z.infer<typeof CalendarEventRecordSchema>;

const eventFields = {
  title: requiredText(150),
  description: optionalText(2000),
  starts_at: PlannedInstantSchema,
  ends_at: PlannedInstantSchema,
  all_day: z.boolean().default(false),
  color: EventColorSchema.default('blue'),
};
export const CalendarEventCreateSchema = z
  .object({ id: IdSchema.optional(), ...eventFields })
  .refine(endAfterStart, ends(END_AFTER_START, 'ends_at'));
export type CalendarEventCreate = z.infer<typeof CalendarEventCreateSchema>;
export const CalendarEventUpdateSchema = MethodOverrideSchema.extend(updateShape(eventFields)).refine(
  endAfterStart,
  ends(END_AFTER_START, 'ends_at'),
);
export type CalendarEventUpdate = z.infer<typeof CalendarEventUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Scholar Resources and Library
// ---------------------------------------------------------------------------------------------------------------------

export const ResourceKindSchema = z.enum(RESOURCE_KINDS);
export type ResourceKind = z.infer<typeof ResourceKindSchema>;

export const PortalResourceRecordSchema = z.object({
  id: z.string(),
  kind: ResourceKindSchema,
  subject: z.string(),
  title: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  grades: z.array(z.string()),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PortalResourceRecord = z.infer<typeof PortalResourceRecordSchema>;

const resourceFields = {
  kind: ResourceKindSchema,
  subject: requiredText(100),
  title: requiredText(200),
  url: UrlSchema,
  description: optionalText(1000),
  grades: GradesSchema,
  position: z.coerce.number().int().min(0).max(10_000).default(0),
};
export const PortalResourceCreateSchema = z.object({ id: IdSchema.optional(), ...resourceFields });
export type PortalResourceCreate = z.infer<typeof PortalResourceCreateSchema>;
export const PortalResourceUpdateSchema = MethodOverrideSchema.extend(updateShape(resourceFields));
export type PortalResourceUpdate = z.infer<typeof PortalResourceUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// The portal's settings (part of the school's settings)
// ---------------------------------------------------------------------------------------------------------------------

export const PortalEntrySchema = z.enum(PORTAL_ENTRIES);

/**
 * The words of the school that families read in the portal's texts (`Missing AutoWork`), per language: a word
 * missing is the app's own ('AutoWork'). The Classroom topic that marks the work (school_settings.autowork_topic)
 * is another setting: a school may call the work 'Trabajo automático' for Spanish readers and keep its topic.
 */
export const SCHOOL_TERMS = ['autowork'] as const;
export type SchoolTerm = (typeof SCHOOL_TERMS)[number];
const termWords = z.object({ autowork: z.string().optional() });
export const SchoolTermsSchema = z.object({ en: termWords.optional(), es: termWords.optional() });
export type SchoolTerms = z.infer<typeof SchoolTermsSchema>;
const termWordsUpdate = z.object({ autowork: optionalText(60) });
/** The words as the form sends them: all of them at once; an empty word goes back to the app's own. */
export const SchoolTermsUpdateSchema = z.object({ en: termWordsUpdate.optional(), es: termWordsUpdate.optional() });

export const PortalSettingsSchema = z.object({
  /** What the school puts before 'Scholar Resources' (its name, say: 'Demo Scholar Resources'); null: nothing. */
  resource_prefix: z.string().nullable(),
  /** The calendar's first weekday, 0 Sunday … 6 Saturday. */
  week_starts_on: z.number().int().min(0).max(6),
  /** Who to contact for technical help, shown on the sign-in screens; null: the front office. */
  help_contact: z.string().nullable(),
  /** The portal entries the school switched off. */
  portal_entries_off: z.array(PortalEntrySchema),
  /** Whether the school screens for COVID: the portal's COVID Screening entry shows only then. */
  covid_screening: z.boolean().optional(),
  /** The school's words per language (a copy kept on a device before they existed has none). */
  terms: SchoolTermsSchema.optional(),
  /** The late and departure reasons in Spanish, by the English reason (school_settings.reasons_es). */
  reasons_es: z.record(z.string(), z.string()).optional(),
});
export type PortalSettings = z.infer<typeof PortalSettingsSchema>;

export const PortalSettingsUpdateSchema = MethodOverrideSchema.extend({
  resource_prefix: optionalText(60).optional(),
  week_starts_on: z.coerce
    .number()
    .int()
    .min(0, 'Sunday (0) to Saturday (6).')
    .max(6, 'Sunday (0) to Saturday (6).')
    .optional(),
  help_contact: optionalText(200).optional(),
  portal_entries_off: z
    .array(PortalEntrySchema)
    .max(PORTAL_ENTRIES.length)
    .transform((list) => [...new Set(list)])
    .optional(),
  terms: SchoolTermsUpdateSchema.optional(),
});
export type PortalSettingsUpdate = z.infer<typeof PortalSettingsUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------------------
// What a scholar or parent reads: v2/scholar/...
// ---------------------------------------------------------------------------------------------------------------------

/** One of the signed-in person's scholars: themselves (a scholar), or each of a parent's children. */
export const PortalScholarSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  nickname: z.string().nullable(),
  grade: z.string(),
  homeroom: z.string().nullable(),
  photo_id: z.string().nullable(),
  relationship: z.string().nullable(),
});
export type PortalScholar = z.infer<typeof PortalScholarSchema>;

/** `GET v2/scholar/scholars`: whose portal the caller reads, with the school's portal settings. */
export const PortalScholarsResponseSchema = z.object({
  data: z.array(PortalScholarSchema),
  settings: PortalSettingsSchema,
  /** The school's time zone and today's date in it. */
  time_zone: z.string(),
  today: z.string(),
});
export type PortalScholarsResponse = z.infer<typeof PortalScholarsResponseSchema>;

export const PortalScholarParamsSchema = z.object({ id: IdSchema });

/** A class session as a scholar's schedule shows it. */
export const PortalClassSchema = z.object({
  course_id: z.string(),
  name: z.string(),
  teacher: z.string().nullable(),
  room: z.string().nullable(),
  meet_url: z.string().nullable(),
  weekday: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
});
export type PortalClass = z.infer<typeof PortalClassSchema>;

export const PortalMeetingSchema = GroupMeetingRecordSchema.omit({ created_at: true, updated_at: true, grades: true });
export type PortalMeeting = z.infer<typeof PortalMeetingSchema>;

export const PortalAnnouncementSchema = AnnouncementRecordSchema.omit({ created_at: true, grades: true });
export type PortalAnnouncement = z.infer<typeof PortalAnnouncementSchema>;

/** How the scholar's day started: their arrival today, if any. */
export const PortalArrivalSchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  school_day: z.string(),
  late: z.boolean(),
  reason: z.string().nullable(),
});
export type PortalArrival = z.infer<typeof PortalArrivalSchema>;

/** `GET v2/scholar/scholars/:id/home?date=`: today at a glance. */
export const PortalHomeResponseSchema = z.object({
  date: z.string(),
  classes: z.array(PortalClassSchema),
  meetings: z.array(PortalMeetingSchema),
  announcements: z.array(PortalAnnouncementSchema),
  arrival: PortalArrivalSchema.nullable(),
});
export type PortalHomeResponse = z.infer<typeof PortalHomeResponseSchema>;

export const PortalDateQuerySchema = z.object({ date: DateOnlySchema.optional() });

/** `GET v2/scholar/scholars/:id/meetings?from=&to=` (a week by default: Monday to Sunday of today). */
export const PortalRangeQuerySchema = z
  .object({ from: DateOnlySchema.optional(), to: DateOnlySchema.optional() })
  .refine((v) => !v.from || !v.to || v.to >= v.from, ends('The end is on or after the start.', 'to'))
  .refine(
    (v) => !v.from || !v.to || Date.parse(v.to) - Date.parse(v.from) <= 62 * 86_400_000,
    ends('Ask for at most 62 days at a time.', 'to'),
  );
export const PortalMeetingsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(PortalMeetingSchema),
});
export type PortalMeetingsResponse = z.infer<typeof PortalMeetingsResponseSchema>;

/** `GET v2/scholar/scholars/:id/schedule`: the scholar's classes by weekday. */
export const PortalScheduleResponseSchema = z.object({ data: z.array(PortalClassSchema) });
export type PortalScheduleResponse = z.infer<typeof PortalScheduleResponseSchema>;

/** `GET v2/scholar/calendar?from=&to=`: the school calendar's events that overlap the range (at most 62 days). */
export const PortalEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** The seed's event fields: an all-day event starts at midnight of its first day and ends at midnight after its
   * last, in the school's zone. */
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  color: z.string(),
  /** A closure of the school calendar (no school: a holiday, a break), from the same days the timesheets use. */
  closure: z.boolean(),
});
export type PortalEvent = z.infer<typeof PortalEventSchema>;
export const PortalCalendarResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(PortalEventSchema),
});
export type PortalCalendarResponse = z.infer<typeof PortalCalendarResponseSchema>;

/** `GET v2/scholar/scholars/:id/resources?kind=resources|library`: the links for the scholar's grade. */
export const PortalResourcesQuerySchema = z.object({ kind: ResourceKindSchema.default('resources') });
export const PortalResourceSchema = PortalResourceRecordSchema.omit({ created_at: true, grades: true });
export type PortalResource = z.infer<typeof PortalResourceSchema>;
export const PortalResourcesResponseSchema = z.object({ data: z.array(PortalResourceSchema) });
export type PortalResourcesResponse = z.infer<typeof PortalResourcesResponseSchema>;

/** `GET v2/scholar/scholars/:id/arrivals?month=YYYY-MM`: the month's arrivals, on time or late with the reason. */
export const PortalMonthQuerySchema = z.object({
  month: z
    .string()
    .regex(/^(19|20|21)\d\d-(0[1-9]|1[0-2])$/, 'Must be a month as YYYY-MM.')
    .optional(),
});
export const PortalArrivalsResponseSchema = z.object({ month: z.string(), data: z.array(PortalArrivalSchema) });
export type PortalArrivalsResponse = z.infer<typeof PortalArrivalsResponseSchema>;

/** `GET v2/scholar/scholars/:id/badge`: the text of the scholar's QR badge, the same the kiosk and cafeteria read. */
export const PortalBadgeResponseSchema = z.object({ code: z.string(), name: z.string() });
export type PortalBadgeResponse = z.infer<typeof PortalBadgeResponseSchema>;
