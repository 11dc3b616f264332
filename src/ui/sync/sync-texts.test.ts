import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import sync from '../../../locales/en/sync.json';
import {
  agoText,
  attentionCsvName,
  entryLabel,
  entryTitle,
  megabytes,
  reasonText,
  recorderText,
  SNAPSHOT_STALE_MS,
  serverRecordRows,
  syncSummary,
} from './sync-texts';
import { IDLE_STATUS, makeEntry } from './test/fake-source';

let t: TFunction<'sync'>;
const NOW = Date.parse('2026-03-02T15:00:00.000Z');
const MIN = 60_000;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { sync } },
    defaultNS: 'sync',
    interpolation: { escapeValue: false },
  });
  t = instance.getFixedT('en', 'sync');
});

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
  it('names an entry by what, for whom and when on the school clock, and who recorded it by name', () => {
    const context = {
      scholarNames: new Map([['scholar-1', 'Jasmine Adams']]),
      timeZone: 'America/Los_Angeles',
      language: 'en',
    };
    const entry = makeEntry({ last_error: 'The entry is not valid.', recorded_by_name: 'Rosa Diaz' });
    expect(entryLabel(t, entry)).toBe('Check-in (arrival)');
    expect(entryTitle(t, entry, context).replace(/\s/g, ' ')).toBe('Arrival · Jasmine Adams · 7:00 AM');
    expect(recorderText(t, entry)).toBe('Recorded by Rosa Diaz');
    expect(recorderText(t, makeEntry())).toBe('Recorded by another staff member on this device');
    expect(reasonText(t, entry, context)).toBe('The entry is not valid.');
    const stranger = makeEntry({ data: { kind: 'departure', scholar_id: 'someone-else' } });
    expect(entryTitle(t, stranger, context)).toMatch(/^Departure · a scholar not on this device's roster · /);
  });

  it("summarises the server's record of a conflict and ignores anything that is not a record", () => {
    const rows = serverRecordRows(
      t,
      { id: 'x', kind: 'sign_out', school_day: '2026-03-02', reason: '', pick_up_name: 'Ana Ruiz', flagged: true },
      'en',
    );
    expect(rows).toEqual([
      ['Kind', 'sign-out'],
      ['School day', '2026-03-02'],
      ['Picked up by', 'Ana Ruiz'],
    ]);
    expect(serverRecordRows(t, null, 'en')).toEqual([]);
    expect(serverRecordRows(t, 'conflict', 'en')).toEqual([]);
  });

  it('formats megabytes and the export file name', () => {
    expect(megabytes(12_540_000, 'en')).toBe('12.5');
    expect(megabytes(0, 'en')).toBe('0');
    expect(attentionCsvName(new Date(2026, 2, 2, 23, 59))).toBe('needs-attention-2026-03-02.csv');
  });
});
