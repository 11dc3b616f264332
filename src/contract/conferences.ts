/**
 * Scholar Led Conferences: on a conference day the scholar and their family open the portal's
 * sign-in sheet (the conference's title, the school's paragraphs, "Click to Sign In") and sign in; the sign-in goes
 * through the device's outbox with its own UUIDv7 id (it may be made offline). Staff see who signed in.
 *
 * The link to the timesheets: a conference names the teacher who holds it. The day's sign-ins give the
 * teacher's conference span, `conferenceSpan` below: from the first sign-in to the last one plus the minutes each
 * scholar's conference lasts. Staff record that span as the teacher's 'conference' timesheet record (once per
 * conference), so it counts in the teacher's conference time like any conference record.
 */
import { z } from 'zod';
import {
  DateOnlySchema,
  IdSchema,
  InstantSchema,
  MethodOverrideSchema,
  optionalText,
  requiredText,
  safeText,
  updateShape,
} from './common';
import { GradesSchema } from './scholar-portal';

export const CONFERENCE_MINUTES_DEFAULT = 20;

/** The sign-in sheet's default paragraphs (the seed's); a conference may have its own. */
export const CONFERENCE_DEFAULT_BODY =
  'Welcome to our Scholar Led Conference. Today your scholar will lead the conversation: they will share their work, ' +
  'their progress and their goals with you and their teacher.\n\n' +
  'Please sign in so that the school knows you attended. Thank you for being part of your scholar’s learning.';

/** The same paragraphs in Spanish, offered with them on a new conference. */
export const CONFERENCE_DEFAULT_BODY_ES =
  'Bienvenidos a nuestra Conferencia Dirigida por el Alumno. Hoy su alumno dirigirá la conversación: compartirá su ' +
  'trabajo, su progreso y sus metas con ustedes y con su maestro.\n\n' +
  'Por favor, registren su asistencia para que la escuela sepa que vinieron. Gracias por ser parte del aprendizaje ' +
  'de su alumno.';

export const ClockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 15:30.');

const conferenceFields = {
  title: requiredText(150),
  body: safeText().trim().min(1, 'This field is required.').max(4000),
  /** The title and welcome in Spanish; empty, families reading Spanish see the English ones. */
  title_es: optionalText(150),
  body_es: optionalText(4000),
  held_on: DateOnlySchema,
  start_time: ClockSchema,
  end_time: ClockSchema,
  minutes_per_scholar: z.coerce
    .number({ message: 'Must be a number of minutes.' })
    .int('Must be a whole number of minutes.')
    .min(5, 'At least 5 minutes.')
    .max(120, 'At most 120 minutes.')
    .default(CONFERENCE_MINUTES_DEFAULT),
  teacher_id: IdSchema.nullish().transform((v) => v ?? null),
  grades: GradesSchema,
};
const endAfterStart = (v: { start_time?: string; end_time?: string }) =>
  !v.start_time || !v.end_time || v.end_time > v.start_time;
const END = { message: 'The end is after the start.', path: ['end_time'] };

export const ConferenceCreateSchema = z
  .object({ id: IdSchema.optional(), ...conferenceFields })
  .refine(endAfterStart, END);
export type ConferenceCreate = z.infer<typeof ConferenceCreateSchema>;
export const ConferenceUpdateSchema = MethodOverrideSchema.extend(updateShape(conferenceFields)).refine(
  endAfterStart,
  END,
);
export type ConferenceUpdate = z.infer<typeof ConferenceUpdateSchema>;

export const ConferenceRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  title_es: z.string().nullable(),
  body_es: z.string().nullable(),
  held_on: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  minutes_per_scholar: z.number().int(),
  teacher_id: z.string().nullable(),
  teacher_name: z.string().nullable(),
  grades: z.array(z.string()),
  sign_in_count: z.number().int(),
  /** The teacher's conference timesheet record made from the sign-ins, once recorded. */
  timesheet_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConferenceRecord = z.infer<typeof ConferenceRecordSchema>;

/**
 * A sign-in as a phone writes it (through the outbox): who signs is the account signed in, or, with
 * `by_parent_login` on a scholar's phone, the parent who signed in there for the scholar (the parent login): the
 * server finds that parent from the scholar's session, never from the phone's word alone.
 */
export const ConferenceSignInCreateSchema = z.object({
  id: IdSchema,
  conference_id: IdSchema,
  scholar_id: IdSchema,
  signed_at: InstantSchema,
  by_parent_login: z.boolean().default(false),
  device_id: optionalText(100),
});
export type ConferenceSignInCreate = z.infer<typeof ConferenceSignInCreateSchema>;

export const ConferenceSignInRecordSchema = z.object({
  id: z.string(),
  conference_id: z.string(),
  scholar_id: z.string(),
  scholar_name: z.string(),
  signed_by: z.string().nullable(),
  signer_name: z.string(),
  signer_type: z.enum(['student', 'parent']),
  signed_at: z.string(),
  created_at: z.string(),
});
export type ConferenceSignInRecord = z.infer<typeof ConferenceSignInRecordSchema>;

/** A teacher's conference span made from a conference day's sign-ins. */
export const ConferenceSpanSchema = z.object({ started_at: z.string(), ended_at: z.string(), minutes: z.number() });
export type ConferenceSpan = z.infer<typeof ConferenceSpanSchema>;

/**
 * The teacher's conference span from the day's sign-ins: from the first sign-in to the last one plus the minutes one
 * scholar's conference lasts (the last family is still being met). Null without sign-ins.
 */
export function conferenceSpan(signedAt: readonly string[], minutesPerScholar: number): ConferenceSpan | null {
  const times = signedAt.map((s) => Date.parse(s)).filter((n) => Number.isFinite(n));
  if (!times.length) return null;
  const start = Math.min(...times);
  const end = Math.max(...times) + minutesPerScholar * 60_000;
  return {
    started_at: new Date(start).toISOString(),
    ended_at: new Date(end).toISOString(),
    minutes: Math.round((end - start) / 60_000),
  };
}

/** `GET v2/conferences/:id/sign_ins`: who signed in, the span they give, and the teacher's record of it. */
export const ConferenceSignInsResponseSchema = z.object({
  data: z.array(ConferenceSignInRecordSchema),
  span: ConferenceSpanSchema.nullable(),
});
export type ConferenceSignInsResponse = z.infer<typeof ConferenceSignInsResponseSchema>;

/** The portal's view of a conference: the sheet, whether it is today, and this scholar's sign-ins. */
export const PortalConferenceSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  title_es: z.string().nullable(),
  body_es: z.string().nullable(),
  held_on: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  is_today: z.boolean(),
  sign_ins: z.array(
    z.object({ id: z.string(), signer_name: z.string(), signer_type: z.string(), signed_at: z.string() }),
  ),
});
export type PortalConference = z.infer<typeof PortalConferenceSchema>;
export const PortalConferencesResponseSchema = z.object({ today: z.string(), data: z.array(PortalConferenceSchema) });
export type PortalConferencesResponse = z.infer<typeof PortalConferencesResponseSchema>;

/** Record the span as the teacher's timesheet: answers the conference with its timesheet id. */
export const ConferenceTimesheetResponseSchema = z.object({ data: ConferenceRecordSchema, span: ConferenceSpanSchema });

/** `GET v2/conferences/teachers`: the active staff a conference may name. */
export const ConferenceTeachersResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ConferenceTeachersResponse = z.infer<typeof ConferenceTeachersResponseSchema>;
