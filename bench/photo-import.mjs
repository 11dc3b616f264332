/**
 * Photo import (`POST v2/photo_imports`): a zip of 700 scholars' photos of about 100 kB each, as a school's
 * information system or its photographer hands them over, imported within the server's 400 MB (DESIGN section 8's
 * memory budget) on PGlite.
 *
 * Starts the server as `npm start` does on a fresh data directory (the demo school, about 600 scholars, is seeded),
 * adds scholars until there are 700 and stops it; makes 700 different JPEGs of 1024×768 with sharp (noise, so each
 * is about 100 kB as a photo is, not a few kilobytes as a flat colour would be) and zips them. Then, on a copy of that
 * data each time, starts the server again and uploads the zip as the administrator, twice (the second time every
 * photo is unchanged: decoded, compared, nothing written), sampling the server's resident memory (VmRSS) every 100 ms
 * from before the upload until the answer. The server runs once with `MALLOC_ARENA_MAX=2`, as docs/operations.md advises
 * (the budget's run), and once without it (reported only): sharp's worker threads each grow a malloc arena of their
 * own, which glibc is slow to give back.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { residentMb, startBenchServer } from './lib-process.mjs';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 700);
const BUDGET_MB = 400;

/** The server on `dataDir` as `npm start` runs it (bench/lib-process.mjs). */
const startServer = (root, dataDir, { keep = false, env = {} } = {}) => startBenchServer(root, { dataDir, keep, env });

/** Signs in as the administrator and answers the token. */
async function signIn(url) {
  const login = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.school', password: 'demo' }),
  });
  return (await login.json()).token;
}

/** The student numbers of at least `count` scholars, adding scholars when the demo school has fewer. */
async function studentNumbers(url, token, count) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const numbers = [];
  for (let page = 1; numbers.length < count; page++) {
    const res = await fetch(`${url}/api/v2/demographics?per_page=500&page=${page}`, { headers });
    const { data } = await res.json();
    numbers.push(...data.map((d) => d.student_number));
    if (data.length < 500) break;
  }
  for (let i = numbers.length; i < count; i++) {
    const student_number = `BENCH${String(i).padStart(5, '0')}`;
    const res = await fetch(`${url}/api/v2/demographics`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ student_number, fname: 'Bench', lname: `Scholar ${i}`, grade: '5' }),
    });
    if (res.status !== 201) throw new Error(`adding a scholar answered ${res.status}`);
    numbers.push(student_number);
  }
  return numbers.slice(0, count);
}

/** The zip: one JPEG of noise per student number, stored (JPEGs do not compress). */
async function photoZip(numbers) {
  const files = {};
  for (const number of numbers) {
    const raw = randomBytes(1024 * 768 * 3);
    const photo = await sharp(raw, { raw: { width: 1024, height: 768, channels: 3 } })
      .blur(1.4)
      .jpeg({ quality: 55 })
      .toBuffer();
    files[`photos/${number}.jpg`] = [new Uint8Array(photo), { level: 0 }];
  }
  return zipSync(files);
}

/** Uploads the zip, sampling the server's resident memory until the answer. */
async function upload(server, token, zip) {
  let peak = residentMb(server.pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(server.pid) ?? 0);
  }, 100);
  const started = performance.now();
  try {
    const form = new FormData();
    form.append('file', new Blob([zip], { type: 'application/zip' }), 'photos.zip');
    const res = await fetch(`${server.url}/api/v2/photo_imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`the import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms: Math.round(performance.now() - started), peak, result: body.data };
  } finally {
    clearInterval(timer);
    peak = Math.max(peak, residentMb(server.pid) ?? 0);
  }
}

/** One server on a copy of the seeded data: the zip uploaded twice; answers its rows, named with `label`. */
async function measure(root, seeded, zip, { label, env, gate }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'school-ops-bench-photos-'));
  cpSync(seeded, dataDir, { recursive: true });
  const server = await startServer(root, dataDir, { env });
  try {
    const token = await signIn(server.url);
    const before = residentMb(server.pid);
    const first = await upload(server, token, zip);
    const again = await upload(server, token, zip);
    if (first.result.updated !== PHOTOS || again.result.unchanged !== PHOTOS) {
      throw new Error(`expected ${PHOTOS} updated then unchanged: ${JSON.stringify([first.result, again.result])}`);
    }
    const mb = (zip.length / 1024 / 1024).toFixed(1);
    return [
      { metric: `Photo zip imported${label}`, value: first.ms, unit: 'ms', note: `${PHOTOS} photos, ${mb} MB zip` },
      {
        metric: `Photo import peak resident memory${label}`,
        value: first.peak,
        unit: 'MB',
        budget: BUDGET_MB,
        gate,
        note: `${before} MB before the upload`,
      },
      { metric: `Same zip again (all unchanged)${label}`, value: again.ms, unit: 'ms' },
      { metric: `Same zip again peak resident memory${label}`, value: again.peak, unit: 'MB', budget: BUDGET_MB, gate },
    ];
  } finally {
    await server.stop();
  }
}

export default {
  name: 'photo import',
  async run({ root }) {
    // A first start seeds the demo school and gets its scholars to 700; each measured one starts again on a copy of
    // that data, as a school runs it (seeding grows PGlite's memory, which it never gives back).
    const seeded = mkdtempSync(join(tmpdir(), 'school-ops-bench-photos-seed-'));
    try {
      const seeding = await startServer(root, seeded, { keep: true });
      let numbers;
      try {
        numbers = await studentNumbers(seeding.url, await signIn(seeding.url), PHOTOS);
      } finally {
        await seeding.stop();
      }
      const zip = await photoZip(numbers);
      return [
        ...(await measure(root, seeded, zip, { label: '', env: { MALLOC_ARENA_MAX: '2' }, gate: true })),
        ...(await measure(root, seeded, zip, {
          label: ', without MALLOC_ARENA_MAX',
          env: { MALLOC_ARENA_MAX: null },
          gate: false,
        })),
      ];
    } finally {
      rmSync(seeded, { recursive: true, force: true });
    }
  },
};
