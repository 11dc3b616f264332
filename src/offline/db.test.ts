import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineDb, getMeta, OFFLINE_DB_NAME, OfflineDb, setMeta } from './db';
import { enqueue } from './outbox';
import { checkInData, freshDbName, nslpRecord, scholar } from './test/fakes';

const opened: Dexie[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

/** The schema as version 1 devices have it (issue F3), before the meals table. */
class VersionOneDb extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores({
      outbox: 'id, [status+id], [status+next_attempt_at], resource',
      meta: 'key',
      demographics: 'id, lname, fname, grade, homeroom, badge_code, student_number, photo_id',
      check_ins: 'id, scholar_id, school_day, [school_day+scholar_id], kind',
      messenger_schedules: 'id, scholar_id, weekday',
      school_settings: 'id',
      photos: 'id',
    });
  }
}

describe('the offline database', () => {
  it('declares version 2 with the outbox, meta and snapshot tables and their indexes', async () => {
    const db = createOfflineDb(freshDbName());
    opened.push(db);
    await db.open();
    expect(createOfflineDb().name).toBe(OFFLINE_DB_NAME);
    expect(db.verno).toBe(2);
    const indexes = Object.fromEntries(db.tables.map((t) => [t.name, t.schema.indexes.map((i) => i.name).sort()]));
    expect(indexes).toEqual({
      outbox: ['[status+id]', '[status+next_attempt_at]', 'resource'],
      meta: [],
      demographics: ['badge_code', 'fname', 'grade', 'homeroom', 'lname', 'photo_id', 'student_number'],
      check_ins: ['[school_day+scholar_id]', 'kind', 'scholar_id', 'school_day'],
      nslp_records: ['[served_on+meal_type]', '[served_on+scholar_id+meal_type]', 'scholar_id', 'served_on'],
      messenger_schedules: ['scholar_id', 'weekday'],
      school_settings: [],
      photos: [],
    });
    await setMeta(db, 'pull_cursor', 12);
    expect(await getMeta(db, 'pull_cursor')).toBe(12);
  });

  it('upgrades a version 1 device in place: the outbox and snapshot stay, the next pull is a full snapshot', async () => {
    const name = freshDbName();
    const v1 = new VersionOneDb(name);
    const entry = await enqueue(
      v1 as unknown as OfflineDb,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: null, deviceId: 'kiosk-1' },
    );
    const ada = scholar();
    await v1.table('demographics').put(ada);
    await v1.table('meta').bulkPut([
      { key: 'pull_cursor', value: 40 },
      { key: 'device_id', value: 'kiosk-1' },
    ]);
    v1.close();

    const v2 = createOfflineDb(name);
    opened.push(v2);
    await v2.open();
    expect(v2.verno).toBe(2);
    expect(await v2.outbox.toArray()).toEqual([entry]);
    expect(await v2.demographics.get(ada.id)).toEqual(ada);
    expect(await getMeta(v2, 'device_id')).toBe('kiosk-1');
    // Version 1 dropped the meals the server already sent: without a cursor, the next pull is a full snapshot.
    expect(await getMeta(v2, 'pull_cursor')).toBeUndefined();
    const meal = nslpRecord({ scholar_id: ada.id });
    await v2.nslp_records.put(meal);
    expect(
      await v2.nslp_records
        .where('[served_on+scholar_id+meal_type]')
        .equals([meal.served_on, ada.id, 'lunch'])
        .toArray(),
    ).toEqual([meal]);
  });

  it('upgrades in place again: a later version block keeps the outbox and runs its upgrade once', async () => {
    const name = freshDbName();
    const v2 = createOfflineDb(name);
    opened.push(v2);
    const entry = await enqueue(
      v2,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: null },
    );
    v2.close();

    class NextVersion extends OfflineDb {
      constructor() {
        super(name);
        this.version(3)
          .stores({ timesheets: 'id, user_id' })
          .upgrade((tx) =>
            tx
              .table('outbox')
              .toCollection()
              .modify((e: { field_errors: unknown }) => {
                e.field_errors = { upgraded: ['yes'] };
              }),
          );
      }
    }
    const v3 = new NextVersion();
    opened.push(v3);
    await v3.open();
    expect(v3.verno).toBe(3);
    expect(v3.tables.map((t) => t.name).sort()).toEqual([
      'check_ins',
      'demographics',
      'messenger_schedules',
      'meta',
      'nslp_records',
      'outbox',
      'photos',
      'school_settings',
      'timesheets',
    ]);
    expect(await v3.outbox.get(entry.id)).toEqual({ ...entry, field_errors: { upgraded: ['yes'] } });
  });
});
