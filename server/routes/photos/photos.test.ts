import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demographics, guardianships, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let s: TestServer;
let office: string;
let scholarRow: typeof demographics.$inferSelect;
let otherRow: typeof demographics.$inferSelect;
beforeAll(async () => {
  s = await startTestServer();
  office = await s.login('office@demo.school');
  const [scholarUser] = await s.database.db.select().from(users).where(eq(users.email, 'scholar@demo.school'));
  const [row] = await s.database.db
    .select()
    .from(demographics)
    .where(eq(demographics.user_id, scholarUser?.id ?? ''));
  if (!row) throw new Error('demo scholar missing');
  scholarRow = row;
  const [parent] = await s.database.db.select().from(users).where(eq(users.email, 'parent@demo.school'));
  const children = await s.database.db
    .select()
    .from(guardianships)
    .where(eq(guardianships.parent_id, parent?.id ?? ''));
  const childIds = new Set(children.map((c) => c.scholar_id));
  const [other] = (await s.database.db.select().from(demographics).limit(50)).filter((d) => !childIds.has(d.id));
  if (!other) throw new Error('no other scholar');
  otherRow = other;
});
afterAll(() => s.close());

describe('v2/demographics and v2/photos', () => {
  it('lists scholars by grade with search and total', async () => {
    const res = await s.call({
      method: 'GET',
      url: '/api/v2/demographics?filter[grade]=K&per_page=10&sort=lname',
      token: office,
    });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta.total).toBeGreaterThan(20);
    expect(data.every((d: { grade: string }) => d.grade === 'K')).toBe(true);
    const one = await s.call({
      method: 'GET',
      url: `/api/v2/demographics?search=${encodeURIComponent(`${scholarRow.fname} ${scholarRow.lname}`)}`,
      token: office,
    });
    expect(one.json().data.map((d: { id: string }) => d.id)).toContain(scholarRow.id);
  });

  it('creates a scholar with a badge code and updates it with a photo as multipart', async () => {
    const created = await s.call({
      method: 'POST',
      url: '/api/v2/demographics',
      token: office,
      payload: { student_number: '990001', fname: 'Nueva', lname: 'Alumna', grade: '3', homeroom: 'Room 301' },
    });
    expect(created.statusCode).toBe(201);
    const scholar = created.json().data;
    expect(scholar.badge_code).toMatch(/^[A-Z2-9]{12}$/);
    expect(scholar.photo_id).toBeNull();
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('homeroom', 'Room 302');
    form.append('photo', new Blob([PNG], { type: 'image/png' }), 'face.png');
    const updated = await s.call({
      method: 'POST',
      url: `/api/v2/demographics/${scholar.id}`,
      token: office,
      payload: form as never,
    });
    expect(updated.statusCode).toBe(200);
    const { photo_id, homeroom } = updated.json().data;
    expect(homeroom).toBe('Room 302');
    const photo = await s.call({ method: 'GET', url: `/api/v2/photos/${photo_id}`, token: office });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);
    const etag = String(photo.headers.etag);
    const cached = await s.call({
      method: 'GET',
      url: `/api/v2/photos/${photo_id}`,
      token: office,
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('changes only what an update sends: eligibility, program and active stay as they were', async () => {
    const before = (await s.call({ method: 'GET', url: `/api/v2/demographics/${otherRow.id}`, token: office })).json()
      .data;
    const updated = await s.call({
      method: 'POST',
      url: `/api/v2/demographics/${otherRow.id}`,
      token: office,
      payload: { _method: 'PATCH', homeroom: 'Room 999' },
    });
    expect(updated.statusCode).toBe(200);
    const after = updated.json().data;
    expect(after.homeroom).toBe('Room 999');
    for (const field of ['program', 'meal_eligibility', 'meal_eligibility_effective', 'nickname', 'alerts', 'active']) {
      expect(after[field], field).toEqual(before[field]);
    }
    const admin = await s.login('admin@demo.school');
    const deactivated = await s.call({ method: 'DELETE', url: `/api/v2/demographics/${otherRow.id}`, token: admin });
    expect(deactivated.statusCode).toBe(200);
    const renamed = await s.call({
      method: 'PATCH',
      url: `/api/v2/demographics/${otherRow.id}`,
      token: office,
      payload: { homeroom: 'Room 998' },
    });
    expect(renamed.json().data.active).toBe(false);
    await s.call({
      method: 'PATCH',
      url: `/api/v2/demographics/${otherRow.id}`,
      token: office,
      payload: { active: true, homeroom: otherRow.homeroom },
    });
  });

  it('refuses a file that is not an image, and one too large', async () => {
    const form = new FormData();
    form.append('photo', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/png' }), 'x.png');
    const res = await s.call({
      method: 'POST',
      url: `/api/v2/demographics/${otherRow.id}`,
      token: office,
      payload: form as never,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.photo).toEqual(['The photo must be a JPEG, PNG or WebP image.']);
    const big = new FormData();
    big.append('photo', new Blob([PNG, Buffer.alloc(3 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    const tooBig = await s.call({
      method: 'POST',
      url: `/api/v2/demographics/${otherRow.id}`,
      token: office,
      payload: big as never,
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it('uploads through v2/photos for an owner the caller may update', async () => {
    const form = new FormData();
    form.append('owner_type', 'demographics');
    form.append('owner_id', otherRow.id);
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'face.png');
    const res = await s.call({ method: 'POST', url: '/api/v2/photos', token: office, payload: form as never });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      owner_type: 'demographics',
      owner_id: otherRow.id,
      content_type: 'image/png',
    });
    const teacher = await s.login('teacher@demo.school');
    const again = new FormData();
    again.append('owner_type', 'demographics');
    again.append('owner_id', otherRow.id);
    again.append('file', new Blob([PNG], { type: 'image/png' }), 'face.png');
    expect(
      (await s.call({ method: 'POST', url: '/api/v2/photos', token: teacher, payload: again as never })).statusCode,
    ).toBe(403);
  });

  it('serves a photo only to callers allowed to see its owner', async () => {
    const scholar = await s.login('scholar@demo.school');
    const parent = await s.login('parent@demo.school');
    const timekeeper = await s.login('timekeeper@demo.school');
    const own = `/api/v2/photos/${scholarRow.photo_id}`;
    const others = `/api/v2/photos/${otherRow.photo_id}`;
    expect((await s.call({ method: 'GET', url: own, token: scholar })).statusCode).toBe(200);
    expect((await s.call({ method: 'GET', url: own, token: parent })).statusCode).toBe(200);
    expect((await s.call({ method: 'GET', url: own, token: office })).statusCode).toBe(200);
    expect((await s.call({ method: 'GET', url: others, token: scholar })).statusCode).toBe(404);
    expect((await s.call({ method: 'GET', url: others, token: parent })).statusCode).toBe(404);
    expect((await s.call({ method: 'GET', url: others, token: timekeeper })).statusCode).toBe(404);
    expect((await s.call({ method: 'GET', url: others })).statusCode).toBe(401);
  });
});
