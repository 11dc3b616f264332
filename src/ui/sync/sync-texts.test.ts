import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import sync from '../../../locales/en/sync.json';
import syncEs from '../../../locales/es/sync.json';
import { NETWORK_ERROR, SERVER_ERROR } from '../../api/errors';
import {
  agoText,
  attentionCsvName,
  type EntryContext,
  entryLabel,
  entryTitle,
  problemText,
  reasonText,
  recorderText,
  SNAPSHOT_STALE_MS,
  serverRecordRows,
  storageSize,
  storageUsageText,
  syncSummary,
  waitingStatusText,
} from './sync-texts';
import { IDLE_STATUS, makeEntry } from './test/fake-source';

let t: TFunction<'sync'>;
let tEs: TFunction<'sync'>;
const NOW = Date.parse('2026-03-02T15:00:00.000Z');
const MIN = 60_000;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { sync }, es: { sync: syncEs } },
    defaultNS: 'sync',
    interpolation: { escapeValue: false },
  });
  t = instance.getFixedT('en', 'sync');
  tEs = instance.getFixedT('es', 'sync') as unknown as TFunction<'sync'>;
});

/** Intl puts a narrow no-break space before AM/PM; the assertions read plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('agoText', () => {
  it('names an age in the largest whole unit', () => {
    expect(agoText(t, NOW - 30_000, NOW)).toBe('just now');
    expect(agoText(t, NOW - 2 * MIN, NOW)).toBe('2 min ago');
    expect(agoText(t, NOW - 3 * 60 * MIN - 5 * MIN, NOW)).toBe('3 h ago');
    expect(agoText(t, NOW - 50 * 60 * MIN, NOW)).toBe('2 days ago');
    // A device clock that went back never shows a negative age.
    expect(agoText(t, NOW + 5 * MIN, NOW)).toBe('just now');
  });
});

describe('syncSummary', () => {
  it('says online, all sent and not synced yet for a new device', () => {
    const summary = syncSummary(t, IDLE_STATUS, NOW);
    expect(summary).toEqual({
      connection: 'Online',
      waiting: 'All sent',
      attention: null,
      lastSync: 'Not synced yet',
      roster: null,
      progress: null,
    });
  });

  it('counts waiting and attention entries and says when the device last synced', () => {
    const summary = syncSummary(
      t,
      { ...IDLE_STATUS, online: false, waiting: 3, attention: 1, lastSyncAt: NOW - 2 * MIN },
      NOW,
    );
    expect(summary.connection).toBe('Offline');
    expect(summary.waiting).toBe('3 waiting to send');
    expect(summary.attention).toBe('1 needs attention');
    expect(summary.lastSync).toBe('Synced 2 min ago');
  });

  it('names the roster age only once it is older than 15 minutes', () => {
    const at = (snapshotAt: number) => syncSummary(t, { ...IDLE_STATUS, snapshotAt }, NOW).roster;
    expect(at(NOW - SNAPSHOT_STALE_MS)).toBeNull();
    expect(at(NOW - SNAPSHOT_STALE_MS - MIN)).toBe('Roster from 16 min ago');
    expect(at(NOW - 3 * 60 * MIN)).toBe('Roster from 3 h ago');
  });

  it('shows progress only for a send of 20 entries or more', () => {
    const at = (total: number) => syncSummary(t, { ...IDLE_STATUS, progress: { sent: 5, total } }, NOW).progress;
    expect(at(19)).toBeNull();
    expect(at(20)).toEqual({ sent: 5, total: 20, label: 'Sending 5 of 20' });
  });

  it('shows the roster download page by page, and a large send before it', () => {
    const snapshot = { received: 4000, total: 9185 };
    expect(syncSummary(t, { ...IDLE_STATUS, snapshot }, NOW).progress).toEqual({
      sent: 4000,
      total: 9185,
      label: 'Downloading the roster: 4000 of 9185',
    });
    const both = syncSummary(t, { ...IDLE_STATUS, snapshot, progress: { sent: 5, total: 40 } }, NOW);
    expect(both.progress?.label).toBe('Sending 5 of 40');
    expect(syncSummary(t, { ...IDLE_STATUS, snapshot: { received: 0, total: 0 } }, NOW).progress).toBeNull();
  });
});

describe('entry texts', () => {
  /** The school in Los Angeles on Monday 2 March 2026, 12:00 noon there. */
  const context: EntryContext = {
    scholarNames: new Map([['scholar-1', 'Jasmine Adams']]),
    timeZone: 'America/Los_Angeles',
    language: 'en',
    now: Date.parse('2026-03-02T20:00:00.000Z'),
  };
  const refusedLunch = makeEntry({
    resource: 'nslp_records',
    status: 'attention',
    data: { id: 'x', scholar_id: 'scholar-1', meal_type: 'lunch', served_at: '2026-03-02T19:42:00.000Z' },
    recorded_at: '2026-03-02T19:42:00.000Z',
    recorded_by: '0190f000-0000-7000-8000-00000000abcd',
    recorded_by_name: 'Carmen Cafeteria',
    last_error: 'This scholar already had lunch that day.',
    server_record: { id: 'r2', meal_type: 'lunch', served_at: '2026-03-02T19:30:00.000Z', recorded_by: 'u-9' },
  });

  it('names an entry by what, for whom and when on the school clock, and who recorded it by name', () => {
    const entry = makeEntry({ last_error: 'The entry is not valid.', recorded_by_name: 'Rosa Diaz' });
    expect(entryLabel(t, entry)).toBe('Check-in (arrival)');
    expect(plain(entryTitle(t, entry, context))).toBe('Arrival · Jasmine Adams · 7:00 AM');
    expect(recorderText(t, entry)).toBe('Recorded by Rosa Diaz');
    expect(recorderText(t, makeEntry())).toBe('Recorded by another staff member on this device');
    const stranger = makeEntry({ data: { kind: 'departure', scholar_id: 'someone-else' } });
    expect(entryTitle(t, stranger, context)).toMatch(/^Departure · a scholar not on this device's roster · /);
  });

  it('names a refused lunch as the cafeteria says it, in English and in Spanish, with no id', () => {
    expect(plain(entryTitle(t, refusedLunch, context))).toBe('Lunch · Jasmine Adams · 11:42 AM');
    expect(reasonText(t, refusedLunch, context)).toBe(
      'Jasmine Adams already has lunch recorded that day. Discard this one unless the other is a mistake.',
    );
    expect(recorderText(t, refusedLunch, context)).toBe('Recorded by Carmen Cafeteria');

    const es = { ...context, language: 'es' };
    expect(plain(entryTitle(tEs, refusedLunch, es))).toBe('Almuerzo · Jasmine Adams · 11:42');
    expect(reasonText(tEs, refusedLunch, es)).toBe(
      'Jasmine Adams ya tiene almuerzo anotado ese día. Descarte este, salvo que el otro sea un error.',
    );
    expect(recorderText(tEs, refusedLunch, es)).toBe('Anotado por Carmen Cafeteria');
    const rows = serverRecordRows(t, refusedLunch.server_record, 'en', context.timeZone);
    expect(rows.map(([name, value]) => `${name}: ${plain(value)}`)).toEqual([
      'Service: Lunch',
      'Served: Mar 2, 2026, 11:30 AM',
    ]);
    const said = [entryTitle(t, refusedLunch, context), reasonText(t, refusedLunch, context), ...rows.flat()].join();
    expect(said).not.toMatch(/nslp_records|[0-9a-f]{8}-[0-9a-f]{4}-|u-9|scholar-1/);
  });

  it('names staff time entries by what and when, never as a scholar', () => {
    const clockIn = makeEntry({
      resource: 'timesheets',
      action: 'create',
      data: { id: 't1', started_at: '2026-03-02T15:58:00.000Z' },
    });
    expect(plain(entryTitle(t, clockIn, context))).toBe('Clock-in · 7:58 AM');
    const clockOut = makeEntry({
      resource: 'timesheets',
      action: 'update',
      data: { id: 't1', base_version: 1, ended_at: '2026-03-03T00:31:00.000Z' },
    });
    expect(plain(entryTitle(t, clockOut, context))).toBe('Clock-out · 4:31 PM');
    const punch = makeEntry({
      resource: 'timesheet_punches',
      action: 'create',
      data: { id: 'p1', badge: 'x'.repeat(24), at: '2026-03-02T16:05:00.000Z' },
    });
    expect(plain(entryTitle(t, punch, context))).toBe('Staff badge · 8:05 AM');
    expect(plain(entryTitle(tEs, punch, { ...context, language: 'es' }))).toBe('Credencial del personal · 8:05');
    // A whole record typed in is named by its resource.
    const typed = makeEntry({
      resource: 'timesheets',
      action: 'create',
      data: { id: 't2', started_at: '2026-03-02T15:00:00.000Z', ended_at: '2026-03-02T17:00:00.000Z' },
    });
    expect(plain(entryTitle(t, typed, context))).toMatch(/^Timesheet record · /);
    for (const entry of [clockIn, clockOut, punch, typed]) {
      expect(entryTitle(t, entry, context)).not.toContain("a scholar not on this device's roster");
    }
  });

  it('names a curb entry of the car line by its tag, never as a scholar', () => {
    const call = makeEntry({
      resource: 'car_line_calls',
      action: 'create',
      data: { id: 'c1', tag_number: 12 },
      recorded_at: '2026-03-02T23:05:00.000Z',
    });
    expect(plain(entryTitle(t, call, context))).toMatch(/^Car line: tag 12 · /);
    expect(plain(entryTitle(tEs, call, { ...context, language: 'es' }))).toMatch(/^Fila de autos: etiqueta 12 · /);
    expect(entryTitle(t, call, context)).not.toContain("a scholar not on this device's roster");
  });

  it("gives the day too for an entry from another day of the school's calendar", () => {
    // 7:30 PM on 1 March in Los Angeles is already 2 March in UTC: the school's day decides, not the device's.
    const evening = makeEntry({
      data: { kind: 'departure', scholar_id: 'scholar-1', occurred_at: '2026-03-02T03:30:00.000Z' },
    });
    expect(plain(entryTitle(t, evening, context))).toBe('Departure · Jasmine Adams · Sun, Mar 1, 7:30 PM');
  });

  it('names the signed-in person for their own entries kept without a name, and nobody else by id', () => {
    const recorderName = (id: string) => (id === 'user-1' ? 'Carmen Cafeteria' : null);
    expect(recorderText(t, makeEntry({ recorded_by: 'user-1' }), { recorderName })).toBe(
      'Recorded by Carmen Cafeteria',
    );
    expect(recorderText(t, makeEntry({ recorded_by: 'user-2' }), { recorderName })).toBe(
      'Recorded by another staff member on this device',
    );
    expect(recorderText(t, makeEntry({ recorded_by: null }), { recorderName })).toBe(
      'Recorded by another staff member on this device',
    );
  });

  it('explains each refusal the server gives in plain words with what to do, and keeps any other as said', () => {
    const reason = (overrides: Parameters<typeof makeEntry>[0]) =>
      reasonText(t, makeEntry({ status: 'attention', ...overrides }), context);
    // A check-in already there, said without its record (a unique rule of the database).
    expect(reason({ last_error: 'This scholar already arrived today.' })).toBe(
      'Arrival for Jasmine Adams is already recorded on the server. Discard this one unless it is different.',
    );
    expect(reason({ last_error: 'The entry is not valid.', field_errors: { reason: ['Too long.'] } })).toBe(
      'The entry is not valid. Something in it is missing or not right, as said below: correct it and it is sent again, or discard it.',
    );
    // A rule's own sentence that only repeats the field's is replaced too: the field says it below.
    expect(
      reason({
        last_error: 'A late arrival needs a reason.',
        field_errors: { reason: ['A late arrival needs a reason.'] },
      }),
    ).toMatch(/^The entry is not valid\. Something in it is missing/);
    expect(
      reason({ resource: 'nslp_records', data: { meal_type: 'lunch' }, last_error: 'The entry is not valid.' }),
    ).toBe(
      'The entry is not valid. Something in it is missing or not right, as said below: export the list for the office, then discard it.',
    );
    expect(reason({ last_error: 'You do not have permission to do that.' })).toBe(
      'The person signed in here is not allowed to record arrival. Sign in as someone who is, then choose Retry.',
    );
    // The server's sentence stays first where it is already plain, and what to do follows.
    expect(reason({ last_error: 'Some text has characters the server cannot store.' })).toBe(
      'Some text has characters the server cannot store. Correct the text, or export the list for the office and discard it.',
    );
    expect(reason({ last_error: 'A date or time is outside what the server can store.' })).toMatch(
      /check this device's date and time/,
    );
    expect(reason({ last_error: 'The server did not accept this entry.' })).toMatch(/did not say why\. Choose Retry/);
    expect(reason({ last_error: 'Pick-up adult is not valid today.' })).toBe('Pick-up adult is not valid today.');
    expect(reasonText(tEs, makeEntry({ last_error: 'Pick-up adult is not valid today.' }), context)).toBe(
      'El servidor respondió (en inglés): «Pick-up adult is not valid today.»',
    );
    expect(reason({ last_error: null })).toBeNull();
  });

  it('says why a waiting entry has not gone yet and that the device keeps trying', () => {
    expect(waitingStatusText(t, makeEntry())).toBe('Not sent yet.');
    expect(waitingStatusText(t, makeEntry({ status: 'sending' }))).toBe('Being sent now.');
    expect(waitingStatusText(t, makeEntry({ attempts: 1, last_error: NETWORK_ERROR }))).toBe(
      'Tried once. The server could not be reached. This device tries again by itself; check the Wi-Fi if it lasts.',
    );
    expect(waitingStatusText(t, makeEntry({ attempts: 3, last_error: SERVER_ERROR }))).toBe(
      'Tried 3 times. The server had a problem. This device tries again by itself in a few minutes.',
    );
    expect(waitingStatusText(tEs, makeEntry({ attempts: 3, last_error: NETWORK_ERROR }))).toBe(
      'Se intentó 3 veces. No se pudo contactar con el servidor. Este dispositivo vuelve a intentarlo solo; revise el wifi si dura.',
    );
    expect(problemText(t, 'The server did not answer for this entry.')).toBe(
      'The server did not answer for this entry. This device sends it again by itself.',
    );
    expect(problemText(t, 'Disk full')).toBe('Disk full');
  });

  it("summarises the server's record of a conflict and ignores anything that is not a record", () => {
    const rows = serverRecordRows(
      t,
      { id: 'x', kind: 'sign_out', school_day: '2026-03-02', reason: '', pick_up_name: 'Ana Ruiz', flagged: true },
      'en',
    );
    expect(rows).toEqual([
      ['Kind', 'sign-out'],
      ['School day', 'Mon, Mar 2, 2026'],
      ['Picked up by', 'Ana Ruiz'],
    ]);
    expect(serverRecordRows(t, null, 'en')).toEqual([]);
    expect(serverRecordRows(t, 'conflict', 'en')).toEqual([]);
  });

  it('says how much room the device has, and what to do when it is almost full', () => {
    expect(storageSize(12_540_000, 'en')).toBe('12.5 MB');
    expect(storageSize(0, 'en')).toBe('0 MB');
    expect(storageSize(120_440_000_000, 'en')).toBe('120.4 GB');
    expect(storageSize(12_540_000, 'es')).toBe('12,5 MB');
    expect(storageUsageText(t, 12_500_000, 200_000_000, 'en')).toBe(
      'This app uses 12.5 MB of the 200 MB the browser allows it: plenty of room.',
    );
    expect(storageUsageText(t, 190_000_000, 200_000_000, 'en')).toBe(
      'Storage is almost full: 190 MB of 200 MB in use. Send the waiting entries with “Sync now”, then ask whoever looks after this device to free some space on it.',
    );
  });

  it("names the export file with the school's day, which a UTC midnight has not reached yet", () => {
    const utcMidnight = Date.parse('2026-03-03T00:30:00Z');
    expect(attentionCsvName(utcMidnight, 'America/Los_Angeles')).toBe('needs-attention-2026-03-02.csv');
    expect(attentionCsvName(utcMidnight, 'Europe/Madrid')).toBe('needs-attention-2026-03-03.csv');
  });
});
