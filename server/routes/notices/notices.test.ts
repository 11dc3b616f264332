/**
 * Notices to families, end to end on the server: an event (a sign-out pushed by a station, a kiosk's early departure
 * or late arrival, a signature that leaves an agreement waiting for the guardian, a "stay home" screening) writes its
 * notice in its own transaction; the worker, driven here with `drain()` at chosen instants, pushes it to a local push
 * service stand-in that verifies the VAPID signature and decrypts the body as a browser does, or mails it to a local
 * SMTP server. Covers each kind and language, quiet hours, a replay, 404/410, 429 with Retry-After, a claim left by a
 * stopped instance, the endpoint allow-list, the choices, the test notice and the delivery log.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NOTICE_KINDS,
  NOTICE_MESSAGES,
  type NoticePayload,
  type NoticeRecord,
  shiftDate,
  uuidv7,
} from '../../../src/contract';
import {
  guardianships,
  noticeEvents,
  noticePreferences,
  noticeRuns,
  notices,
  pushSubscriptions,
  schoolSettings,
  users,
  vapidKeys,
} from '../../db/schema';
import { instantAt } from '../../lib/notices/clock';
import { CLAIM_MS, collectOldNotices } from '../../lib/notices/deliver';
import { isAllowedPushEndpoint } from '../../lib/notices/endpoints';
import { expandNoticeEvents } from '../../lib/notices/enqueue';
import { schoolDay } from '../../lib/school-day';
import { startTestServer, type TestServer } from '../../test/helpers';
import { type PushServiceStandIn, type StandInSubscription, startPushService } from '../../test/push-service';
import { startMailServer, type TestMailServer } from '../../test/smtp';

const TZ = 'America/Los_Angeles';
let s: TestServer;
let push: PushServiceStandIn;
let mail: TestMailServer;
let office: string;
let parent: string;
let parentId: string;
/** The demo parent's children: the first is scholar@demo.school's. */
let child: { id: string; name: string };

// 2026-03-02 is a Monday; Los Angeles is UTC-8 then.
const at = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00-08:00`;

const syncPush = (items: Record<string, unknown>[]) =>
  s.call({ method: 'POST', url: '/api/v2/sync/push', token: office, payload: { device_id: 'curb-tablet-1', items } });
const entry = (data: Record<string, unknown>) => {
  const id = (data.id as string | undefined) ?? uuidv7();
  return { id, resource: 'check_ins', action: 'create', recorded_at: new Date().toISOString(), data: { id, ...data } };
};
const signOutEntry = (fields: Record<string, unknown> = {}) =>
  entry({
    kind: 'sign_out',
    scholar_id: child.id,
    occurred_at: at('15:12'),
    method: 'scan',
    pick_up_name: 'Kiara Mitchell',
    override_reason: 'Aunt, the mother called the office',
    ...fields,
  });

async function subscribe(token = parent): Promise<StandInSubscription> {
  const sub = push.subscribe();
  const res = await s.call({ method: 'POST', url: '/api/v2/push_subscriptions', token, payload: sub.json });
  if (res.statusCode !== 201) throw new Error(`subscribe answered ${res.statusCode}: ${res.body}`);
  return sub;
}

const pushesTo = (sub: StandInSubscription) => push.delivered().filter((r) => r.subscriptionId === sub.id);
const payloadsTo = (sub: StandInSubscription) => pushesTo(sub).map((r) => r.payload as NoticePayload);
/** The parent's notices, once the worker has turned the events written so far into them (as a drain does first). */
const rowsOf = async () => {
  await expandNoticeEvents(s.database.db, TZ);
  return s.database.db.select().from(notices).where(eq(notices.user_id, parentId));
};
const setPrefs = (payload: Record<string, unknown>, token = parent) =>
  s.call({ method: 'PUT', url: '/api/v2/notification_preferences', token, payload });

beforeAll(async () => {
  [push, mail] = await Promise.all([startPushService(), startMailServer()]);
  s = await startTestServer({
    SCHOOL_TIMEZONE: TZ,
    PUSH_ENDPOINT_HOSTS: push.host,
    SMTP_URL: mail.url,
    PUBLIC_URL: 'https://school.example.org',
  });
  [office, parent] = await Promise.all([s.login('office@demo.school'), s.login('parent@demo.school')]);
  const [p] = await s.database.db.select().from(users).where(eq(users.email, 'parent@demo.school'));
  parentId = p?.id as string;
  const family = await s.call({ method: 'GET', url: '/api/v2/scholar/scholars', token: parent });
  const first = family.json<{ data: { id: string; fname: string; nickname: string | null }[] }>().data[0];
  if (!first) throw new Error('the demo parent has no scholar');
  child = { id: first.id, name: first.nickname || first.fname };
});
afterAll(async () => {
  await s.close();
  await Promise.all([push.close(), mail.close()]);
});
beforeEach(async () => {
  // Each test starts with no notice, no device and the default choices, in English.
  await s.database.db.delete(notices);
  await s.database.db.delete(pushSubscriptions);
  await s.database.db.delete(noticePreferences);
  await s.database.db.update(users).set({ language: 'en' }).where(eq(users.id, parentId));
  mail.mails.length = 0;
});

describe('subscriptions', () => {
  it('GET config answers the VAPID public key, made once and kept in the database', async () => {
    const first = (await s.call({ method: 'GET', url: '/api/v2/config' })).json<{ push_public_key: string }>();
    const [stored] = await s.database.db.select().from(vapidKeys);
    expect(first.push_public_key).toBe(stored?.public_key);
    // An uncompressed P-256 point, base64url: what PushManager.subscribe takes as applicationServerKey.
    expect(Buffer.from(first.push_public_key, 'base64url')).toHaveLength(65);
    const again = (await s.call({ method: 'GET', url: '/api/v2/config' })).json<{ push_public_key: string }>();
    expect(again.push_public_key).toBe(first.push_public_key);
  });

  it('takes the known push services and the configured stand-in, and answers 422 for any other address', async () => {
    const keys = push.subscribe().json.keys;
    const post = (endpoint: string) =>
      s.call({ method: 'POST', url: '/api/v2/push_subscriptions', token: parent, payload: { endpoint, keys } });
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc123',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx1',
      'https://wns2-by3p.notify.windows.com/w/?token=AwYAAA',
      `${push.origin}/push/${uuidv7()}`,
    ]) {
      expect((await post(endpoint)).statusCode, endpoint).toBe(201);
    }
    for (const endpoint of [
      'https://evil.example/push',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:1/push',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'https://push.apple.com/',
    ]) {
      const res = await post(endpoint);
      expect(res.statusCode, endpoint).toBe(422);
      if (res.json().errors?.endpoint) expect(res.json().errors.endpoint).toEqual([NOTICE_MESSAGES.endpointNotAllowed]);
    }
    // Plain http only for a loopback stand-in; https for any configured host.
    expect(isAllowedPushEndpoint('http://push.test:8080/x', ['push.test:8080'])).toBe(false);
    expect(isAllowedPushEndpoint('https://push.test:8080/x', ['push.test:8080'])).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:8080/x', ['localhost:8080'])).toBe(true);
  });

  it('is idempotent on the endpoint, removed by DELETE, and by signing out of that device', async () => {
    const sub = await subscribe();
    await subscribe(); // another device of the same account
    const again = await s.call({ method: 'POST', url: '/api/v2/push_subscriptions', token: parent, payload: sub.json });
    expect(again.statusCode).toBe(201);
    const mine = () => s.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, parentId));
    expect(await mine()).toHaveLength(2);
    const del = await s.call({
      method: 'DELETE',
      url: '/api/v2/push_subscriptions',
      token: parent,
      payload: { endpoint: sub.json.endpoint },
    });
    expect(del.statusCode).toBe(200);
    expect((await mine()).map((r) => r.endpoint)).not.toContain(sub.json.endpoint);
    // A device of its own (a session), subscribed, then signed out: its subscription goes, the other device's stays.
    const phone = await s.login('parent@demo.school');
    const phoneSub = await subscribe(phone);
    expect(await mine()).toHaveLength(2);
    expect((await s.call({ method: 'POST', url: '/api/v2/auth/logout', token: phone })).statusCode).toBe(200);
    const left = (await mine()).map((r) => r.endpoint);
    expect(left).toHaveLength(1);
    expect(left).not.toContain(phoneSub.json.endpoint);
  });
});

describe('what families are told', () => {
  it('a sign-out pushed by a station: one verified, decrypted push with the time on the school clock', async () => {
    const sub = await subscribe();
    const item: { id: string; data: Record<string, unknown> } = signOutEntry();
    // A sign-out to an adult on the list: the demo scholar's first authorized pick-up.
    const list = await s.call({
      method: 'GET',
      url: `/api/v2/authorized_pick_ups?filter[scholar_id]=${child.id}&filter[status]=authorized`,
      token: office,
    });
    const adult = list.json<{ data: { id: string; full_name: string }[] }>().data[0];
    if (!adult) throw new Error('no authorized adult');
    item.data = { ...item.data, pick_up_id: adult.id, pick_up_name: undefined, override_reason: undefined };
    const res = await syncPush([item]);
    expect(res.json().results[0].status).toBe('applied');
    expect(await rowsOf()).toHaveLength(1);
    const drained = await s.app.notices.drain();
    expect(drained.sent).toBe(1);
    const [payload] = payloadsTo(sub);
    expect(payload).toMatchObject({
      kind: 'sign_out',
      title: `${child.name} was signed out`,
      body: `${child.name} was signed out at 3:12 PM with ${adult.full_name}`,
      url: `/scholar/arrivals?scholar=${child.id}`,
      tag: `sign_out-${child.id}`,
      scholar_id: child.id,
    });
    expect(pushesTo(sub)[0]?.urgency).toBe('high');
    const [row] = await rowsOf();
    expect(row).toMatchObject({ status: 'sent', channel: 'push', devices_reached: 1 });

    // The station pushes the same entry again (it never saw the answer): a duplicate, and no second notice.
    const replay = await syncPush([item]);
    expect(replay.json().results[0].status).toBe('duplicate');
    expect(await rowsOf()).toHaveLength(1);
    expect((await s.app.notices.drain()).claimed).toBe(0);
    expect(pushesTo(sub)).toHaveLength(1);
  });

  it('an override says so; in Spanish: "salió a las 3:12 p. m. con Kiara Mitchell"', async () => {
    const sub = await subscribe();
    await syncPush([signOutEntry()]);
    // Each notice is written in the language the guardian has when the worker makes it, moments after the event.
    expect(await rowsOf()).toHaveLength(1);
    await s.database.db.update(users).set({ language: 'es' }).where(eq(users.id, parentId));
    await syncPush([signOutEntry({ occurred_at: at('15:40') })]);
    await s.app.notices.drain();
    const bodies = payloadsTo(sub).map((p) => p.body);
    expect(bodies).toContain(
      `${child.name} was signed out at 3:12 PM with Kiara Mitchell. This was an override: Kiara Mitchell is not on the pick-up list, and the office allowed it.`,
    );
    const es = bodies.find((b) => b.includes('salió'));
    expect(es?.startsWith(`${child.name} salió a las 3:40 p. m. con Kiara Mitchell. Fue una excepción`)).toBe(true);
  });

  it('early departures and late arrivals from the kiosk, with the reason in the guardian’s language', async () => {
    const sub = await subscribe();
    await s.database.db
      .update(schoolSettings)
      .set({ reasons_es: { 'Doctor appointment': 'Cita médica', Traffic: 'Tráfico' } });
    const kiosk = (data: Record<string, unknown>) =>
      s.call({ method: 'POST', url: '/api/v2/check_ins', token: office, payload: { id: uuidv7(), ...data } });
    expect(
      (await kiosk({ kind: 'departure', scholar_id: child.id, occurred_at: at('11:05'), reason: 'Doctor appointment' }))
        .statusCode,
    ).toBe(201);
    expect(await rowsOf()).toHaveLength(1);
    await s.database.db.update(users).set({ language: 'es' }).where(eq(users.id, parentId));
    // A school day of its own, so the day's one arrival is free.
    const late = await kiosk({
      kind: 'arrival',
      scholar_id: child.id,
      occurred_at: at('08:40', '2026-03-03'),
      reason: 'Traffic',
    });
    expect(late.statusCode).toBe(201);
    expect(late.json().data.late).toBe(true);
    // An arrival on time tells no one.
    await kiosk({ kind: 'arrival', scholar_id: child.id, occurred_at: at('07:50', '2026-03-04') });
    await s.app.notices.drain();
    expect(
      payloadsTo(sub)
        .map((p) => [p.kind, p.title, p.body])
        .toSorted(),
    ).toEqual([
      [
        'early_departure',
        `${child.name} left early`,
        `${child.name} left school early at 11:05 AM. Reason: Doctor appointment`,
      ],
      ['late_arrival', `${child.name} llegó tarde`, `${child.name} llegó tarde a las 8:40 a. m. Motivo: Tráfico`],
    ]);
  });

  it('an agreement waiting for the guardian’s signature, once the scholar has signed', async () => {
    const sub = await subscribe();
    const scholar = await s.login('scholar@demo.school');
    const [teacher] = await s.database.db.select().from(users).where(eq(users.email, 'teacher@demo.school'));
    const today = schoolDay(new Date(), TZ);
    const created = await s.call({
      method: 'POST',
      url: '/api/v2/independent_study',
      token: office,
      payload: {
        scholar_id: child.id,
        duration: 'Spring term',
        begins_on: shiftDate(today, 30),
        ends_on: shiftDate(today, 60),
        conference_on: shiftDate(today, 3),
        conference_time: '15:30',
        conference_place: 'Room 4',
        conference_notes: null,
        teacher_id: teacher?.id,
        courses: [{ subject: 'Science', grade_band: '7-12' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await s.call({
      method: 'POST',
      url: `/api/v2/independent_study/${created.json().data.id}/send`,
      token: office,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Sent for signatures: the scholar signs first; the guardians are told nothing yet.
    expect(await rowsOf()).toHaveLength(0);
    const waiting = sent.json<{ data: { id: string; version_hash: string } }>().data;
    const [me] = await s.database.db.select().from(users).where(eq(users.email, 'scholar@demo.school'));
    const signed = await s.call({
      method: 'POST',
      url: `/api/v2/scholar/independent_study/${waiting.id}/sign`,
      token: scholar,
      payload: { typed_name: `${me?.fname} ${me?.lname}`, version_hash: waiting.version_hash, language: 'en' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await s.app.notices.drain();
    expect(payloadsTo(sub)).toEqual([
      expect.objectContaining({
        kind: 'agreement_to_sign',
        body: `${child.name}'s independent study agreement is waiting for your signature.`,
        url: `/scholar/independent-study?scholar=${child.id}`,
      }),
    ]);
  });

  it('a COVID screening that says to stay home', async () => {
    const sub = await subscribe();
    await s.call({
      method: 'POST',
      url: '/api/v2/covid_screenings/settings',
      token: office,
      payload: { enabled: true },
    });
    await s.database.db.update(users).set({ language: 'es' }).where(eq(users.id, parentId));
    const answer = (symptoms: string[]) =>
      s.call({
        method: 'POST',
        url: '/api/v2/scholar/covid_screening',
        token: parent,
        payload: {
          id: uuidv7(),
          scholar_id: child.id,
          kind: 'screening',
          symptoms,
          recent_contact: false,
          household_symptoms: false,
          answered_at: new Date().toISOString(),
        },
      });
    expect((await answer(['no_symptoms'])).json().data.outcome).not.toBe('stay_home');
    const res = await answer(['fever']);
    expect(res.json().data.outcome).toBe('stay_home');
    await s.app.notices.drain();
    const payloads = payloadsTo(sub);
    expect(payloads).toHaveLength(1);
    expect(payloads[0]?.kind).toBe('screening_stay_home');
    expect(payloads[0]?.body).toMatch(
      new RegExp(
        `^Según la evaluación de COVID, ${child.name} debe quedarse en casa el [a-záéíóúñ]+, \\d+ de [a-z]+\\.`,
      ),
    );
  });

  it('sends nothing for a kind the school does not offer, or one the person turned off', async () => {
    const sub = await subscribe();
    const kinds = await s.call({
      method: 'PATCH',
      url: '/api/v2/school_settings',
      token: await s.login('admin@demo.school'),
      payload: { notice_kinds: ['early_departure'] },
    });
    expect(kinds.statusCode).toBe(200);
    expect(kinds.json().data.notice_kinds).toEqual(['early_departure']);
    await syncPush([signOutEntry()]);
    expect(await rowsOf()).toHaveLength(0);
    await s.database.db.update(schoolSettings).set({
      notice_kinds: ['sign_out', 'early_departure', 'late_arrival', 'agreement_to_sign', 'screening_stay_home'],
    });
    expect((await setPrefs({ kinds: { sign_out: { push: false, email: false } } })).statusCode).toBe(200);
    await syncPush([signOutEntry()]);
    await s.app.notices.drain();
    const [row] = await rowsOf();
    expect(row).toMatchObject({ status: 'skipped', reason: 'Turned off in their notice settings.' });
    expect(pushesTo(sub)).toHaveLength(0);
  });
});

describe('channels and choices', () => {
  it('preferences: every kind with its default, then the person’s choices and quiet hours', async () => {
    const before = await s.call({ method: 'GET', url: '/api/v2/notification_preferences', token: parent });
    expect(before.json().data).toMatchObject({
      kinds: { sign_out: { push: true, email: false }, late_arrival: { push: true, email: false } },
      quiet_hours: null,
      push_enabled: true,
      devices: 0,
    });
    const put = await setPrefs({
      kinds: { late_arrival: { push: false, email: true } },
      quiet_hours: { start: '21:00', end: '07:00' },
    });
    expect(put.json().data).toMatchObject({
      kinds: { sign_out: { push: true, email: false }, late_arrival: { push: false, email: true } },
      quiet_hours: { start: '21:00', end: '07:00' },
    });
    const bad = await setPrefs({ quiet_hours: { start: '25:00', end: '07:00' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors ?? {}).join()).toContain('quiet_hours');
    expect((await setPrefs({ quiet_hours: null })).json().data.quiet_hours).toBeNull();
    // The work summary goes by email only: push on is refused, naming the field, and nothing is stored.
    const pushed = await setPrefs({ kinds: { work_summary: { push: true, email: true } } });
    expect(pushed.statusCode).toBe(422);
    expect(pushed.json().errors).toEqual({ 'kinds.work_summary.push': [NOTICE_MESSAGES.emailOnly] });
    expect((await setPrefs({ kinds: { work_summary: { push: false, email: false } } })).statusCode).toBe(200);
    // Staff have no portal notices of their own.
    expect((await setPrefs({}, office)).statusCode).toBe(403);
  });

  it('offers a guardian the families’ kinds and a scholar only their own work reminders', async () => {
    const offered = async (token: string) =>
      (await s.call({ method: 'GET', url: '/api/v2/notification_preferences', token })).json<{
        data: { offered: string[] };
      }>().data.offered;
    await s.database.db.update(schoolSettings).set({ notice_kinds: [...NOTICE_KINDS] });
    const forParent = await offered(parent);
    expect(forParent).toContain('sign_out');
    expect(forParent).toContain('work_summary');
    expect(forParent).not.toContain('work_due_tomorrow');
    expect(forParent).not.toContain('work_overdue');
    const scholar = await s.login('scholar@demo.school');
    expect(await offered(scholar)).toEqual(['work_due_tomorrow', 'work_overdue']);
    await s.database.db.update(schoolSettings).set({ notice_kinds: ['sign_out', 'work_overdue'] });
    expect(await offered(parent)).toEqual(['sign_out']);
    expect(await offered(scholar)).toEqual(['work_overdue']);
    await s.database.db.update(schoolSettings).set({ notice_kinds: [...NOTICE_KINDS] });
  });

  it('with no device subscribed, or by choice, the notice is mailed in the guardian’s language', async () => {
    await s.database.db.update(users).set({ language: 'es' }).where(eq(users.id, parentId));
    await syncPush([signOutEntry()]);
    await s.app.notices.drain();
    const [mailed] = await mail.waitForMails(1);
    expect(mailed?.subject).toBe(`${child.name} salió de la escuela`);
    expect(mailed?.text).toContain(`${child.name} salió a las 3:12 p. m. con Kiara Mitchell`);
    expect(mailed?.text).toContain(
      `Vea más en la aplicación de la escuela: https://school.example.org/scholar/arrivals?scholar=${child.id}`,
    );
    expect(mailed?.headers.get('content-language')).toBe('es');
    expect((await rowsOf())[0]).toMatchObject({ status: 'sent', channel: 'email' });
  });

  it('quiet hours hold everything but sign-outs until they end, then send it', async () => {
    const sub = await subscribe();
    await setPrefs({ quiet_hours: { start: '21:00', end: '07:00' } });
    await s.call({
      method: 'POST',
      url: '/api/v2/check_ins',
      token: office,
      payload: { id: uuidv7(), kind: 'departure', scholar_id: child.id, occurred_at: at('11:05'), reason: 'Illness' },
    });
    await syncPush([signOutEntry()]);
    // Two days ahead at 22:00 on the school's clock, inside the quiet hours.
    const day = shiftDate(schoolDay(new Date(), TZ), 2);
    const night = instantAt(day, '22:00', TZ);
    const result = await s.app.notices.drain(night);
    expect(result).toMatchObject({ sent: 1, held: 1 });
    expect(payloadsTo(sub).map((p) => p.kind)).toEqual(['sign_out']);
    const held = (await rowsOf()).find((r) => r.kind === 'early_departure');
    expect(held).toMatchObject({ status: 'pending', reason: 'Held for quiet hours until 7:00 AM.' });
    expect(new Date(held?.next_attempt_at as string).toISOString()).toBe(
      instantAt(shiftDate(day, 1), '07:00', TZ).toISOString(),
    );
    expect((await s.app.notices.drain(instantAt(shiftDate(day, 1), '06:59', TZ))).claimed).toBe(0);
    expect((await s.app.notices.drain(instantAt(shiftDate(day, 1), '07:00', TZ))).sent).toBe(1);
    expect(payloadsTo(sub).map((p) => p.kind)).toEqual(['sign_out', 'early_departure']);
  });

  it('"Send me a test" pushes to every device; a second tap at once makes one notice', async () => {
    const [a, b] = [await subscribe(), await subscribe()];
    const [one, two] = await Promise.all([
      s.call({ method: 'POST', url: '/api/v2/notification_preferences/test', token: parent }),
      s.call({ method: 'POST', url: '/api/v2/notification_preferences/test', token: parent }),
    ]);
    expect(one?.statusCode).toBe(202);
    expect(two?.json().data.notice_id).toBe(one?.json().data.notice_id);
    await s.app.notices.drain();
    for (const sub of [a, b]) expect(payloadsTo(sub).map((p) => p.title)).toEqual(['Test notice']);
  });
});

describe('delivery that holds', () => {
  it('410: the subscription is removed and the notice goes by email; 404 the same', async () => {
    const gone = await subscribe();
    const missing = await subscribe();
    push.answer(gone.id, { status: 410 });
    push.answer(missing.id, { status: 404 });
    await syncPush([signOutEntry()]);
    const result = await s.app.notices.drain();
    expect(result.sent).toBe(1);
    const subs = await s.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, parentId));
    expect(subs).toHaveLength(0);
    const [mailed] = await mail.waitForMails(1);
    expect(mailed?.text).toContain(`${child.name} was signed out at 3:12 PM with Kiara Mitchell`);
    expect((await rowsOf())[0]).toMatchObject({ status: 'sent', channel: 'email', devices_reached: 0 });
  });

  it('429 with Retry-After: retried after it, not before, and a device reached is not sent to again', async () => {
    const busy = await subscribe();
    const fine = await subscribe();
    push.answer(busy.id, { status: 429, retryAfter: '120' });
    await syncPush([signOutEntry()]);
    const t0 = new Date();
    expect((await s.app.notices.drain(t0)).retried).toBe(1);
    const [row] = await rowsOf();
    expect(row?.status).toBe('pending');
    expect(new Date(row?.next_attempt_at as string).getTime()).toBe(t0.getTime() + 120_000);
    expect((await s.app.notices.drain(new Date(t0.getTime() + 60_000))).claimed).toBe(0);
    expect((await s.app.notices.drain(new Date(t0.getTime() + 120_000))).sent).toBe(1);
    expect(pushesTo(fine)).toHaveLength(1);
    expect(pushesTo(busy)).toHaveLength(1);
    expect(push.received.filter((r) => r.subscriptionId === busy.id).map((r) => r.status)).toEqual([429, 201]);
    expect((await rowsOf())[0]).toMatchObject({ status: 'sent', channel: 'push', devices_reached: 2, attempts: 2 });
  });

  it('500 is retried with backoff; a notice claimed by an instance that stopped is sent once the claim expires', async () => {
    const sub = await subscribe();
    push.answer(sub.id, { status: 500 });
    await syncPush([signOutEntry()]);
    const t0 = new Date();
    expect((await s.app.notices.drain(t0)).retried).toBe(1);
    expect((await s.app.notices.drain(new Date(t0.getTime() + 5_000))).sent).toBe(1);

    // Another instance claimed this one and stopped before sending it (a restart mid-send).
    await syncPush([signOutEntry({ occurred_at: at('15:30') })]);
    const t1 = new Date();
    const pending = (await rowsOf()).filter((r) => r.status === 'pending').map((r) => r.id);
    expect(pending).toHaveLength(1);
    await s.database.db
      .update(notices)
      .set({ claimed_by: 'an instance that stopped', claimed_until: new Date(t1.getTime() + CLAIM_MS).toISOString() })
      .where(inArray(notices.id, pending));
    expect((await s.app.notices.drain(new Date(t1.getTime() + CLAIM_MS - 1000))).claimed).toBe(0);
    expect((await s.app.notices.drain(new Date(t1.getTime() + CLAIM_MS + 1000))).sent).toBe(1);
    expect(payloadsTo(sub).map((p) => p.body)).toEqual([
      expect.stringContaining('3:12 PM'),
      expect.stringContaining('3:30 PM'),
    ]);
  });

  it('a sign-out undone before its notice went cancels it', async () => {
    await subscribe();
    const item = signOutEntry();
    await syncPush([item]);
    expect(await rowsOf()).toHaveLength(1);
    const undo = await s.call({
      method: 'POST',
      url: `/api/v2/check_ins/${item.id}/void`,
      token: office,
      payload: {},
    });
    expect(undo.statusCode).toBe(200);
    expect((await s.app.notices.drain()).claimed).toBe(0);
    expect((await rowsOf())[0]?.status).toBe('cancelled');
  });

  it("the push's transaction writes one event row; the worker makes the guardians' notices of it; an undo first leaves none", async () => {
    await subscribe();
    const item = signOutEntry();
    await syncPush([item]);
    // On the push's path: the event alone, not a notice per guardian.
    expect(await s.database.db.select().from(notices).where(eq(notices.source_id, item.id))).toEqual([]);
    const [event] = await s.database.db.select().from(noticeEvents).where(eq(noticeEvents.source_id, item.id));
    expect(event).toMatchObject({ key: `sign_out:${item.id}`, kind: 'sign_out', scholar_id: child.id });
    // Pushed again (a station's retry): still one event.
    await syncPush([item]);
    expect(await s.database.db.select().from(noticeEvents).where(eq(noticeEvents.source_id, item.id))).toHaveLength(1);
    const drained = await s.app.notices.drain();
    expect(drained.sent).toBe(1);
    expect(await s.database.db.select().from(noticeEvents).where(eq(noticeEvents.source_id, item.id))).toEqual([]);
    expect(await rowsOf()).toHaveLength(1);

    // Undone before the worker took the event: no notice is ever made of it.
    const undone = signOutEntry();
    await syncPush([undone]);
    const undo = await s.call({
      method: 'POST',
      url: `/api/v2/check_ins/${undone.id}/void`,
      token: office,
      payload: {},
    });
    expect(undo.statusCode).toBe(200);
    expect(await s.database.db.select().from(noticeEvents).where(eq(noticeEvents.source_id, undone.id))).toEqual([]);
    expect((await s.app.notices.drain()).claimed).toBe(0);
    expect(await s.database.db.select().from(notices).where(eq(notices.source_id, undone.id))).toEqual([]);
  });

  it('the delivery log: each notice with whom, channel, status and why; filtered; older than 30 days removed', async () => {
    const admin = await s.login('admin@demo.school');
    const gone = await subscribe();
    push.answer(gone.id, { status: 410 });
    await syncPush([signOutEntry()]);
    await s.app.notices.drain();
    const log = await s.call({ method: 'GET', url: '/api/v2/notices?filter[kind]=sign_out', token: admin });
    expect(log.statusCode).toBe(200);
    const [row] = log.json<{ data: NoticeRecord[] }>().data;
    expect(row).toMatchObject({
      kind: 'sign_out',
      user_id: parentId,
      recipient_email: 'parent@demo.school',
      channel: 'email',
      status: 'sent',
      reason: "A device's subscription is gone (410) and was removed.",
    });
    const office403 = await s.call({ method: 'GET', url: '/api/v2/notices?filter[status]=failed', token: office });
    expect(office403.statusCode).toBe(200);
    expect(office403.json().meta.total).toBe(0);
    expect((await s.call({ method: 'GET', url: '/api/v2/notices?filter[status]=lost', token: admin })).statusCode).toBe(
      422,
    );
    expect((await s.call({ method: 'GET', url: '/api/v2/notices', token: parent })).statusCode).toBe(403);

    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await s.database.db.update(notices).set({ created_at: old }).where(eq(notices.user_id, parentId));
    // The clock jobs' runs go with the log: an old one is removed, this week's is kept.
    await s.database.db.insert(noticeRuns).values([
      { job: 'test-old', period: '2026-01-05', ran_at: old },
      { job: 'test-new', period: '2026-12-01' },
    ]);
    expect(await collectOldNotices(s.database.db, new Date())).toBe(1);
    expect(await rowsOf()).toHaveLength(0);
    const runs = await s.database.db
      .select()
      .from(noticeRuns)
      .where(inArray(noticeRuns.job, ['test-old', 'test-new']));
    expect(runs.map((r) => r.job)).toEqual(['test-new']);
  });

  it('tells every guardian of the scholar, each in their own language', async () => {
    const sub = await subscribe();
    const [other] = await s.database.db
      .select({ parent: guardianships.parent_id })
      .from(guardianships)
      .where(and(eq(guardianships.scholar_id, child.id)));
    expect(other).toBeDefined();
    const guardians = await s.database.db
      .select({ id: guardianships.parent_id })
      .from(guardianships)
      .where(eq(guardianships.scholar_id, child.id));
    await syncPush([signOutEntry()]);
    await expandNoticeEvents(s.database.db, TZ);
    const written = await s.database.db.select().from(notices);
    expect(written.map((n) => n.user_id).toSorted()).toEqual(guardians.map((g) => g.id).toSorted());
    await s.app.notices.drain();
    expect(pushesTo(sub)).toHaveLength(1);
  });
});
