/**
 * Steps the meals end-to-end tests share (F6): the server's meal records and daily counts through the REST API, the
 * device's outbox entries read from IndexedDB as the app stores them, the school days before today, and the names and
 * dates as the meals screens write them.
 */
import type { Page } from 'playwright-core';
import type { DemographicRecord, NslpDailyCount, NslpRecord } from '../../../src/contract';
import { formatDay } from '../../../src/ui/school-clock';
import { signInWithForm } from './app';
import type { Api } from './check-in';

/** Every meal record the server has for one scholar (voided ones too), oldest first. */
export async function serverMeals(
  api: Api,
  scholarId: string,
  filter: Record<string, string> = {},
): Promise<NslpRecord[]> {
  const params = new URLSearchParams({
    'filter[scholar_id]': scholarId,
    'filter[include_voided]': 'true',
    sort: 'served_at',
    per_page: '100',
  });
  for (const [key, value] of Object.entries(filter)) params.set(`filter[${key}]`, value);
  const answer = await api(`nslp_records?${params}`);
  if (answer.status !== 200) throw new Error(`GET nslp_records answered ${answer.status}`);
  return answer.body.data as NslpRecord[];
}

/** How many non-voided meals the server has (with these filters). */
export async function serverMealTotal(api: Api, filter: Record<string, string>): Promise<number> {
  const params = new URLSearchParams({ per_page: '1' });
  for (const [key, value] of Object.entries(filter)) params.set(`filter[${key}]`, value);
  const answer = await api(`nslp_records?${params}`);
  if (answer.status !== 200) throw new Error(`GET nslp_records answered ${answer.status}`);
  return answer.body.meta?.total ?? -1;
}

/** The daily counts of a range, as `v2/nslp_records/daily_counts` answers them. */
export async function serverDailyCounts(api: Api, from: string, to: string): Promise<Required<NslpDailyCount>[]> {
  const answer = await api(`nslp_records/daily_counts?from=${from}&to=${to}`);
  if (answer.status !== 200) throw new Error(`GET daily_counts answered ${answer.status}`);
  return answer.body.data as Required<NslpDailyCount>[];
}

/** An outbox entry as the tests look at it. */
export interface OutboxView {
  id: string;
  resource: string;
  status: string;
  data: Record<string, unknown>;
  last_error: string | null;
}

/** Every entry of the device's outbox, oldest first. */
export const outboxEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<OutboxView[]>((resolve, reject) => {
        const open = indexedDB.open('school-ops');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            return resolve([]);
          }
          const req = db.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => {
            db.close();
            resolve(
              (req.result as OutboxView[]).map(({ id, resource, status, data, last_error }) => ({
                id,
                resource,
                status,
                data,
                last_error,
              })),
            );
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );

/** The name the meals screens show (preferred first name and last name). */
export const mealName = (s: Pick<DemographicRecord, 'fname' | 'nickname' | 'lname'>) =>
  `${s.nickname || s.fname} ${s.lname}`;

/** A YYYY-MM-DD day as View Records writes it in English ('Wed, Nov 18, 2026'). */
export const dayText = (day: string) => formatDay(day, 'en-US');

/** YYYY-MM-DD `n` days before `day` (a calendar day, not a school day). */
export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** The last `n` weekdays before `day`, most recent first (the demo seed serves meals on weekdays). */
export function weekdaysBefore(day: string, n: number): string[] {
  const out: string[] = [];
  for (let back = 1; out.length < n; back++) {
    const d = daysBefore(day, back);
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) out.push(d);
  }
  return out;
}

/** The number in 'Lunch today: 3 meals'. */
export function runningCount(text: string | null | undefined, meal: string): number {
  const match = new RegExp(`^${meal} today: (\\d+) meals?$`).exec((text ?? '').trim());
  if (!match) throw new Error(`no running count in '${text}'`);
  return Number(match[1]);
}

/**
 * Opens /login and signs in through the form, like lib/app.ts signIn, with more time for a machine under load; a
 * sign-in that does not leave /login fails with what the page says.
 */
export async function signInSlowly(page: Page, base: string, email: string, timeout = 90_000): Promise<void> {
  await page.goto(`${base}/login`);
  await signInWithForm(page, email);
  try {
    await page.waitForURL((url) => url.pathname !== '/login', { timeout });
  } catch (err) {
    const said = (await page.locator('body').textContent())?.replace(/\s+/g, ' ').trim();
    throw new Error(`the sign-in of ${email} stayed on /login; the page says: ${said}`, { cause: err });
  }
}
