import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimesheetRecord } from '../contract';
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

/** The schema as version 1 devices have it, before the meals table. */
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
  it('declares version 8 with the outbox, meta, snapshot, portal, absence report, dismissal change and car line tables and their indexes', async () => {
    const db = createOfflineDb(freshDbName());
    opened.push(db);
    await db.open();
    expect(createOfflineDb().name).toBe(OFFLINE_DB_NAME);
    expect(db.verno).toBe(8);
    const indexes = Object.fromEntries(db.tables.map((t) => [t.name, t.schema.indexes.map((i) => i.name).sort()]));
    expect(indexes).toEqual({
      outbox: ['[status+id]', '[status+next_attempt_at]', 'resource'],
      meta: [],
      demographics: ['badge_code', 'fname', 'grade', 'homeroom', 'lname', 'photo_id', 'student_number'],
      check_ins: ['[school_day+scholar_id]', 'kind', 'scholar_id', 'school_day'],
      nslp_records: ['[served_on+meal_type]', '[served_on+scholar_id+meal_type]', 'scholar_id', 'served_on'],
      messenger_schedules: ['scholar_id', 'weekday'],
      school_settings: [],
      authorized_pick_ups: ['photo_id', 'scholar_id'],
      timesheets: ['[user_id+work_date]', 'user_id'],
      photos: [],
      portal_cache: ['user_id'],
      absence_reports: ['ends_on', 'scholar_id'],
      dismissal_changes: ['ends_on', 'scholar_id'],
      car_line_queue: ['scholar_id', 'school_day'],
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
    expect(v2.verno).toBe(8);
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

  it('upgrades a version 2 device: the outbox and meals stay, pick-up adults get a table and a full snapshot', async () => {
    const name = freshDbName();
    class VersionTwoDb extends VersionOneDb {
      constructor() {
        super(name);
        this.version(2).stores({
          nslp_records: 'id, scholar_id, served_on, [served_on+meal_type], [served_on+scholar_id+meal_type]',
        });
      }
    }
    const v2 = new VersionTwoDb();
    const entry = await enqueue(
      v2 as unknown as OfflineDb,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: null, deviceId: 'tablet-1' },
    );
    const meal = nslpRecord({ scholar_id: 's1' });
    await v2.table('nslp_records').put(meal);
    await v2.table('meta').put({ key: 'pull_cursor', value: 77 });
    v2.close();

    const v3 = createOfflineDb(name);
    opened.push(v3);
    await v3.open();
    expect(v3.verno).toBe(8);
    expect(await v3.outbox.toArray()).toEqual([entry]);
    expect(await v3.nslp_records.toArray()).toEqual([meal]);
    // Version 2 dropped the pick-up adults the server already sent: the next pull is a full snapshot.
    expect(await getMeta(v3, 'pull_cursor')).toBeUndefined();
    await v3.authorized_pick_ups.put({
      id: 'p1',
      scholar_id: 's1',
      full_name: 'Grace Hopper',
      relationship: 'Aunt',
      phone: null,
      photo_id: 'ph1',
      status: 'authorized',
      notes: null,
      valid_from: null,
      valid_until: null,
      active: true,
      created_at: '2026-11-20T08:00:00Z',
      updated_at: '2026-11-20T08:00:00Z',
    });
    expect((await v3.authorized_pick_ups.where('scholar_id').equals('s1').toArray()).map((p) => p.id)).toEqual(['p1']);
  });

  it("upgrades a version 3 device: the outbox stays, the staff member's own timesheets get a table and a full snapshot", async () => {
    const name = freshDbName();
    class VersionThreeDb extends VersionOneDb {
      constructor() {
        super(name);
        this.version(2).stores({
          nslp_records: 'id, scholar_id, served_on, [served_on+meal_type], [served_on+scholar_id+meal_type]',
        });
        this.version(3).stores({ authorized_pick_ups: 'id, scholar_id, photo_id' });
      }
    }
    const v3 = new VersionThreeDb();
    const entry = await enqueue(
      v3 as unknown as OfflineDb,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: null, deviceId: 'kiosk-2' },
    );
    await v3.table('meta').put({ key: 'pull_cursor', value: 91 });
    v3.close();

    const v4 = createOfflineDb(name);
    opened.push(v4);
    await v4.open();
    expect(v4.verno).toBe(8);
    expect(await v4.outbox.toArray()).toEqual([entry]);
    // Version 3 never kept the timesheets the server already sent: the next pull is a full snapshot.
    expect(await getMeta(v4, 'pull_cursor')).toBeUndefined();
    const record = {
      id: 't1',
      user_id: 'u1',
      user_name: 'Teacher, Terry',
      work_date: '2026-11-20',
      started_at: '2026-11-20T15:58:00Z',
      ended_at: null,
      break_minutes: 0,
      category: 'regular',
      leave_type: null,
      note: null,
      method: 'clock',
      worked_minutes: null,
      locked: false,
      recorded_by: 'u1',
      device_id: 'phone-1',
      version: 1,
      created_at: '2026-11-20T15:58:00Z',
      updated_at: '2026-11-20T15:58:00Z',
    } satisfies TimesheetRecord;
    await v4.timesheets.put(record);
    expect(await v4.timesheets.where('[user_id+work_date]').equals(['u1', '2026-11-20']).toArray()).toEqual([record]);
  });

  it('upgrades a version 5 device: the outbox and portal answers stay, absence reports get a table and a full snapshot', async () => {
    const name = freshDbName();
    class VersionFiveDb extends VersionOneDb {
      constructor() {
        super(name);
        this.version(2).stores({
          nslp_records: 'id, scholar_id, served_on, [served_on+meal_type], [served_on+scholar_id+meal_type]',
        });
        this.version(3).stores({ authorized_pick_ups: 'id, scholar_id, photo_id' });
        this.version(4).stores({ timesheets: 'id, user_id, [user_id+work_date]' });
        this.version(5).stores({ portal_cache: 'key, user_id' });
      }
    }
    const v5 = new VersionFiveDb();
    const entry = await enqueue(
      v5 as unknown as OfflineDb,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: null, deviceId: 'kiosk-5' },
    );
    const answer = { key: 'u1 v2/scholar/scholars', user_id: 'u1', data: { data: [] }, fetched_at: 1 };
    await v5.table('portal_cache').put(answer);
    await v5.table('meta').put({ key: 'pull_cursor', value: 91 });
    v5.close();

    const v6 = createOfflineDb(name);
    opened.push(v6);
    await v6.open();
    expect(v6.verno).toBe(8);
    expect(await v6.outbox.toArray()).toEqual([entry]);
    expect(await v6.portal_cache.toArray()).toEqual([answer]);
    // The server already passed by today's reports for this device: without a cursor the next pull brings them.
    expect(await getMeta(v6, 'pull_cursor')).toBeUndefined();
    await v6.absence_reports.put({ id: 'r1', scholar_id: 's1', ends_on: '2026-03-02' } as never);
    expect((await v6.absence_reports.where('scholar_id').equals('s1').toArray()).map((r) => r.id)).toEqual(['r1']);
  });

  it('upgrades a version 6 device: the outbox and absence reports stay, dismissal changes get a table and a full snapshot', async () => {
    const name = freshDbName();
    class VersionSixDb extends VersionOneDb {
      constructor() {
        super(name);
        this.version(2).stores({
          nslp_records: 'id, scholar_id, served_on, [served_on+meal_type], [served_on+scholar_id+meal_type]',
        });
        this.version(3).stores({ authorized_pick_ups: 'id, scholar_id, photo_id' });
        this.version(4).stores({ timesheets: 'id, user_id, [user_id+work_date]' });
        this.version(5).stores({ portal_cache: 'key, user_id' });
        this.version(6).stores({ absence_reports: 'id, scholar_id, ends_on' });
      }
    }
    const v6 = new VersionSixDb();
    const entry = await enqueue(
      v6 as unknown as OfflineDb,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: null, deviceId: 'kiosk-6' },
    );
    await v6.table('absence_reports').put({ id: 'r1', scholar_id: 's1', ends_on: '2026-03-02' });
    await v6.table('meta').put({ key: 'pull_cursor', value: 92 });
    v6.close();

    const v7 = createOfflineDb(name);
    opened.push(v7);
    await v7.open();
    expect(v7.verno).toBe(8);
    expect(await v7.outbox.toArray()).toEqual([entry]);
    expect((await v7.absence_reports.toArray()).map((r) => r.id)).toEqual(['r1']);
    // The scholars' plans and today's confirmed changes come with the next full snapshot.
    expect(await getMeta(v7, 'pull_cursor')).toBeUndefined();
    await v7.dismissal_changes.put({ id: 'c1', scholar_id: 's1', ends_on: '2026-03-02' } as never);
    expect((await v7.dismissal_changes.where('scholar_id').equals('s1').toArray()).map((c) => c.id)).toEqual(['c1']);
  });

  it('upgrades a version 6 device: the outbox stays, the car line queue gets a table and a full snapshot', async () => {
    const name = freshDbName();
    class VersionSixDb extends Dexie {
      constructor() {
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
        this.version(2).stores({
          nslp_records: 'id, scholar_id, served_on, [served_on+meal_type], [served_on+scholar_id+meal_type]',
        });
        this.version(3).stores({ authorized_pick_ups: 'id, scholar_id, photo_id' });
        this.version(4).stores({ timesheets: 'id, user_id, [user_id+work_date]' });
        this.version(5).stores({ portal_cache: 'key, user_id' });
        this.version(6).stores({ absence_reports: 'id, scholar_id, ends_on' });
      }
    }
    const v6 = new VersionSixDb();
    const entry = await enqueue(
      v6 as unknown as OfflineDb,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: null, deviceId: 'curb-6' },
    );
    await v6.table('meta').put({ key: 'pull_cursor', value: 93 });
    v6.close();

    const v8 = createOfflineDb(name);
    opened.push(v8);
    await v8.open();
    expect(await v8.outbox.toArray()).toEqual([entry]);
    // The server already passed by today's queue for this device: without a cursor the next pull brings it.
    expect(await getMeta(v8, 'pull_cursor')).toBeUndefined();
    await v8.car_line_queue.put({ id: 'q1', scholar_id: 's1', school_day: '2026-03-02' } as never);
    expect((await v8.car_line_queue.where('school_day').equals('2026-03-02').toArray()).map((r) => r.id)).toEqual([
      'q1',
    ]);
  });

  it('upgrades in place again: a later version block keeps the outbox and runs its upgrade once', async () => {
    const name = freshDbName();
    const current = createOfflineDb(name);
    opened.push(current);
    const entry = await enqueue(
      current,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: null },
    );
    current.close();

    class NextVersion extends OfflineDb {
      constructor() {
        super(name);
        this.version(9)
          .stores({ staff_notes: 'id, user_id' })
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
    const v5 = new NextVersion();
    opened.push(v5);
    await v5.open();
    expect(v5.verno).toBe(9);
    expect(v5.tables.map((t) => t.name).sort()).toEqual([
      'absence_reports',
      'authorized_pick_ups',
      'car_line_queue',
      'check_ins',
      'demographics',
      'dismissal_changes',
      'messenger_schedules',
      'meta',
      'nslp_records',
      'outbox',
      'photos',
      'portal_cache',
      'school_settings',
      'staff_notes',
      'timesheets',
    ]);
    expect(await v5.outbox.get(entry.id)).toEqual({ ...entry, field_errors: { upgraded: ['yes'] } });
  });
});
