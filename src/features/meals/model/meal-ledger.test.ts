import { describe, expect, it } from 'vitest';
import type { NslpRecord } from '../../../contract';
import { mergeStationRecords } from '../../../offline';
import type { OutboxEntry } from '../../../offline/db';
import { nslpRecord } from '../../../offline/test/fakes';
import { buildMealLedger } from './meal-ledger';

const LA = 'America/Los_Angeles';
const TODAY = '2026-03-02';
const ADA = '0190f3a4-0000-7000-8000-0000000000a1';
const MEI = '0190f3a4-0000-7000-8000-0000000000a2';

function entry(data: Record<string, unknown>, status: OutboxEntry['status'] = 'pending'): OutboxEntry {
  const id = `0190f3a4-0000-7000-8000-${String(Math.random()).slice(2, 14).padEnd(12, '0')}`;
  return {
    id,
    resource: 'nslp_records',
    action: 'create',
    data: { id, ...data },
    recorded_at: String(data.served_at),
    recorded_by: null,
    device_id: 'this-tablet',
    attempts: 0,
    next_attempt_at: 0,
    status,
    last_error: null,
    field_errors: null,
    server_record: null,
  };
}

const ledger = (records: NslpRecord[], entries: OutboxEntry[] = []) =>
  buildMealLedger(mergeStationRecords(records, entries), TODAY, LA);

describe('the meal ledger (one meal of a type per scholar per day)', () => {
  it("counts another tablet's meal and this tablet's waiting one, each once, the earliest first", () => {
    const pulled = nslpRecord({ scholar_id: ADA, served_at: '2026-03-02T19:40:00.000Z' });
    const waiting = entry({ scholar_id: MEI, meal_type: 'lunch', served_at: '2026-03-02T19:45:00.000Z' });
    const again = entry({ scholar_id: ADA, meal_type: 'lunch', served_at: '2026-03-02T19:50:00.000Z' });
    const book = ledger([pulled], [waiting, again]);
    expect(book.first(ADA, 'lunch')).toMatchObject({ id: pulled.id, pending: false });
    expect(book.first(MEI, 'lunch')).toMatchObject({ id: waiting.id, pending: true });
    expect(book.first(MEI, 'breakfast')).toBeUndefined();
    expect(book.count('lunch')).toBe(2);
    expect(book.count('breakfast')).toBe(0);
  });

  it('leaves out voided meals, other days, and entries the server refused', () => {
    const book = ledger(
      [
        nslpRecord({ scholar_id: ADA, voided: true }),
        nslpRecord({ scholar_id: MEI, served_on: '2026-02-27', served_at: '2026-02-27T20:00:00.000Z' }),
      ],
      [
        // Yesterday evening in Los Angeles, still waiting on a tablet that was offline overnight.
        entry({ scholar_id: MEI, meal_type: 'lunch', served_at: '2026-03-02T06:30:00.000Z' }),
        entry({ scholar_id: ADA, meal_type: 'lunch', served_at: '2026-03-02T19:00:00.000Z' }, 'attention'),
      ],
    );
    expect(book.first(ADA, 'lunch')).toBeUndefined();
    expect(book.first(MEI, 'lunch')).toBeUndefined();
    expect(book.count('lunch')).toBe(0);
  });
});
