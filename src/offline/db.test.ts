import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineDb, getMeta, OFFLINE_DB_NAME, OfflineDb, setMeta } from './db';
import { enqueue } from './outbox';
import { checkInData, freshDbName } from './test/fakes';

const opened: OfflineDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

describe('the offline database', () => {
  it('declares version 1 with the outbox, meta and snapshot tables and their indexes', async () => {
    const db = createOfflineDb(freshDbName());
    opened.push(db);
    await db.open();
    expect(createOfflineDb().name).toBe(OFFLINE_DB_NAME);
    expect(db.verno).toBe(1);
    const indexes = Object.fromEntries(db.tables.map((t) => [t.name, t.schema.indexes.map((i) => i.name).sort()]));
    expect(indexes).toEqual({
      outbox: ['[status+id]', '[status+next_attempt_at]', 'resource'],
      meta: [],
      demographics: ['badge_code', 'fname', 'grade', 'homeroom', 'lname', 'photo_id', 'student_number'],
      check_ins: ['[school_day+scholar_id]', 'kind', 'scholar_id', 'school_day'],
      messenger_schedules: ['scholar_id', 'weekday'],
      school_settings: [],
      photos: [],
    });
    await setMeta(db, 'pull_cursor', 12);
    expect(await getMeta(db, 'pull_cursor')).toBe(12);
  });

  it('upgrades in place: a version 2 block keeps the outbox and runs its upgrade once', async () => {
    const name = freshDbName();
    const v1 = createOfflineDb(name);
    opened.push(v1);
    const entry = await enqueue(
      v1,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: null },
    );
    v1.close();

    class NextVersion extends OfflineDb {
      constructor() {
        super(name);
        this.version(2)
          .stores({ nslp_records: 'id, scholar_id, served_on' })
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
    const v2 = new NextVersion();
    opened.push(v2);
    await v2.open();
    expect(v2.verno).toBe(2);
    expect(v2.tables.map((t) => t.name).sort()).toEqual([
      'check_ins',
      'demographics',
      'messenger_schedules',
      'meta',
      'nslp_records',
      'outbox',
      'photos',
      'school_settings',
    ]);
    expect(await v2.outbox.get(entry.id)).toEqual({ ...entry, field_errors: { upgraded: ['yes'] } });
  });
});
