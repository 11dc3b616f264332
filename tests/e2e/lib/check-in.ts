/**
 * Steps the check-in end-to-end tests share: the REST API with a bearer token, the device's outbox read from
 * IndexedDB, waiting for a condition, the school's wall clock (as the server and the app compute it), and the roster.
 */
import type { Page } from 'playwright-core';
import type { CheckInRecord, DemographicRecord } from '../../../src/contract';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown> & { data?: unknown; meta?: { total: number } };
}

export type Api = (path: string, init?: RequestInit & { token?: string }) => Promise<ApiAnswer>;

/** Signs in through the API and answers the bearer token. */
export async function apiToken(baseUrl: string, email: string, password = 'demo'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** `v2/…` calls with a token (the given one, or `init.token`). */
export function createApi(baseUrl: () => string, token: () => string): Api {
  return async (path, init = {}) => {
    const { token: own, ...rest } = init;
    const res = await fetch(`${baseUrl()}/api/v2/${path}`, {
      ...rest,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${own ?? token()}` },
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as ApiAnswer['body']) : {} };
  };
}

/** Every check-in the server has for one scholar, oldest first. */
export async function serverCheckIns(api: Api, scholarId: string): Promise<CheckInRecord[]> {
  const answer = await api(`check_ins?filter[scholar_id]=${scholarId}&sort=occurred_at&per_page=100`);
  if (answer.status !== 200) throw new Error(`GET check_ins answered ${answer.status}`);
  return answer.body.data as CheckInRecord[];
}

/** The whole roster (active or not), in the API's order. */
export async function fetchRoster(api: Api): Promise<DemographicRecord[]> {
  const out: DemographicRecord[] = [];
  for (let page = 1; ; page++) {
    const answer = await api(`demographics?per_page=500&page=${page}`);
    if (answer.status !== 200) throw new Error(`GET demographics answered ${answer.status}`);
    const data = answer.body.data as DemographicRecord[];
    out.push(...data);
    if (data.length < 500) return out;
  }
}

/** The name the kiosk shows (preferred first name and last name). */
export const kioskName = (s: Pick<DemographicRecord, 'fname' | 'nickname' | 'lname'>) =>
  `${s.nickname || s.fname} ${s.lname}`;

/** The name Check In/Out shows (first name and last name). */
export const listName = (s: Pick<DemographicRecord, 'fname' | 'lname'>) => `${s.fname} ${s.lname}`;

/** Entries in the device's outbox, read from IndexedDB as the app stores them. */
export const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('school-ops');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            return resolve(0);
          }
          const req = db.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => {
            resolve(req.result);
            db.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );

/** Polls `check` until it holds, or throws after `timeoutMs` naming `what`. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The school's wall clock at `instant`: the school day (YYYY-MM-DD), the ISO weekday and the minute of the day. */
export function schoolClock(timeZone: string, instant: number = Date.now()) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

/** A time of day as the screens show it in English ('7:52 AM'), with any kind of space made a plain one. */
export function clockText(iso: string, timeZone: string): string {
  return plain(
    new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso)),
  );
}

/** Text with every run of white space (including the narrow no-break space Intl puts before AM) made one space. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The English name of an ISO weekday ('Monday'), as the schedule labels its columns. */
export const weekdayName = (weekday: number) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));
