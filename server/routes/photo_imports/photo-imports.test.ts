import { crc32 } from 'node:zlib';
import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_SIDE } from '../../../src/contract';
import { auditEvents, changes, demographics, photos } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';
import { BATCH_FILES } from './index';

let s: TestServer;
let admin: string;
let scholars: (typeof demographics.$inferSelect)[];

/** A JPEG of this size and colour, made with sharp. */
const jpeg = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 80 } } })
    .jpeg()
    .toBuffer();
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A PNG whose header says 10000×8000 pixels (its pixels are one): refused by its size before any decoding. */
const hugePng = async () => {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: 'red' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(10_000, 16);
  png.writeUInt32BE(8_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
};

const upload = (zip: Uint8Array | Buffer, token = admin, name = 'photos.zip') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), name);
  return s.call({ method: 'POST', url: '/api/v2/photo_imports', token, payload: form as never });
};

const photoOf = async (id: string) => {
  const [row] = await s.database.db
    .select({ photo_id: demographics.photo_id, sha256: photos.sha256, bytes: photos.bytes, type: photos.content_type })
    .from(demographics)
    .leftJoin(photos, eq(photos.id, demographics.photo_id))
    .where(eq(demographics.id, id));
  return row;
};

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@demo.school');
  scholars = await s.database.db.select().from(demographics).orderBy(asc(demographics.student_number)).limit(80);
  if (scholars.length < 80) throw new Error('the demo school has fewer than 80 scholars');
});
afterAll(() => s.close());

describe('POST v2/photo_imports', () => {
  it('takes photos by student number and by sourcedId, resized like a single upload, and says what it left', async () => {
    const [byNumber, bySourced, inFolder, twice] = scholars as [
      (typeof scholars)[0],
      (typeof scholars)[0],
      (typeof scholars)[0],
      (typeof scholars)[0],
    ];
    await s.database.db.update(demographics).set({ sourced_id: 'stu-Ab12' }).where(eq(demographics.id, bySourced.id));
    const before = await photoOf(byNumber.id);
    const [{ id: auditBefore } = { id: 0 }] = await s.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .orderBy(desc(auditEvents.id))
      .limit(1);
    const [{ seq: changesBefore } = { seq: 0 }] = await s.database.db
      .select({ seq: changes.seq })
      .from(changes)
      .orderBy(desc(changes.seq))
      .limit(1);
    const zip = zipSync({
      [`${byNumber.student_number}.JPG`]: await jpeg(1600, 1200),
      // The sourcedId in another case, with spaces around the name: matched trimmed and case-insensitively.
      ' STU-ab12 .png': await png(300, 500),
      [`class photos/room 4/${inFolder.student_number}.webp`]: await sharp(await jpeg(700, 700, 90))
        .webp()
        .toBuffer(),
      [`${twice.student_number}.jpg`]: await jpeg(200, 200, 10),
      [`again/${twice.student_number}.jpeg`]: await jpeg(200, 200, 250),
      'nobody-999999.jpg': await jpeg(50, 50),
      // What archivers and file managers add: ignored, neither matched nor reported.
      [`__MACOSX/._${byNumber.student_number}.JPG`]: new Uint8Array([0, 5, 22, 7]),
      '.DS_Store': new Uint8Array([1, 2, 3]),
      'Thumbs.db': new Uint8Array([1, 2, 3]),
      'empty folder/': new Uint8Array(0),
      // Named after scholars, but not images, damaged, HEIC, or larger than the limit.
      [`${scholars[4]?.student_number}.jpg`]: new TextEncoder().encode('not a picture at all'),
      [`${scholars[5]?.student_number}.jpg`]: (await jpeg(400, 400)).subarray(0, 300),
      [`${scholars[6]?.student_number}.heic`]: new Uint8Array([
        0,
        0,
        0,
        24,
        ...new TextEncoder().encode('ftypheic'),
        0,
        0,
        0,
        0,
        ...new TextEncoder().encode('mif1heic'),
        9,
        9,
      ]),
      [`${scholars[7]?.student_number}.png`]: [new Uint8Array(21 * 1024 * 1024), { level: 9 }],
      [`${scholars[8]?.student_number}.png`]: await hugePng(),
    });
    const res = await upload(zip);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.updated).toBe(4);
    expect(data.unchanged).toBe(0);
    expect(data.unmatched).toEqual(['nobody-999999.jpg']);
    expect(data.refused).toEqual([
      {
        name: `again/${twice.student_number}.jpeg`,
        code: 'duplicate',
        message: 'Another file of the zip is already this scholar’s photo.',
      },
      {
        name: `${scholars[7]?.student_number}.png`,
        code: 'too_large',
        message: 'Larger than 20 MB or 50 megapixels.',
      },
      {
        name: `${scholars[4]?.student_number}.jpg`,
        code: 'not_image',
        message: 'Not a JPEG, PNG, WebP or HEIC image.',
      },
      {
        name: `${scholars[5]?.student_number}.jpg`,
        code: 'unreadable',
        message: 'The image cannot be read (it may be damaged).',
      },
      {
        name: `${scholars[6]?.student_number}.heic`,
        code: 'heic',
        message: 'This server cannot read HEIC images: save the photo as JPEG.',
      },
      {
        name: `${scholars[8]?.student_number}.png`,
        code: 'too_large',
        message: 'Larger than 20 MB or 50 megapixels.',
      },
    ]);

    const after = await photoOf(byNumber.id);
    expect(after?.photo_id).not.toBe(before?.photo_id);
    expect(after?.type).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(after?.bytes ?? [])).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PHOTO_MAX_SIDE, 480]);
    const sourced = await photoOf(bySourced.id);
    const sourcedMeta = await sharp(Buffer.from(sourced?.bytes ?? [])).metadata();
    // Never enlarged; the half-transparent PNG lands on white, as a JPEG.
    expect([sourcedMeta.format, sourcedMeta.width, sourcedMeta.height, sourcedMeta.hasAlpha]).toEqual([
      'jpeg',
      300,
      500,
      false,
    ]);
    expect((await photoOf(inFolder.id))?.type).toBe('image/jpeg');
    // The first file of a scholar named twice wins.
    const first = await photoOf(twice.id);
    const { dominant } = await sharp(Buffer.from(first?.bytes ?? [])).stats();
    expect(dominant.r).toBeLessThan(128);
    for (const refused of scholars.slice(4, 9)) {
      expect((await photoOf(refused?.id ?? ''))?.photo_id, refused?.student_number).toBe(refused?.photo_id);
    }

    // Each new photo is audited with its scholar's change, and the stations' change log carries the scholars.
    const events = await s.database.db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.id, auditBefore))
      .orderBy(asc(auditEvents.id));
    const updated = [byNumber, bySourced, inFolder, twice].map((x) => x.id);
    expect(
      events.filter((e) => e.resource === 'demographics' && e.action === 'update').map((e) => e.record_id),
    ).toEqual(expect.arrayContaining(updated));
    expect(events.filter((e) => e.resource === 'photos' && e.action === 'create')).toHaveLength(4);
    const logged = await s.database.db
      .select({ id: changes.record_id })
      .from(changes)
      .where(
        and(eq(changes.resource, 'demographics'), inArray(changes.record_id, updated), gt(changes.seq, changesBefore)),
      );
    expect(new Set(logged.map((c) => c.id))).toEqual(new Set(updated));
  });

  it('the same zip twice changes nothing the second time; photos over several batches', async () => {
    const many = scholars.slice(10, 10 + BATCH_FILES + 12);
    const files: Record<string, Uint8Array> = {};
    for (const [i, scholar] of many.entries()) files[`${scholar.student_number}.jpg`] = await jpeg(120, 160, i * 3);
    const zip = zipSync(files);
    const first = await upload(zip);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ updated: many.length, unchanged: 0, unmatched: [], refused: [] });
    const [{ value: photosBefore } = { value: 0 }] = await s.database.db.select({ value: count() }).from(photos);
    const again = await upload(zip);
    expect(again.json().data).toEqual({ updated: 0, unchanged: many.length, unmatched: [], refused: [] });
    const [{ value: photosAfter } = { value: 0 }] = await s.database.db.select({ value: count() }).from(photos);
    expect(photosAfter).toBe(photosBefore);
    // A stored photo itself, as an export would give it back, is recognised too.
    const stored = await photoOf(many[0]?.id ?? '');
    const back = await upload(zipSync({ [`${many[0]?.student_number}.jpg`]: new Uint8Array(stored?.bytes ?? []) }));
    expect(back.json().data).toEqual({ updated: 0, unchanged: 1, unmatched: [], refused: [] });
  });

  it('answers 422 naming the file for what is not a zip, and for no file', async () => {
    const res = await upload(await jpeg(10, 10), admin, 'photo.zip');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: ['The file is not a zip file.'] });
    const none = await s.call({ method: 'POST', url: '/api/v2/photo_imports', token: admin, payload: {} });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['file']);
    const crowded = Object.fromEntries(Array.from({ length: 20_001 }, (_, i) => [`f${i}.jpg`, new Uint8Array(0)]));
    const tooMany = await upload(zipSync(crowded));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ file: ['The zip holds more than 20,000 files.'] });
    const empty = await upload(zipSync({}));
    expect(empty.json().data).toEqual({ updated: 0, unchanged: 0, unmatched: [], refused: [] });
  });

  it('is the Administrator’s: the front office gets 403 and nothing changes', async () => {
    const office = await s.login('office@demo.school');
    const target = scholars[78] as (typeof scholars)[0];
    const res = await upload(zipSync({ [`${target.student_number}.jpg`]: await jpeg(40, 40) }), office);
    expect(res.statusCode).toBe(403);
    expect((await photoOf(target.id))?.photo_id).toBe(target.photo_id);
    const anonymous = await s.call({ method: 'POST', url: '/api/v2/photo_imports', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
