/**
 * Sync push (DESIGN section 8: 10,000 queued items synced at least 10 times faster than replaying them one request
 * at a time, in the same run against the same server).
 *
 * Starts the server as `npm start` does on a fresh data directory (the demo school is seeded), signs in as the front
 * office, and sends 10,000 check-ins (a) through `POST v2/sync/push` in batches of 200, as the outbox does, and (b) one
 * request per entry in sequence, the way Workbox's background-sync queue replays. Both sets are new records (their own
 * ids) of the same shape, so the server does the same work per entry; only the batching differs.
 */
import { startBenchServer, uuidv7 } from './lib-process.mjs';

const ENTRIES = Number(process.env.BENCH_SYNC_ENTRIES ?? 10_000);
const BATCH = 200;
const RATIO_GOAL = 10;

/**
 * `count` new check-ins of kind sign_in: a kind the server takes any number of times a day without other fields (an
 * arrival is once a day; a sign-out needs its pick-up adult), so every entry is applied and the two runs compare.
 */
function entries(scholars, count) {
  return Array.from({ length: count }, (_, i) => {
    const id = uuidv7();
    const at = new Date(Date.now() - i * 1000).toISOString();
    return {
      id,
      resource: 'check_ins',
      action: 'create',
      recorded_at: at,
      data: { id, kind: 'sign_in', scholar_id: scholars[i % scholars.length], occurred_at: at, method: 'scan' },
    };
  });
}

export default {
  name: 'Sync push: batched vs one request per entry',
  async run({ root }) {
    const server = await startBenchServer(root, { name: 'sync' });
    try {
      const login = await fetch(`${server.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'office@demo.school', password: 'demo' }),
      });
      const { token } = await login.json();
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const roster = await (await fetch(`${server.url}/api/v2/demographics?per_page=500`, { headers })).json();
      const scholars = roster.data.map((s) => s.id);
      const push = async (items) => {
        const res = await fetch(`${server.url}/api/v2/sync/push`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ device_id: 'bench', items }),
        });
        if (res.status !== 200) throw new Error(`push answered ${res.status}: ${await res.text()}`);
        const { results } = await res.json();
        if (results.some((r) => r.status !== 'applied')) throw new Error(`not applied: ${JSON.stringify(results[0])}`);
      };

      const batched = entries(scholars, ENTRIES);
      let t = performance.now();
      for (let i = 0; i < batched.length; i += BATCH) await push(batched.slice(i, i + BATCH));
      const batchedMs = performance.now() - t;

      const single = entries(scholars, ENTRIES);
      t = performance.now();
      for (const item of single) await push([item]);
      const singleMs = performance.now() - t;

      const ratio = singleMs / batchedMs;
      return [
        { metric: `${ENTRIES} entries, batches of ${BATCH}`, value: +(batchedMs / 1000).toFixed(2), unit: 's' },
        { metric: `${ENTRIES} entries, one request each`, value: +(singleMs / 1000).toFixed(2), unit: 's' },
        {
          metric: 'batched speed-up (goal ≥ 10×)',
          value: +ratio.toFixed(1),
          unit: '×',
          note: ratio >= RATIO_GOAL ? 'goal met' : 'goal NOT met',
        },
      ];
    } finally {
      await server.stop();
    }
  },
};
