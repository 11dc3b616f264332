/**
 * A lunch line offline: 500 scholars' lunches recorded through Enter Meals with the connection gone, then
 * sent when it returns, in headless Chromium on the built app against the real server.
 *
 * Setup (not timed): the server starts on a fresh data directory (the demo school; more scholars are created through
 * `POST v2/demographics` only if it has fewer than 500 active ones with no lunch today). The cafeteria signs in
 * through the form; the bench waits for the service worker, opens Enter Meals (/meals, controlled by the service
 * worker), waits until the device holds the whole roster and chooses Lunch. Then `context.setOffline(true)` and the
 * offline notice.
 *
 * Measured: 500 different scholars, one after the other as fast as the screen allows: type the student number, wait
 * for 'Record lunch for <name>', click it, wait for 'Lunch counted' for that name (the instrument of meal-tap.mjs times
 * each press to the outcome in the DOM and painted). Reported: the total time, per-scholar p50/p95 of tap → outcome,
 * and the outbox, which must then hold 500 entries waiting. Then `context.setOffline(false)`, and the time until the
 * outbox is empty and the server has exactly the 500 lunches more for today (`GET v2/nslp_records` with
 * `filter[served_on]` and `filter[meal_type]=lunch`, `meta.total`), checked again 2 s later: any other number fails the
 * bench. DESIGN section 8 gives no budget for this sync; it is reported only.
 */

import {
  apiAs,
  growRoster,
  launchBrowser,
  listScholars,
  ms1,
  outboxStatuses,
  schoolToday,
  seededRandom,
  sleep,
  startServer,
  withResources,
} from './lib-browser.mjs';
import { breakdownRows, findForLunch, mealLineScript, mealName, openLunchLine, stats } from './meal-tap.mjs';

const LUNCHES = Number(process.env.BENCH_LINE_LUNCHES ?? 500);
const SYNC_TIMEOUT_MS = 300_000;

/** How many non-voided lunches the server has for the day. */
async function serverLunches(admin, day) {
  const { meta } = await admin(`nslp_records?per_page=1&filter[served_on]=${day}&filter[meal_type]=lunch`);
  return meta.total;
}

/** The ids of the scholars who had lunch on the day, per the server. */
async function lunchedOn(admin, day) {
  const ids = new Set();
  for (let page = 1; ; page++) {
    const { data, meta } = await admin(
      `nslp_records?per_page=500&page=${page}&filter[served_on]=${day}&filter[meal_type]=lunch&filter[include_voided]=true`,
    );
    for (const record of data) ids.add(record.scholar_id);
    if (data.length === 0 || page * 500 >= meta.total) return ids;
  }
}

/** `count` active scholars without a lunch today, in a seeded order, never two with the same name in a row. */
function pickScholars(roster, lunched, count, seed = 500) {
  const rnd = seededRandom(seed);
  const pool = roster
    .filter((s) => s.active && !lunched.has(s.id))
    .sort((a, b) => a.student_number.localeCompare(b.student_number));
  const picked = [];
  while (picked.length < count && pool.length > 0) {
    const last = picked.length ? mealName(picked[picked.length - 1]) : null;
    let i = Math.floor(rnd.next() * pool.length);
    // The outcome is matched by name: the next scholar must not carry the name already shown.
    for (let tries = 0; mealName(pool[i]) === last && tries < pool.length; tries++) i = (i + 1) % pool.length;
    if (mealName(pool[i]) === last) break;
    picked.push(pool.splice(i, 1)[0]);
  }
  return picked;
}

export default {
  name: 'Lunch line offline, 500 scholars (Chromium)',
  needsBuild: true,
  async run({ root }) {
    return withResources(async (acquire) => {
      const server = acquire(await startServer(root, 'bench-line'));
      const admin = await apiAs(server.url, 'admin@demo.school');
      const day = await schoolToday(server.url);
      let roster = await listScholars(admin);
      let lunched = await lunchedOn(admin, day);
      const eligible = roster.filter((s) => s.active && !lunched.has(s.id)).length;
      if (eligible < LUNCHES + 20) roster = (await growRoster(admin, roster.length + LUNCHES + 20 - eligible)).roster;
      lunched = await lunchedOn(admin, day);
      const scholars = pickScholars(roster, lunched, LUNCHES);
      if (scholars.length !== LUNCHES) throw new Error(`only ${scholars.length} scholars to serve, not ${LUNCHES}`);
      const before = await serverLunches(admin, day);

      const { page, context } = acquire(await launchBrowser('bench-line'));
      await page.addInitScript(mealLineScript());
      const box = await openLunchLine(page, server.url, roster.length);
      if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
        throw new Error('the service worker does not control Enter Meals');
      }
      const queued = (await outboxStatuses(page)).total;
      if (queued !== 0) throw new Error(`the outbox holds ${queued} entries before the line`);
      await sleep(1000);

      await context.setOffline(true);
      await page
        .getByText('Offline: the meals you record are kept on this device and sent when the connection returns.', {
          exact: true,
        })
        .waitFor({ timeout: 15_000 });

      const lineStart = performance.now();
      for (const scholar of scholars) {
        const button = await findForLunch(page, box, scholar);
        await button.click();
        await page.evaluate(() => window.__bench.settled());
      }
      const lineMs = performance.now() - lineStart;

      const samples = await page.evaluate(() => window.__bench.samples);
      if (samples.length !== LUNCHES) throw new Error(`${samples.length} taps timed, ${LUNCHES} made`);
      const outbox = await outboxStatuses(page);
      if (outbox.total !== LUNCHES || outbox.pending !== LUNCHES) {
        throw new Error(`the outbox holds ${JSON.stringify(outbox)} after ${LUNCHES} lunches offline`);
      }
      const onServerOffline = await serverLunches(admin, day);
      if (onServerOffline !== before) throw new Error(`the server got ${onServerOffline - before} lunches offline`);

      await context.setOffline(false);
      const syncStart = performance.now();
      let emptiedMs = null;
      let last = { outbox, server: before };
      for (;;) {
        const [left, total] = await Promise.all([outboxStatuses(page), serverLunches(admin, day)]);
        last = { outbox: left, server: total - before };
        if (left.total === 0 && emptiedMs === null) emptiedMs = performance.now() - syncStart;
        if (left.total === 0 && total - before >= LUNCHES) break;
        if (left.attention) throw new Error(`entries need attention after the sync: ${JSON.stringify(last)}`);
        if (performance.now() - syncStart > SYNC_TIMEOUT_MS) {
          throw new Error(`not synced after ${SYNC_TIMEOUT_MS} ms: ${JSON.stringify(last)}`);
        }
        await sleep(50);
      }
      const syncMs = performance.now() - syncStart;
      await sleep(2000);
      const arrived = (await serverLunches(admin, day)) - before;
      if (arrived !== LUNCHES) throw new Error(`${arrived} lunches arrived on the server, not ${LUNCHES}`);
      const after = await outboxStatuses(page);
      if (after.total !== 0) throw new Error(`the outbox holds ${JSON.stringify(after)} after the sync`);

      const painted = stats(samples.map((s) => s.painted - s.down));
      const dom = stats(samples.map((s) => s.dom - s.down));
      return [
        {
          metric: `${LUNCHES} lunches offline, total`,
          value: Math.round(lineMs),
          unit: 'ms',
          note: `${ms1(lineMs / LUNCHES)} ms a scholar: type the number, find, tap, Lunch counted; ${roster.length} scholars on the device`,
        },
        { metric: 'offline tap → Lunch counted painted, p50', value: ms1(painted.p50), unit: 'ms' },
        { metric: 'offline tap → Lunch counted painted, p95', value: ms1(painted.p95), unit: 'ms' },
        { metric: 'offline tap → Lunch counted painted, max', value: ms1(painted.max), unit: 'ms' },
        { metric: 'offline tap → Lunch counted in the DOM, p50', value: ms1(dom.p50), unit: 'ms' },
        { metric: 'offline tap → Lunch counted in the DOM, p95', value: ms1(dom.p95), unit: 'ms' },
        ...breakdownRows(samples),
        { metric: 'outbox after the line', value: outbox.total, unit: 'entries', note: 'all pending' },
        {
          metric: 'back online → outbox empty and all on the server',
          value: Math.round(syncMs),
          unit: 'ms',
          note: `outbox empty after ${Math.round(emptiedMs)} ms; no budget in DESIGN section 8`,
        },
        {
          metric: 'lunches on the server for today',
          value: arrived,
          unit: 'records',
          note: `exactly ${LUNCHES} new (checked again 2 s later)${before ? `; ${before} were there before` : ''}`,
        },
      ];
    });
  },
};
