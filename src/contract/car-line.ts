/**
 * The car line (docs/car-line.md): a family's car tag, an arrival at the curb (a guardian's "I'm here" from the
 * portal, or the tag typed or scanned by staff at the curb), and the day's dismissal queue the classrooms call out.
 */
import { z } from 'zod';
import { IdSchema, listResponse, singleResponse } from './common';

/** The outbox resource of a curb entry (a tag typed or scanned at the pick-up line). */
export const CAR_LINE_CALLS = 'car_line_calls';

/** The largest tag number: four digits read well on a hang tag from across a car park. */
export const MAX_CAR_TAG = 9999;

export const CAR_LINE_MESSAGES = {
  tagNumber: `Use a whole number from 1 to ${MAX_CAR_TAG}.`,
  tagTaken: (n: number) => `Tag ${n} belongs to another family. Choose another number.`,
  unknownTag: (n: number) => `No family has car tag ${n}.`,
  closed: (start: string, end: string) => `The car line is open from ${start} to ${end}.`,
  tagNoChild: (n: number) => `No child of car tag ${n} can be called out today.`,
  noChild: 'None of your children can be called out to you today.',
} as const;

export const CarTagNumberSchema = z.coerce
  .number({ message: CAR_LINE_MESSAGES.tagNumber })
  .int(CAR_LINE_MESSAGES.tagNumber)
  .min(1, CAR_LINE_MESSAGES.tagNumber)
  .max(MAX_CAR_TAG, CAR_LINE_MESSAGES.tagNumber);

/** One child a tag calls out: what its hang tag shows. */
export const CarTagChildSchema = z.object({
  scholar_id: z.string(),
  fname: z.string(),
  nickname: z.string().nullable(),
  lname: z.string(),
  grade: z.string(),
  homeroom: z.string().nullable(),
});

export const CarTagSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** The guardians who hold it (a family: two parents may share one). */
  guardians: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Every active child of its guardians. */
  children: z.array(CarTagChildSchema),
});
export type CarTag = z.infer<typeof CarTagSchema>;

/** A guardian's tag as the admin page reads it: theirs (null: none) and the next free number to offer. */
export const GuardianCarTagResponseSchema = z.object({
  data: CarTagSchema.nullable(),
  next_free: z.number().int(),
});
export type GuardianCarTagResponse = z.infer<typeof GuardianCarTagResponseSchema>;

/** Sets or changes a guardian's tag; null takes it away. */
export const GuardianCarTagUpdateSchema = z.object({
  number: CarTagNumberSchema.nullable(),
});

/** A guardian's "I'm here": its client id (tapping twice sends the same) and, optionally, which of their children. */
export const CarLineArrivalSchema = z.object({
  id: IdSchema,
  scholar_ids: z.array(IdSchema).min(1).max(20).optional(),
});
export type CarLineArrival = z.infer<typeof CarLineArrivalSchema>;

/** A curb entry from a station's outbox: the tag typed or scanned. */
export const CarLineCurbCallSchema = z.object({
  id: IdSchema,
  tag_number: CarTagNumberSchema,
  device_id: z.string().max(200).optional(),
});
export type CarLineCurbCall = z.infer<typeof CarLineCurbCallSchema>;

export const CarLineCallSchema = z.object({
  id: z.string(),
  school_day: z.string(),
  source: z.enum(['portal', 'curb']),
  tag_number: z.number().int().nullable(),
  /** The children this arrival put on the queue (already there ones included). */
  scholar_ids: z.array(z.string()),
  created_at: z.string(),
});
export type CarLineCall = z.infer<typeof CarLineCallSchema>;

/** One child on the day's queue, with what the classroom and the curb show. */
export const CarLineEntrySchema = z.object({
  id: z.string(),
  school_day: z.string(),
  scholar_id: z.string(),
  scholar_name: z.string(),
  grade: z.string(),
  homeroom: z.string().nullable(),
  tag_number: z.number().int().nullable(),
  called_at: z.string(),
  released_at: z.string().nullable(),
});
export type CarLineEntry = z.infer<typeof CarLineEntrySchema>;

export const CarLineQueueResponseSchema = listResponse(CarLineEntrySchema);
export const CarLineCallResponseSchema = singleResponse(CarLineCallSchema);

/** The portal's car line: the window, whether it is open now, and each child's place today. */
export const CarLinePortalResponseSchema = z.object({
  today: z.string(),
  time_zone: z.string(),
  window: z.object({ start: z.string(), end: z.string() }),
  is_open: z.boolean(),
  tag_number: z.number().int().nullable(),
  children: z.array(
    z.object({
      scholar_id: z.string(),
      name: z.string(),
      /** The pick-up list refuses this guardian for the child: not called out to them. */
      refused: z.boolean(),
      called_at: z.string().nullable(),
      released_at: z.string().nullable(),
    }),
  ),
});
export type CarLinePortal = z.infer<typeof CarLinePortalResponseSchema>;
