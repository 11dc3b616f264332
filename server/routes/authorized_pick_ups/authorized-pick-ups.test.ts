/**
 * Pick-up adults (F5): the front office keeps them with photos (JSON or multipart, `_method: 'PATCH'`), for several
 * siblings at once; the pick-up line reads them, pulls them with their photos for offline use, and finds scholars by
 * badge. Nobody else sees them or their photos.
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { authorizedPickUps, demographics, photos } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

// A 1x1 PNG and a 1x1 JPEG header (enough for the type check).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

let s: TestServer;
let office: string;
let teacher: string;
let cafeteria: string;
let timekeeper: string;
let scholars: (typeof demographics.$inferSelect)[];
beforeAll(async () => {
  s = await startTestServer();
  office = await s.login('office@demo.school');
  teacher = await s.login('teacher@demo.school');
  cafeteria = await s.login('cafeteria@demo.school');
  timekeeper = await s.login('timekeeper@demo.school');
  scholars = await s.database.db
    .select()
    .from(demographics)
    .where(eq(demographics.grade, '3'))
    .orderBy(demographics.student_number);
});
afterAll(() => s.close());

const scholar = (i: number) => scholars[i]?.id as string;
const URL = '/api/v2/authorized_pick_ups';
const create = (payload: Record<string, unknown>, token = office) =>
  s.call({ method: 'POST', url: URL, token, payload });
const form = (fields: Record<string, string | string[]>, photo?: { bytes: Buffer; type: string }) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    for (const one of [v].flat()) f.append(k, one);
  }
  if (photo) f.append('photo', new Blob([photo.bytes], { type: photo.type }), 'face.png');
  return f as never;
};
const photoExists = async (id: string) =>
  (await s.database.db.select({ id: photos.id }).from(photos).where(eq(photos.id, id))).length > 0;

describe('authorized pick-ups', () => {
  it('creates an adult in JSON, idempotent on the client id, and lists by scholar, status and name', async () => {
    const id = uuidv7();
    const payload = {
      id,
      scholar_id: scholar(0),
      full_name: 'Rosa Delgado-Pruebas',
      relationship: 'Grandmother',
      phone: '(213) 555-0199',
    };
    const made = await create(payload);
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({
      ...payload,
      status: 'authorized',
      active: true,
      photo_id: null,
      notes: null,
      valid_from: null,
      valid_until: null,
    });
    const again = await create(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(id);
    const other = await create({ ...payload, full_name: 'Someone Else' });
    expect(other.statusCode).toBe(409);
    expect(other.json().record.full_name).toBe('Rosa Delgado-Pruebas');

    const list = await s.call({
      method: 'GET',
      url: `${URL}?filter[scholar_id]=${scholar(0)}&filter[status]=authorized&search=delgado`,
      token: office,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { id: string }) => p.id)).toEqual([id]);
    const single = await s.call({ method: 'GET', url: `${URL}/${id}`, token: office });
    expect(single.json().data.full_name).toBe('Rosa Delgado-Pruebas');
    const badFilter = await s.call({ method: 'GET', url: `${URL}?filter[status]=maybe`, token: office });
    expect(badFilter.statusCode).toBe(422);
    const badScholar = await s.call({ method: 'GET', url: `${URL}?filter[scholar_id]=42`, token: office });
    expect(badScholar.json().errors['filter.scholar_id']).toEqual(['Must be an id (a UUID).']);
  });

  it('says what is wrong with an adult, field by field', async () => {
    const empty = await create({ scholar_id: scholar(1), full_name: '  ', phone: 'call me' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      full_name: ['This field is required.'],
      phone: ['Must be a phone number.'],
    });
    const refusal = await create({ scholar_id: scholar(1), full_name: 'No Note', status: 'not_authorized' });
    expect(refusal.json().errors.notes).toEqual([
      'Say why this adult may not pick up (for example, the custody order).',
    ]);
    const dates = await create({
      scholar_id: scholar(1),
      full_name: 'Backwards Dates',
      valid_from: '2030-05-01',
      valid_until: '2030-04-01',
    });
    expect(dates.json().errors.valid_until).toEqual(['The last valid day is on or after the first.']);
    const status = await create({ scholar_id: scholar(1), full_name: 'X Y', status: 'maybe' });
    expect(status.json().errors.status).toEqual(['Must be one of authorized, not_authorized.']);
    const nobody = await create({ scholar_id: uuidv7(), full_name: 'Nobody’s Adult' });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors.scholar_id).toEqual(['No such record.']);
    const scholarPhoto = scholars[1]?.photo_id as string;
    const borrowed = await create({ scholar_id: scholar(1), full_name: 'Borrowed Photo', photo_id: scholarPhoto });
    expect(borrowed.json().errors.photo_id).toEqual(['No such photo.']);
  });

  it('creates with a photo in multipart and updates with _method PATCH, dropping the replaced photo', async () => {
    const made = await s.call({
      method: 'POST',
      url: URL,
      token: office,
      payload: form(
        { scholar_id: scholar(2), full_name: 'Marco Photo', relationship: 'Uncle', valid_until: '' },
        { bytes: PNG, type: 'image/png' },
      ),
    });
    expect(made.statusCode).toBe(201);
    const adult = made.json().data;
    expect(adult).toMatchObject({ full_name: 'Marco Photo', valid_until: null, photo_id: expect.any(String) });
    const photo = await s.call({ method: 'GET', url: `/api/v2/photos/${adult.photo_id}`, token: office });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    const updated = await s.call({
      method: 'POST',
      url: `${URL}/${adult.id}`,
      token: office,
      payload: form(
        { _method: 'PATCH', phone: '626 555 0100', valid_from: '2030-01-01', active: 'false' },
        { bytes: JPEG, type: 'image/jpeg' },
      ),
    });
    expect(updated.statusCode).toBe(200);
    const after = updated.json().data;
    expect(after).toMatchObject({
      full_name: 'Marco Photo',
      relationship: 'Uncle',
      phone: '626 555 0100',
      valid_from: '2030-01-01',
      active: false,
    });
    expect(after.photo_id).not.toBe(adult.photo_id);
    expect(await photoExists(adult.photo_id)).toBe(false);
    const jpeg = await s.call({ method: 'GET', url: `/api/v2/photos/${after.photo_id}`, token: office });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');

    // Only what is sent changes: a JSON PATCH of the notes leaves active false and the dates as they were.
    const noted = await s.call({
      method: 'POST',
      url: `${URL}/${adult.id}`,
      token: office,
      payload: { _method: 'PATCH', notes: 'Picks up on Fridays.' },
    });
    expect(noted.json().data).toMatchObject({ active: false, valid_from: '2030-01-01', notes: 'Picks up on Fridays.' });
    // The rules hold on the record as it will be: a refusal with the stored note is fine, one without a note is not.
    const cleared = await s.call({
      method: 'PATCH',
      url: `${URL}/${adult.id}`,
      token: office,
      payload: { status: 'not_authorized', notes: null },
    });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors.notes).toBeDefined();
    const refused = await s.call({
      method: 'PATCH',
      url: `${URL}/${adult.id}`,
      token: office,
      payload: { status: 'not_authorized' },
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data.status).toBe('not_authorized');
  });

  it('refuses a file that is not a JPEG, PNG or WebP image, and one too large', async () => {
    const svg = await s.call({
      method: 'POST',
      url: URL,
      token: office,
      payload: form(
        { scholar_id: scholar(3), full_name: 'Script Kiddie' },
        { bytes: Buffer.from('<svg onload="alert(1)"/>'), type: 'image/png' },
      ),
    });
    expect(svg.statusCode).toBe(422);
    expect(svg.json().errors.photo).toEqual(['The photo must be a JPEG, PNG or WebP image.']);
    const big = await s.call({
      method: 'POST',
      url: URL,
      token: office,
      payload: form(
        { scholar_id: scholar(3), full_name: 'Big Picture' },
        { bytes: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), type: 'image/png' },
      ),
    });
    expect(big.statusCode).toBe(413);
    const rows = await s.database.db
      .select()
      .from(authorizedPickUps)
      .where(eq(authorizedPickUps.scholar_id, scholar(3)));
    expect(rows.filter((r) => ['Script Kiddie', 'Big Picture'].includes(r.full_name))).toEqual([]);
  });

  it('creates one adult for several siblings at once, sharing one photo, idempotent on the ids', async () => {
    const ids = [uuidv7(), uuidv7()];
    const fields = {
      'ids[]': ids,
      'scholar_ids[]': [scholar(4), scholar(5)],
      full_name: 'Ana Hermanos',
      relationship: 'Aunt',
      valid_from: '2030-01-01',
      valid_until: '2030-06-30',
    };
    const made = await s.call({
      method: 'POST',
      url: `${URL}/batch`,
      token: office,
      payload: form(fields, { bytes: PNG, type: 'image/png' }),
    });
    expect(made.statusCode).toBe(201);
    const rows = made.json().data;
    expect(rows.map((r: { id: string; scholar_id: string }) => [r.id, r.scholar_id])).toEqual([
      [ids[0], scholar(4)],
      [ids[1], scholar(5)],
    ]);
    expect(rows[0].photo_id).toEqual(expect.any(String));
    expect(rows[1].photo_id).toBe(rows[0].photo_id);
    expect(rows[1]).toMatchObject({ full_name: 'Ana Hermanos', valid_until: '2030-06-30' });

    const again = await s.call({
      method: 'POST',
      url: `${URL}/batch`,
      token: office,
      payload: form(fields, { bytes: PNG, type: 'image/png' }),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.map((r: { id: string }) => r.id)).toEqual(ids);
    const stored = await s.database.db
      .select()
      .from(authorizedPickUps)
      .where(eq(authorizedPickUps.full_name, 'Ana Hermanos'));
    expect(stored).toHaveLength(2);

    const changed = await s.call({
      method: 'POST',
      url: `${URL}/batch`,
      token: office,
      payload: { ids, scholar_ids: [scholar(4), scholar(5)], full_name: 'Ana Cambiada' },
    });
    expect(changed.statusCode).toBe(409);

    // Deleting one sibling's row keeps the photo the other still shows; the last one takes it along.
    const photoId = rows[0].photo_id as string;
    expect((await s.call({ method: 'DELETE', url: `${URL}/${ids[0]}`, token: office })).statusCode).toBe(200);
    expect(await photoExists(photoId)).toBe(true);
    expect((await s.call({ method: 'DELETE', url: `${URL}/${ids[1]}`, token: office })).statusCode).toBe(200);
    expect(await photoExists(photoId)).toBe(false);
    expect((await s.call({ method: 'GET', url: `${URL}/${ids[1]}`, token: office })).statusCode).toBe(404);
  });

  it('says what is wrong with a batch', async () => {
    const call = (payload: Record<string, unknown>) =>
      s.call({ method: 'POST', url: `${URL}/batch`, token: office, payload });
    const none = await call({ scholar_ids: [], full_name: 'A B' });
    expect(none.json().errors.scholar_ids).toEqual(['Choose at least one scholar.']);
    const twice = await call({ scholar_ids: [scholar(6), scholar(6)], full_name: 'A B' });
    expect(twice.json().errors.scholar_ids).toEqual(['Each scholar once.']);
    const unknown = await call({ scholar_ids: [scholar(6), uuidv7()], full_name: 'A B' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['scholar_ids.1']).toEqual(['No such record.']);
    const ids = await call({ ids: [uuidv7()], scholar_ids: [scholar(6), scholar(7)], full_name: 'A B' });
    expect(ids.json().errors.ids).toEqual(['One id for each scholar, in the same order.']);
    const refusal = await call({ scholar_ids: [scholar(6)], full_name: 'A B', status: 'not_authorized' });
    expect(refusal.json().errors.notes).toBeDefined();
    expect(
      (
        await s.database.db
          .select()
          .from(authorizedPickUps)
          .where(eq(authorizedPickUps.scholar_id, scholar(6)))
      ).filter((r) => r.full_name === 'A B'),
    ).toEqual([]);
  });

  it('is kept by the front office and read by nobody else', async () => {
    const [demo] = await s.database.db.select().from(authorizedPickUps).limit(1);
    for (const token of [teacher, cafeteria, timekeeper]) {
      expect((await s.call({ method: 'GET', url: URL, token })).statusCode).toBe(403);
      expect((await s.call({ method: 'GET', url: `${URL}/${demo?.id}`, token })).statusCode).toBe(403);
      expect((await create({ scholar_id: scholar(8), full_name: 'Not Allowed' }, token)).statusCode).toBe(403);
    }
    const photo = `/api/v2/photos/${demo?.photo_id}`;
    expect((await s.call({ method: 'GET', url: photo, token: office })).statusCode).toBe(200);
    for (const token of [teacher, cafeteria, await s.login('parent@demo.school')]) {
      expect((await s.call({ method: 'GET', url: photo, token })).statusCode).toBe(404);
    }
  });
});

describe('badges', () => {
  it('finds a scholar by the code on the badge, as scanned or typed', async () => {
    const target = scholars[9] as typeof demographics.$inferSelect;
    const res = await s.call({
      method: 'GET',
      url: `/api/v2/demographics/by_badge/${target.badge_code.toLowerCase()}`,
      token: teacher,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: target.id, badge_code: target.badge_code });
    // The cafeteria may scan too, without learning the scholar's meal eligibility.
    const served = await s.call({
      method: 'GET',
      url: `/api/v2/demographics/by_badge/${target.badge_code}`,
      token: cafeteria,
    });
    expect(served.json().data.id).toBe(target.id);
    expect(served.json().data.meal_eligibility).toBeUndefined();
    const filtered = await s.call({
      method: 'GET',
      url: `/api/v2/demographics?filter[badge_code]=${target.badge_code.toLowerCase()}`,
      token: office,
    });
    expect(filtered.json().data.map((d: { id: string }) => d.id)).toEqual([target.id]);
    expect(
      (await s.call({ method: 'GET', url: '/api/v2/demographics/by_badge/NOSUCHBADGE1', token: office })).statusCode,
    ).toBe(404);
    expect(
      (await s.call({ method: 'GET', url: '/api/v2/demographics/by_badge/%3Cscript%3E', token: office })).statusCode,
    ).toBe(422);
    expect(
      (await s.call({ method: 'GET', url: `/api/v2/demographics/by_badge/${target.badge_code}`, token: timekeeper }))
        .statusCode,
    ).toBe(403);
    expect(
      (await s.call({ method: 'GET', url: `/api/v2/demographics/by_badge/${target.badge_code}` })).statusCode,
    ).toBe(401);
  });

  it('gives new scholars random badge codes, not sequential ones', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await s.call({
        method: 'POST',
        url: '/api/v2/demographics',
        token: office,
        payload: { student_number: `88000${i}`, fname: 'Badge', lname: `Test${i}`, grade: '3' },
      });
      codes.push(res.json().data.badge_code);
    }
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{12}$/);
    // No shared prefix beyond chance: sequential codes would differ only at the end.
    expect(codes.every((c, i) => i === 0 || c.slice(0, 6) !== codes[i - 1]?.slice(0, 6))).toBe(true);
  });
});

describe('sync pull of pick-up adults', () => {
  type Change = { resource: string; id: string; op: string; record?: Record<string, unknown> };
  const pull = async (token: string, since?: number) => {
    const res = await s.call({
      method: 'GET',
      url: `/api/v2/sync/pull${since === undefined ? '' : `?since=${since}`}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { changes: Change[]; cursor: number };
  };

  it('serves the adults with their photo ids, and the roster with badge codes, to the pick-up line', async () => {
    const snap = await pull(office);
    const adults = snap.changes.filter((c) => c.resource === 'authorized_pick_ups');
    const stored = await s.database.db.select().from(authorizedPickUps).where(eq(authorizedPickUps.active, true));
    expect(adults.length).toBe(stored.length);
    expect(adults.length).toBeGreaterThan(500);
    const photoOf = new Map(stored.map((r) => [r.id, r.photo_id]));
    expect(adults.every((c) => c.record?.photo_id === photoOf.get(c.id))).toBe(true);
    expect(adults.filter((c) => typeof c.record?.photo_id === 'string').length).toBeGreaterThan(500);
    expect(adults.some((c) => c.record?.status === 'not_authorized' && c.record?.notes)).toBe(true);
    const roster = snap.changes.filter((c) => c.resource === 'demographics');
    expect(roster.every((c) => typeof c.record?.badge_code === 'string' && c.record.badge_code.length === 12)).toBe(
      true,
    );

    const ids = adults.slice(0, 3).map((c) => c.record?.photo_id as string);
    const batch = await s.call({ method: 'POST', url: '/api/v2/sync/photos', token: office, payload: { ids } });
    expect(
      batch
        .json()
        .photos.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([...new Set(ids)].sort());
    expect(Buffer.from(batch.json().photos[0].data, 'base64').toString()).toContain('<svg');
  });

  it('serves neither the adults nor their photos to callers who may not see them', async () => {
    const [adult] = await s.database.db
      .select()
      .from(authorizedPickUps)
      .where(and(eq(authorizedPickUps.active, true), ne(authorizedPickUps.status, 'not_authorized')))
      .limit(1);
    const [scholarRow] = await s.database.db.select().from(demographics).limit(1);
    for (const token of [teacher, cafeteria, timekeeper]) {
      const snap = await pull(token);
      expect(snap.changes.filter((c) => c.resource === 'authorized_pick_ups')).toEqual([]);
      const batch = await s.call({
        method: 'POST',
        url: '/api/v2/sync/photos',
        token,
        payload: { ids: [adult?.photo_id, scholarRow?.photo_id] },
      });
      // A teacher still gets the scholar's photo (the roster), never the adult's.
      expect(batch.json().photos.map((p: { id: string }) => p.id)).not.toContain(adult?.photo_id);
    }
    const teacherBatch = await s.call({
      method: 'POST',
      url: '/api/v2/sync/photos',
      token: teacher,
      payload: { ids: [scholarRow?.photo_id] },
    });
    expect(teacherBatch.json().photos).toHaveLength(1);
  });

  it('hands out new, changed, deactivated and deleted adults since a cursor', async () => {
    const start = (await pull(office)).cursor;
    const made = (await create({ scholar_id: scholar(10), full_name: 'Delta Adult' })).json().data;
    const gone = (await create({ scholar_id: scholar(10), full_name: 'Gone Adult' })).json().data;
    const first = await pull(office, start);
    expect(first.changes.filter((c) => c.resource === 'authorized_pick_ups').map((c) => [c.id, c.op])).toEqual([
      [made.id, 'upsert'],
      [gone.id, 'upsert'],
    ]);
    await s.call({ method: 'PATCH', url: `${URL}/${made.id}`, token: office, payload: { active: false } });
    await s.call({ method: 'DELETE', url: `${URL}/${gone.id}`, token: office });
    const second = await pull(office, first.cursor);
    expect(second.changes.filter((c) => c.resource === 'authorized_pick_ups')).toEqual([
      { resource: 'authorized_pick_ups', id: made.id, op: 'delete' },
      { resource: 'authorized_pick_ups', id: gone.id, op: 'delete' },
    ]);
  });
});
