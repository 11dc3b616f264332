/**
 * Scholar sign-out (F5): to one of the scholar's authorized pick-up adults valid that day, or an override with the
 * adult's name and a reason that is flagged for review; a scholar who comes back is signed in again. The same rules
 * through the REST create and the outbox's push, and the records list View Records filters.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SyncItem, uuidv7 } from '../../../src/contract';
import { demographics } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let office: string;
let scholars: string[];
/** Pick-up adults made for the tests, by what they are. */
const adults: Record<
  'ok' | 'refused' | 'expired' | 'future' | 'inactive' | 'otherScholar',
  { id: string; full_name: string }
> = {} as never;

beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: 'America/Los_Angeles' });
  office = await s.login('office@demo.school');
  scholars = (
    await s.database.db
      .select({ id: demographics.id })
      .from(demographics)
      .where(eq(demographics.grade, '2'))
      .orderBy(demographics.student_number)
  ).map((r) => r.id);
  const make = async (payload: Record<string, unknown>) => {
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/authorized_pick_ups',
      token: office,
      payload: { scholar_id: scholars[0], ...payload },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data;
  };
  adults.ok = await make({ full_name: 'Lucía Autorizada', relationship: 'Mother' });
  adults.refused = await make({
    full_name: 'Pedro Prohibido',
    status: 'not_authorized',
    notes: 'Custody order 2026-FL-1234',
  });
  adults.expired = await make({ full_name: 'Tía Vencida', valid_from: '2026-01-05', valid_until: '2026-03-01' });
  adults.future = await make({ full_name: 'Niñera Futura', valid_from: '2026-03-10' });
  adults.inactive = await make({ full_name: 'Ex Vecino', active: false });
  adults.otherScholar = await make({ scholar_id: scholars[1], full_name: 'Otro Adulto' });
});
afterAll(() => s.close());

// 2026-03-02 is a Monday; Los Angeles is UTC-8 then.
const at = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00-08:00`;
const create = (payload: Record<string, unknown>) =>
  s.call({
    method: 'POST',
    url: '/api/v2/check_ins',
    token: office,
    payload: { id: uuidv7(), method: 'scan', ...payload },
  });
const signOut = (payload: Record<string, unknown>) =>
  create({ kind: 'sign_out', scholar_id: scholars[0], occurred_at: at('14:30'), ...payload });

describe('sign-outs', () => {
  it('signs a scholar out to an authorized adult, with the name as the list has it', async () => {
    const res = await signOut({ pick_up_id: adults.ok.id, pick_up_name: 'typed differently', flagged: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: 'sign_out',
      pick_up_id: adults.ok.id,
      pick_up_name: 'Lucía Autorizada',
      override_reason: null,
      flagged: false,
      school_day: '2026-03-02',
    });
  });

  it('refuses an adult who is not authorized, out of their dates, removed or another scholar’s', async () => {
    const cases: [string, string][] = [
      [adults.refused.id, 'This adult is not authorized to pick up this scholar.'],
      [adults.expired.id, "This adult's authorization is not valid on 2026-03-02."],
      [adults.future.id, "This adult's authorization is not valid on 2026-03-02."],
      [adults.inactive.id, 'This adult is no longer on the pick-up list.'],
      [adults.otherScholar.id, "This adult is not on this scholar's pick-up list."],
      [uuidv7(), "This adult is not on this scholar's pick-up list."],
    ];
    for (const [pickUpId, message] of cases) {
      const res = await signOut({ pick_up_id: pickUpId });
      expect(res.statusCode, message).toBe(422);
      expect(res.json().errors.pick_up_id).toEqual([message]);
    }
    // The expired adult was fine on their last day.
    const lastDay = await signOut({ pick_up_id: adults.expired.id, occurred_at: at('15:00', '2026-03-01') });
    expect(lastDay.statusCode).toBe(201);
  });

  it('takes an override only with the typed name and a reason, and flags it', async () => {
    const none = await signOut({});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.pick_up_id).toEqual([
      'Choose the adult picking up, or type their name and the reason for an override.',
    ]);
    const nameOnly = await signOut({ pick_up_name: 'Jorge Desconocido' });
    expect(nameOnly.json().errors).toEqual({ override_reason: ['An override needs a reason.'] });
    const reasonOnly = await signOut({ override_reason: 'Mother called the office' });
    expect(reasonOnly.json().errors).toEqual({ pick_up_name: ['Type the name of the adult picking up.'] });
    const ok = await signOut({
      pick_up_name: 'Jorge Desconocido',
      override_reason: 'Mother called the office; ID checked',
      flagged: false,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({
      pick_up_id: null,
      pick_up_name: 'Jorge Desconocido',
      override_reason: 'Mother called the office; ID checked',
      flagged: true,
    });
  });

  it('signs a scholar in again who comes back the same day; a second arrival stays refused', async () => {
    const scholar = scholars[2];
    const arrived = await create({ kind: 'arrival', scholar_id: scholar, occurred_at: at('07:50') });
    expect(arrived.statusCode).toBe(201);
    const out = await create({
      kind: 'sign_out',
      scholar_id: scholar,
      occurred_at: at('10:00'),
      pick_up_name: 'Abuela Rosa',
      override_reason: 'Dentist; grandmother not on the list yet',
    });
    expect(out.statusCode).toBe(201);
    const back = await create({
      kind: 'sign_in',
      scholar_id: scholar,
      occurred_at: at('11:30'),
      reason: 'Back from dentist',
    });
    expect(back.statusCode).toBe(201);
    const again = await create({ kind: 'arrival', scholar_id: scholar, occurred_at: at('11:31') });
    expect(again.statusCode).toBe(409);
    const outAgain = await create({
      kind: 'sign_out',
      scholar_id: scholar,
      occurred_at: at('15:00'),
      pick_up_name: 'Abuela Rosa',
      override_reason: 'End of day, same grandmother',
    });
    expect(outAgain.statusCode).toBe(201);
    const day = await s.call({
      method: 'GET',
      url: `/api/v2/check_ins?filter[scholar_id]=${scholar}&filter[school_day]=2026-03-02&sort=occurred_at`,
      token: office,
    });
    expect(day.json().data.map((c: { kind: string }) => c.kind)).toEqual([
      'arrival',
      'sign_out',
      'sign_in',
      'sign_out',
    ]);
  });

  it('applies the same rules to a pushed batch, each entry on its own', async () => {
    const item = (data: Record<string, unknown>): SyncItem => {
      const id = uuidv7();
      return {
        id,
        resource: 'check_ins',
        action: 'create',
        data: {
          id,
          kind: 'sign_out',
          scholar_id: scholars[0],
          occurred_at: at('15:10', '2026-03-03'),
          method: 'scan',
          ...data,
        },
        recorded_at: new Date().toISOString(),
      };
    };
    const items = [
      item({ pick_up_id: adults.ok.id }),
      item({ pick_up_id: adults.refused.id }),
      item({ pick_up_id: adults.expired.id }),
      item({ pick_up_name: 'Sin Razón' }),
      item({ pick_up_name: 'Con Razón', override_reason: 'Called ahead' }),
      item({ kind: 'sign_in', reason: 'Forgot a coat' }),
    ];
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/sync/push',
      token: office,
      payload: { device_id: 'pick-up-line-1', items },
    });
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'rejected',
      'rejected',
      'rejected',
      'applied',
      'applied',
    ]);
    expect(results[0].record).toMatchObject({
      pick_up_name: 'Lucía Autorizada',
      flagged: false,
      device_id: 'pick-up-line-1',
    });
    expect(results[1].errors.pick_up_id).toEqual(['This adult is not authorized to pick up this scholar.']);
    expect(results[2].errors.pick_up_id).toEqual(["This adult's authorization is not valid on 2026-03-03."]);
    expect(results[3].errors.override_reason).toEqual(['An override needs a reason.']);
    expect(results[4].record).toMatchObject({ flagged: true, override_reason: 'Called ahead', pick_up_id: null });
    const replay = await s.call({
      method: 'POST',
      url: '/api/v2/sync/push',
      token: office,
      payload: { device_id: 'pick-up-line-1', items },
    });
    expect(replay.json().results.map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'rejected',
      'rejected',
      'rejected',
      'duplicate',
      'duplicate',
    ]);
  });

  it('lists the records View Records asks for: dates, kinds, scholar, adult and flagged', async () => {
    const list = async (query: string) => {
      const res = await s.call({ method: 'GET', url: `/api/v2/check_ins?per_page=500&${query}`, token: office });
      expect(res.statusCode, query).toBe(200);
      return res.json().data as { kind: string; school_day: string; pick_up_id: string | null; flagged: boolean }[];
    };
    const range = await list('filter[from]=2026-03-02&filter[to]=2026-03-03');
    expect(range.length).toBeGreaterThan(5);
    expect(range.every((c) => c.school_day >= '2026-03-02' && c.school_day <= '2026-03-03')).toBe(true);
    const onlyFirst = await list('filter[from]=2026-03-01&filter[to]=2026-03-01');
    expect(onlyFirst.map((c) => c.pick_up_id)).toEqual([adults.expired.id]);
    const kinds = await list(`filter[kind]=sign_out,sign_in&filter[scholar_id]=${scholars[2]}`);
    expect(kinds.map((c) => c.kind).sort()).toEqual(['sign_in', 'sign_out', 'sign_out']);
    const byAdult = await list(`filter[pick_up_id]=${adults.ok.id}`);
    expect(byAdult).toHaveLength(2);
    const flagged = await list('filter[flagged]=true&filter[kind]=sign_out&filter[from]=2026-03-02');
    expect(flagged.length).toBe(4);
    expect(flagged.every((c) => c.flagged && c.kind === 'sign_out')).toBe(true);
    const search = await list('search=dentist');
    expect(search).toHaveLength(2);
    for (const [query, field] of [
      ['filter[kind]=teleport', 'filter.kind'],
      ['filter[from]=yesterday', 'filter.from'],
      ['filter[pick_up_id]=42', 'filter.pick_up_id'],
    ]) {
      const res = await s.call({ method: 'GET', url: `/api/v2/check_ins?${query}`, token: office });
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });
});
