/**
 * `v2/school_settings`: the school day's rules (start time, late threshold, the reasons a kiosk offers, the meal
 * services). Anyone signed in reads them (kiosks also get them through the sync pull); changing them takes
 * `school_settings-update`. `v2/school_settings/logo` takes the school's logo (resized here with sharp and kept in the
 * row) and serves it publicly, since the sign-in screens show it before anyone signs in.
 */
import { createHash } from 'node:crypto';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  LOGO_MAX_SIDE,
  MAX_LOGO_BYTES,
  NOTICE_KINDS,
  orderMealServices,
  SCHOOL_LOGO_MESSAGES,
  type SchoolSettings,
  SchoolSettingsSchema,
  SchoolSettingsUpdateSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { schoolSettings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { invalid, notFound } from '../../lib/errors';
import { UploadedFileSchema } from '../../lib/files';
import { ERROR_RESPONSES, iso } from '../../lib/resource';

type Row = Omit<typeof schoolSettings.$inferSelect, 'logo'>;

/** Where the logo with this hash is served: the hash in the address lets browsers keep it for a year. */
export const schoolLogoUrl = (sha256: string | null): string | null =>
  sha256 ? `/api/v2/school_settings/logo?v=${sha256.slice(0, 16)}` : null;

/** Every column but the logo's bytes, which only the logo's own address reads. */
const { logo: _logoBytes, ...settingsColumns } = getTableColumns(schoolSettings);

/** The image formats sharp reads that a logo may come in. */
const LOGO_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif', 'avif', 'tiff', 'svg', 'heif']);

/**
 * The logo as kept: fitted inside LOGO_MAX_SIDE × LOGO_MAX_SIDE, turned upright, as PNG (transparency kept). An SVG
 * is drawn to pixels here, so nothing of its markup (scripts included) is ever served. 422 on `file` otherwise.
 */
async function resizeLogo(data: Buffer): Promise<Buffer> {
  if (data.length > MAX_LOGO_BYTES) throw invalid('file', SCHOOL_LOGO_MESSAGES.tooLarge);
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    throw invalid('file', SCHOOL_LOGO_MESSAGES.notImage);
  }
  if (!format || !LOGO_FORMATS.has(format)) throw invalid('file', SCHOOL_LOGO_MESSAGES.notImage);
  try {
    return await sharp(data, { density: format === 'svg' ? 144 : undefined })
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: format !== 'svg' })
      .png()
      .toBuffer();
  } catch {
    throw invalid('file', SCHOOL_LOGO_MESSAGES.notImage);
  }
}

/** A stored row as the API answers it. */
export const toSchoolSettings = (row: Row): SchoolSettings => ({
  id: row.id,
  start_time: row.start_time,
  end_time: row.end_time,
  late_after_minutes: row.late_after_minutes,
  late_reasons: row.late_reasons,
  departure_reasons: row.departure_reasons,
  reasons_es: row.reasons_es,
  attendance_factor: row.attendance_factor,
  kiosk_show_student_number: row.kiosk_show_student_number,
  kiosk_show_homeroom: row.kiosk_show_homeroom,
  pay_period_rule: row.pay_period_rule,
  pay_period_anchor: row.pay_period_anchor,
  logo_url: schoolLogoUrl(row.logo_sha256),
  meal_services: orderMealServices(row.meal_services),
  notice_kinds: NOTICE_KINDS.filter((k) => row.notice_kinds.includes(k)),
  not_checked_in_by: row.not_checked_in_by,
  work_summary_weekday: row.work_summary_weekday,
  work_summary_time: row.work_summary_time,
  dismissal_cutoff: row.dismissal_cutoff,
  dismissal_auto_confirm: row.dismissal_auto_confirm,
  office_phone: row.office_phone,
  car_line_start: row.car_line_start,
  car_line_end: row.car_line_end,
  updated_at: iso(row.updated_at),
});

/** The school's one settings row (a migration creates it). */
export async function readSchoolSettings(tx: Pick<Tx, 'select'>): Promise<SchoolSettings> {
  const [row] = await tx.select(settingsColumns).from(schoolSettings).limit(1);
  if (!row) throw notFound('school settings');
  return toSchoolSettings(row);
}

/** The fields of `after` that differ from `before`, each as `{before, after}`: what an audit event keeps. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) out[key] = { before: before[key], after: value };
  }
  return out;
}

const errors = ERROR_RESPONSES;
const single = z.object({ data: SchoolSettingsSchema });

const routes: FastifyPluginAsyncZod = async (app) => {
  // The name and time zone as the server uses them: the stored ones, or the configuration's until they are set.
  const withSchool = (settings: SchoolSettings): SchoolSettings => ({
    ...settings,
    school_name: app.school.name,
    time_zone: app.school.timeZone,
  });

  app.get('/', { config: { access: 'signed_in' }, schema: { response: { 200: single, ...errors } } }, async () => ({
    data: withSchool(await readSchoolSettings(app.db)),
  }));

  const update = async (body: z.infer<typeof SchoolSettingsUpdateSchema>, request: Parameters<typeof audit>[1]) => {
    const { _method, ...fields } = body;
    const saved = await app.db.transaction(async (tx) => {
      const current = withSchool(await readSchoolSettings(tx));
      // The car line's window ends after it starts, as the two stand after this change.
      const start = fields.car_line_start ?? current.car_line_start;
      const end = fields.car_line_end ?? current.car_line_end;
      if (start && end && end <= start) throw invalid('car_line_end', 'The end must be after the start.');
      await tx
        .update(schoolSettings)
        .set({ ...fields, updated_at: new Date().toISOString() })
        .where(eq(schoolSettings.id, current.id));
      await audit(tx, request, {
        action: 'update',
        resource: 'school_settings',
        recordId: current.id,
        changes: changed(current, fields),
      });
      return readSchoolSettings(tx);
    });
    if (fields.school_name !== undefined || fields.time_zone !== undefined) await app.school.refresh();
    return { data: withSchool(saved) };
  };
  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/',
      config: { access: 'school_settings-update' },
      schema: { body: SchoolSettingsUpdateSchema, response: { 200: single, ...errors } },
      handler: (request) => update(request.body, request),
    });
  }

  /** Replaces (or, with null, removes) the logo; the audit keeps the hashes before and after, never the bytes. */
  const setLogo = async (logo: Buffer | null, request: Parameters<typeof audit>[1]) => {
    const saved = await app.db.transaction(async (tx) => {
      const current = await readSchoolSettings(tx);
      const [row] = await tx
        .select({ sha256: schoolSettings.logo_sha256 })
        .from(schoolSettings)
        .where(eq(schoolSettings.id, current.id));
      const before = row?.sha256 ?? null;
      const after = logo ? createHash('sha256').update(logo).digest('hex') : null;
      await tx
        .update(schoolSettings)
        .set({
          logo: logo ? new Uint8Array(logo) : null,
          logo_sha256: after,
          logo_content_type: logo ? 'image/png' : null,
          // updated_at stays: it dates the form's settings (the settings screen starts its form again when it
          // changes), and the logo has its own version, its hash.
        })
        .where(eq(schoolSettings.id, current.id));
      if (before !== after) {
        await audit(tx, request, {
          action: 'update',
          resource: 'school_settings',
          recordId: current.id,
          changes: { logo_sha256: { before, after } },
        });
      }
      return readSchoolSettings(tx);
    });
    return { data: withSchool(saved) };
  };

  app.post(
    '/logo',
    {
      config: {
        access: 'school_settings-update',
        // A file above the limit arrives cut short instead of failing the request, so the answer can be a 422 on
        // `file` like any other refused field (the server's default for files is the photos' 2 MB and a 413).
        multipartOptions: { limits: { fileSize: MAX_LOGO_BYTES + 1 }, throwFileSizeLimit: false } as never,
      },
      schema: { body: z.object({ file: UploadedFileSchema }), response: { 200: single, ...errors } },
    },
    async (request) => setLogo(await resizeLogo(request.body.file.data), request),
  );

  app.delete(
    '/logo',
    { config: { access: 'school_settings-update' }, schema: { response: { 200: single, ...errors } } },
    async (request) => setLogo(null, request),
  );

  app.get(
    '/logo',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: {
          // The bytes themselves: Fastify sends a Buffer as it is, without serialising it.
          200: z.custom<Buffer>((v) => Buffer.isBuffer(v)),
          304: z.null(),
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({
          logo: schoolSettings.logo,
          sha256: schoolSettings.logo_sha256,
          type: schoolSettings.logo_content_type,
        })
        .from(schoolSettings)
        .limit(1);
      if (!row?.logo || !row.sha256) throw notFound('logo');
      const etag = `"${row.sha256}"`;
      // The address names the version: asked for by the current one, the answer never changes; otherwise revalidate.
      const current = request.query.v !== undefined && row.sha256.startsWith(request.query.v) && request.query.v !== '';
      reply
        .header('etag', etag)
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, no-cache')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply.type(row.type ?? 'image/png').send(Buffer.from(row.logo));
    },
  );
};

export default routes;
