/**
 * A new school year with 2,000 scholars (the largest school the app is sized for): how long the preview and the
 * apply take, end to end over HTTP. The apply moves every scholar in one UPDATE and writes their audit events in
 * batches, so its time should grow with the rows, not with one round trip per scholar.
 *
 * Starts the server as `npm start` does on a fresh data directory (the demo school, about 600 scholars, is seeded),
 * adds scholars through `POST v2/demographics` until 2,000 are active, then previews and applies a year as the
 * administrator. No budget of DESIGN section 8 covers it: reported only.
 */
import { startBenchServer, uuidv7 } from './lib-process.mjs';

const SCHOLARS = Number(process.env.BENCH_YEAR_SCHOLARS ?? 2000);
const GRADES = ['TK', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];

export default {
  name: 'New school year (2,000 scholars)',
  async run({ root }) {
    const server = await startBenchServer(root, { name: 'year' });
    try {
      const login = await fetch(`${server.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.school', password: 'demo' }),
      });
      const { token } = await login.json();
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const call = async (method, path, body) => {
        const res = await fetch(`${server.url}/api/v2/${path}`, {
          method,
          headers,
          body: body ? JSON.stringify(body) : undefined,
        });
        if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
        return res.json();
      };
      const active = (await call('GET', 'demographics?filter[active]=true&per_page=1')).meta.total;
      for (let i = active; i < SCHOLARS; i++) {
        await call('POST', 'demographics', {
          id: uuidv7(),
          student_number: `BENCH${String(i).padStart(6, '0')}`,
          fname: `Bench${i}`,
          lname: 'Scholar',
          grade: GRADES[i % GRADES.length],
          homeroom: `Room ${100 + (i % 28)}`,
        });
      }
      const year = new Date().getUTCFullYear() + 1;
      const body = { starts_on: `${year}-08-12`, ends_on: `${year + 1}-06-04`, homerooms: 'clear' };
      let t = performance.now();
      const preview = await call('POST', 'school_year/preview', body);
      const previewMs = performance.now() - t;
      t = performance.now();
      const applied = await call('POST', 'school_year', { id: uuidv7(), ...body });
      const applyMs = performance.now() - t;
      const moved = applied.data.promote.reduce((n, p) => n + p.count, 0) + applied.data.graduate;
      if (moved !== preview.data.promote.reduce((n, p) => n + p.count, 0) + preview.data.graduate) {
        throw new Error('the apply moved other scholars than the preview counted');
      }
      return [
        { metric: `preview, ${moved} active scholars`, value: Math.round(previewMs), unit: 'ms' },
        { metric: `apply, ${moved} scholars moved and audited`, value: Math.round(applyMs), unit: 'ms' },
      ];
    } finally {
      await server.stop();
    }
  },
};
