/** The school's name and time zone as settings: validated, audited with before and after, followed at once. */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { auditEvents, demographics } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let admin: string;
let office: string;
beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: 'America/Los_Angeles', SCHOOL_NAME: 'Configured Name' });
  [admin, office] = await Promise.all([s.login('admin@demo.school'), s.login('office@demo.school')]);
});
afterAll(() => s.close());

const update = (payload: Record<string, unknown>, token = admin) =>
  s.call({ method: 'PATCH', url: '/api/v2/school_settings', token, payload });

describe('v2/school_settings: name and time zone', () => {
  it('answers the configured ones until the school sets its own, then follows them everywhere', async () => {
    const first = await s.call({ method: 'GET', url: '/api/v2/school_settings', token: office });
    expect(first.json().data).toMatchObject({ school_name: 'Configured Name', time_zone: 'America/Los_Angeles' });

    expect((await update({ time_zone: 'Pacific/Auckland' }, office)).statusCode).toBe(403);
    const bad = await update({ school_name: '  ', time_zone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['school_name', 'time_zone']);

    const saved = await update({ school_name: 'Lincoln Elementary', time_zone: 'Pacific/Auckland' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ school_name: 'Lincoln Elementary', time_zone: 'Pacific/Auckland' });
    const config = (await s.call({ method: 'GET', url: '/api/v2/config' })).json();
    expect(config).toMatchObject({ school_name: 'Lincoln Elementary', time_zone: 'Pacific/Auckland' });

    // 04:30 UTC on 3 March is the evening of the 2nd in Los Angeles and the afternoon of the 3rd in Auckland.
    const [scholar] = await s.database.db.select({ id: demographics.id }).from(demographics).limit(1);
    const arrival = await s.call({
      method: 'POST',
      url: '/api/v2/check_ins',
      token: office,
      payload: {
        id: uuidv7(),
        method: 'kiosk',
        kind: 'arrival',
        scholar_id: scholar?.id,
        occurred_at: '2026-03-03T04:30:00Z',
        reason: 'Transportation',
      },
    });
    expect(arrival.statusCode).toBe(201);
    expect(arrival.json().data.school_day).toBe('2026-03-03');

    const [event] = await s.database.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'school_settings'), eq(auditEvents.action, 'update')))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event?.changes).toEqual({
      school_name: { before: 'Configured Name', after: 'Lincoln Elementary' },
      time_zone: { before: 'America/Los_Angeles', after: 'Pacific/Auckland' },
    });
  });
});
