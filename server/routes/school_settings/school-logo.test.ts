/** The school's logo: resized on the server, refused when it is not an image or too large, served publicly, audited. */
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let admin: string;
let office: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, office] = await Promise.all([s.login('admin@demo.school'), s.login('office@demo.school')]);
});
afterAll(() => s.close());

const upload = (bytes: Buffer, type: string, token = admin) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'logo');
  return s.call({ method: 'POST', url: '/api/v2/school_settings/logo', token, payload: form as never });
};

const lastAudit = async () => {
  const [event] = await s.database.db
    .select({ changes: auditEvents.changes })
    .from(auditEvents)
    .where(and(eq(auditEvents.resource, 'school_settings'), eq(auditEvents.action, 'update')))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return event?.changes as Record<string, { before: unknown; after: unknown }> | undefined;
};

describe('v2/school_settings/logo', () => {
  it('keeps a large upload fitted inside 512×512 as PNG with its transparency, and serves it publicly', async () => {
    expect((await s.call({ method: 'GET', url: '/api/v2/config' })).json().logo_url).toBeNull();
    const big = await sharp({
      create: { width: 1600, height: 800, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    expect((await upload(big, 'image/png', office)).statusCode).toBe(403);

    const saved = await upload(big, 'image/png');
    expect(saved.statusCode).toBe(200);
    const url: string = saved.json().data.logo_url;
    expect(url).toMatch(/^\/api\/v2\/school_settings\/logo\?v=[0-9a-f]{16}$/);
    expect((await s.call({ method: 'GET', url: '/api/v2/config' })).json().logo_url).toBe(url);

    const served = await s.call({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 512, 256, true]);

    // Without the version the answer is revalidated each time, by its ETag.
    const unversioned = await s.call({ method: 'GET', url: '/api/v2/school_settings/logo' });
    expect(unversioned.headers['cache-control']).toBe('public, no-cache');
    const again = await s.call({
      method: 'GET',
      url: '/api/v2/school_settings/logo',
      headers: { 'if-none-match': String(unversioned.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const changes = await lastAudit();
    expect(changes?.logo_sha256?.before).toBeNull();
    expect(changes?.logo_sha256?.after).toMatch(/^[0-9a-f]{64}$/);
    expect(url).toContain(String(changes?.logo_sha256?.after).slice(0, 16));
  });

  it('draws an SVG to pixels and keeps no markup', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><script>alert(1)</script><rect width="100" height="50" fill="#036"/></svg>',
    );
    const saved = await upload(svg, 'image/svg+xml');
    expect(saved.statusCode).toBe(200);
    const served = await s.call({ method: 'GET', url: saved.json().data.logo_url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(served.rawPayload.includes('script')).toBe(false);
  });

  it('refuses a file that is not an image, one above 5 MB and a missing file with a 422 on `file`', async () => {
    const text = await upload(Buffer.from('not an image at all'), 'image/png');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toEqual(['The logo must be a PNG, JPEG, WebP, GIF, AVIF, TIFF or SVG image.']);

    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const huge = await upload(Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]), 'image/png');
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.file).toEqual(['The logo is larger than 5 MB.']);

    const empty = await s.call({
      method: 'POST',
      url: '/api/v2/school_settings/logo',
      token: admin,
      payload: new FormData() as never,
    });
    expect(empty.statusCode).toBe(422);
  });

  it('removes the logo: the config answers null and the address 404', async () => {
    const before = (await s.call({ method: 'GET', url: '/api/v2/config' })).json().logo_url;
    expect(before).not.toBeNull();
    expect((await s.call({ method: 'DELETE', url: '/api/v2/school_settings/logo', token: office })).statusCode).toBe(
      403,
    );
    const removed = await s.call({ method: 'DELETE', url: '/api/v2/school_settings/logo', token: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.logo_url).toBeNull();
    expect((await s.call({ method: 'GET', url: '/api/v2/config' })).json().logo_url).toBeNull();
    expect((await s.call({ method: 'GET', url: before })).statusCode).toBe(404);
    const changes = await lastAudit();
    expect(changes?.logo_sha256?.after).toBeNull();
    expect(String(before)).toContain(String(changes?.logo_sha256?.before).slice(0, 16));
  });
});

describe('v2/school_settings: meal services', () => {
  it('are answered by default, validated with field errors, audited and given to devices by the config', async () => {
    const first = await s.call({ method: 'GET', url: '/api/v2/school_settings', token: office });
    expect(Object.keys(first.json().data.meal_services)).toEqual(['breakfast', 'lunch', 'snack', 'supper']);

    const update = (meal_services: unknown) =>
      s.call({ method: 'PATCH', url: '/api/v2/school_settings', token: admin, payload: { meal_services } });
    const none = await update({});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.meal_services).toEqual(['Offer at least one meal service.']);
    const bad = await update({ breakfast: { start: '9:00', end: '10:00' }, lunch: { start: '12:00', end: '11:00' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['meal_services.breakfast.start', 'meal_services.lunch.end']);

    const services = { breakfast: { start: '07:30', end: '09:00' }, lunch: { start: '11:00', end: '13:00' } };
    const saved = await update(services);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.meal_services).toEqual(services);
    expect((await s.call({ method: 'GET', url: '/api/v2/config' })).json().meal_services).toEqual(services);
    const changes = await lastAudit();
    expect(changes?.meal_services?.after).toEqual(services);
    // The audit row is jsonb too, which keeps its own key order.
    expect(Object.keys(changes?.meal_services?.before as object).sort()).toEqual([
      'breakfast',
      'lunch',
      'snack',
      'supper',
    ]);
  });
});
