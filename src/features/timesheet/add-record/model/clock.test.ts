import { describe, expect, it } from 'vitest';
import type { TimesheetRecord } from '../../../../contract';
import type { OutboxEntry, StationItem } from '../../../../offline';
import { byDay, openRecord, overlapping, ownRecords, recordMinutes } from './clock';

const ZONE = 'America/Los_Angeles';
const ME = '0190f3a4-0000-7000-8000-000000000001';
const OTHER = '0190f3a4-0000-7000-8000-000000000002';

function server(extra: Partial<TimesheetRecord>): StationItem<TimesheetRecord> {
  return {
    confirmed: true,
    pending: false,
    attention: false,
    record: {
      id: '0190f3a4-0000-7000-8000-0000000000a1',
      user_id: ME,
      user_name: 'Diaz, Rosa',
      work_date: '2026-03-02',
      started_at: '2026-03-02T15:58:00.000Z',
      ended_at: null,
      break_minutes: 0,
      worked_minutes: null,
      category: 'regular',
      leave_type: null,
      note: null,
      method: 'clock',
      version: 3,
      locked: false,
      recorded_by: ME,
      device_id: null,
      created_at: '2026-03-02T15:58:00.000Z',
      updated_at: '2026-03-02T15:58:00.000Z',
      ...extra,
    },
  };
}

function entry(action: 'create' | 'update', data: Record<string, unknown>, status: OutboxEntry['status'] = 'pending') {
  return {
    id: '0190f3a4-0000-7000-8000-0000000000e1',
    resource: 'timesheets',
    action,
    data,
    recorded_at: '2026-03-02T20:00:00.000Z',
    recorded_by: ME,
    device_id: 'd',
    attempts: 0,
    next_attempt_at: 0,
    status,
    last_error: null,
    field_errors: null,
    server_record: null,
  } satisfies OutboxEntry;
}

describe('the clock of Add Record', () => {
  it('is clocked in on a record the server has, since its start, with its version for the clock-out', () => {
    const records = ownRecords([server({})], [], ME, ZONE);
    expect(openRecord(records)).toMatchObject({ started_at: '2026-03-02T15:58:00.000Z', version: 3, confirmed: true });
  });

  it('is clocked out once an unsent update ends the record, and the record shows as not sent', () => {
    const update = entry('update', { id: server({}).record.id, base_version: 3, ended_at: '2026-03-03T00:30:00.000Z' });
    const records = ownRecords([server({})], [update], ME, ZONE);
    expect(openRecord(records)).toBeNull();
    expect(records[0]).toMatchObject({ ended_at: '2026-03-03T00:30:00.000Z', pending: true, work_date: '2026-03-02' });
    expect(recordMinutes(records[0] as never, 0)).toBe(8 * 60 + 32);
  });

  it('counts an unsent clock-in (a create entry merged as a record) and leaves out another person on the device', () => {
    const unsent: StationItem<TimesheetRecord> = {
      confirmed: false,
      pending: true,
      attention: false,
      record: { id: 'x', user_id: ME, started_at: '2026-03-03T05:30:00.000Z', method: 'clock' },
    };
    const records = ownRecords([unsent, server({ id: 'y', user_id: OTHER })], [], ME, ZONE);
    expect(records).toHaveLength(1);
    // 21:30 on 2 March in Los Angeles: the school day it started, whatever the UTC date.
    expect(openRecord(records)).toMatchObject({ id: 'x', work_date: '2026-03-02', version: 1, confirmed: false });
  });

  it('an open record counts to now; days total their records; overlaps are found, an open one reaching to the end of time', () => {
    const records = ownRecords(
      [
        server({ id: 'a', started_at: '2026-03-02T16:00:00.000Z', ended_at: '2026-03-02T20:00:00.000Z' }),
        server({
          id: 'b',
          started_at: '2026-03-02T20:30:00.000Z',
          ended_at: '2026-03-03T00:30:00.000Z',
          break_minutes: 15,
        }),
        server({ id: 'c', work_date: '2026-03-03', started_at: '2026-03-03T16:00:00.000Z', ended_at: null }),
      ],
      [],
      ME,
      ZONE,
    );
    const now = Date.parse('2026-03-03T17:00:00.000Z');
    const days = byDay(records, '2026-03-01', '2026-03-15', now);
    expect(days.map((d) => [d.date, d.worked])).toEqual([
      ['2026-03-03', 60],
      ['2026-03-02', 4 * 60 + 3 * 60 + 45],
    ]);
    expect(overlapping(records, '2026-03-02T19:00:00.000Z', '2026-03-02T19:30:00.000Z')?.id).toBe('a');
    expect(overlapping(records, '2026-03-02T20:00:00.000Z', '2026-03-02T20:30:00.000Z')).toBeNull();
    expect(overlapping(records, '2026-03-04T16:00:00.000Z', null)?.id).toBe('c');
  });
});
