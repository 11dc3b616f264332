/**
 * Roster import (DESIGN section 8): a OneRoster 1.1 package of 2,000 scholars, 3,000 guardians, 150 staff, 120
 * classes and 12,000 enrolments previews in at most 10 s and applies in at most 30 s, the server below 400 MB.
 *
 * Starts the server as `npm start` does on a data directory where it seeded the demo school at an earlier start, signs
 * in as the administrator, makes the package here (nothing large is committed), then times: the preview (upload, read, plan
 * against the database: `POST v2/roster_imports`), the apply (from `POST …/apply` until `GET …/{id}` says applied),
 * and the same package previewed again (everything unchanged: the nightly import's usual case). The server's resident
 * memory (VmRSS) is sampled every 100 ms throughout; its peak is the row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { residentMb, startBenchServer } from './lib-process.mjs';

const SCHOLARS = Number(process.env.BENCH_IMPORT_SCHOLARS ?? 2000);
const GUARDIANS = Math.round(SCHOLARS * 1.5);
const STAFF = 150;
const CLASSES = 120;
const ENROLMENTS_PER_SCHOLAR = 6;

const FIRST = ['Ana', 'José', 'Siobhán', 'Liam', 'Mia', 'Noah', 'Zoë', 'Mateo', 'Aiyana', 'Kai', "D'Andre", 'Renée'];
const LAST = ["O'Brien", 'Núñez', 'García', 'Nguyen', 'Smith', 'Johnson', 'López', 'Kim', 'Okafor', 'Müller'];
const GRADES = ['TK', 'KG', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

/** The package, as an information system exports it (1.1, every column of each file). */
function makePackage() {
  const users = [
    [
      'sourcedId',
      'status',
      'dateLastModified',
      'enabledUser',
      'orgSourcedIds',
      'role',
      'username',
      'userIds',
      'givenName',
      'familyName',
      'middleName',
      'identifier',
      'email',
      'sms',
      'phone',
      'agentSourcedIds',
      'grades',
      'password',
    ],
  ];
  const name = (i) => [FIRST[i % FIRST.length], `${LAST[(i * 7) % LAST.length]}-${i}`];
  const guardiansOf = (s) => [`g${(s * 3) % GUARDIANS}`, `g${(s * 3 + 1) % GUARDIANS}`];
  for (let s = 0; s < SCHOLARS; s++) {
    const [given, family] = name(s);
    users.push([
      `s${s}`,
      'active',
      '',
      'true',
      'org1',
      'student',
      `s${s}`,
      '',
      given,
      family,
      '',
      `B${100000 + s}`,
      `s${s}@students.bench`,
      '',
      '',
      guardiansOf(s).join(','),
      GRADES[s % GRADES.length],
      '',
    ]);
  }
  for (let g = 0; g < GUARDIANS; g++) {
    const [given, family] = name(g + 17);
    users.push([
      `g${g}`,
      'active',
      '',
      'true',
      'org1',
      g % 2 ? 'parent' : 'guardian',
      `g${g}`,
      '',
      given,
      family,
      '',
      '',
      `g${g}@family.bench`,
      '',
      `555-${String(g).padStart(4, '0')}`,
      '',
      '',
      '',
    ]);
  }
  for (let t = 0; t < STAFF; t++) {
    const [given, family] = name(t + 5);
    users.push([
      `t${t}`,
      'active',
      '',
      'true',
      'org1',
      t % 10 ? 'teacher' : 'aide',
      `t${t}`,
      '',
      given,
      family,
      '',
      `E${t}`,
      `t${t}@school.bench`,
      '',
      '',
      '',
      '',
      '',
    ]);
  }
  const classes = [
    [
      'sourcedId',
      'status',
      'dateLastModified',
      'title',
      'grades',
      'courseSourcedId',
      'classCode',
      'classType',
      'location',
      'schoolSourcedId',
      'termSourcedIds',
      'subjects',
      'subjectCodes',
      'periods',
    ],
  ];
  const courses = [
    [
      'sourcedId',
      'status',
      'dateLastModified',
      'schoolYearSourcedId',
      'title',
      'courseCode',
      'grades',
      'orgSourcedId',
      'subjects',
      'subjectCodes',
    ],
  ];
  for (let c = 0; c < CLASSES; c++) {
    courses.push([`course${c}`, 'active', '', 'y1', `Course ${c}`, `C${c}`, '', 'org1', '', '']);
    classes.push([
      `c${c}`,
      'active',
      '',
      `Class ${c}, section "${c % 3}"`,
      '',
      `course${c}`,
      `C${c}`,
      c < 20 ? 'homeroom' : 'scheduled',
      `Room ${c}`,
      'org1',
      'y1',
      '',
      '',
      '',
    ]);
  }
  const enrollments = [
    [
      'sourcedId',
      'status',
      'dateLastModified',
      'classSourcedId',
      'schoolSourcedId',
      'userSourcedId',
      'role',
      'primary',
      'beginDate',
      'endDate',
    ],
  ];
  for (let s = 0; s < SCHOLARS; s++) {
    enrollments.push([`e${s}-h`, 'active', '', `c${s % 20}`, 'org1', `s${s}`, 'student', 'false', '', '']);
    for (let k = 1; k < ENROLMENTS_PER_SCHOLAR; k++) {
      enrollments.push([
        `e${s}-${k}`,
        'active',
        '',
        `c${20 + ((s + k * 13) % (CLASSES - 20))}`,
        'org1',
        `s${s}`,
        'student',
        'false',
        '',
        '',
      ]);
    }
  }
  for (let c = 0; c < CLASSES; c++) {
    enrollments.push([`et${c}`, 'active', '', `c${c}`, 'org1', `t${c % STAFF}`, 'teacher', 'true', '', '']);
  }
  const sessions = [
    [
      'sourcedId',
      'status',
      'dateLastModified',
      'title',
      'type',
      'startDate',
      'endDate',
      'parentSourcedId',
      'schoolYear',
    ],
    ['y1', 'active', '', '2026-2027', 'schoolYear', '2026-08-12', '2027-06-10', '', '2027'],
  ];
  const orgs = [
    ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
    ['org1', 'active', '', 'Bench School', 'school', 'BS', ''],
  ];
  const bulk = ['academicSessions', 'classes', 'courses', 'enrollments', 'orgs', 'users'];
  const manifest = [
    ['propertyName', 'value'],
    ['manifest.version', '1.0'],
    ['oneroster.version', '1.1'],
    ...[
      'academicSessions',
      'categories',
      'classes',
      'classResources',
      'courses',
      'courseResources',
      'demographics',
      'enrollments',
      'lineItems',
      'orgs',
      'resources',
      'results',
      'users',
    ].map((f) => [`file.${f}`, bulk.includes(f) ? 'bulk' : 'absent']),
    ['source.systemName', 'Bench SIS'],
    ['source.systemCode', 'bench'],
  ];
  const files = { manifest, orgs, users, academicSessions: sessions, courses, classes, enrollments };
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([f, rows]) => [`${f}.csv`, strToU8(stringify(rows))])),
  );
  return { zip, enrolments: enrollments.length - 1 - CLASSES };
}

/** Starts the server as `npm start` does on `dataDir`, which it keeps (bench/lib-process.mjs). */
const startOn = (root, dataDir) => startBenchServer(root, { dataDir, keep: true });

/**
 * The server on a school that exists: the first start seeds the demo school into a fresh data directory, and the
 * import runs on a second start, as a school's server runs on a day (the seeding's own memory is not the import's).
 */
async function startServer(root) {
  const dataDir = mkdtempSync(join(tmpdir(), 'school-ops-bench-import-'));
  const seeding = await startOn(root, dataDir);
  await seeding.stop();
  const server = await startOn(root, dataDir);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const seconds = (ms) => Math.round(ms / 100) / 10;

export default {
  name: 'Roster import',
  async run({ root }) {
    const { zip, enrolments } = makePackage();
    const server = await startServer(root);
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMb(server.pid) ?? 0);
    }, 100);
    try {
      const login = await fetch(`${server.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.school', password: 'demo' }),
      });
      const { token } = await login.json();
      const headers = { authorization: `Bearer ${token}` };
      const preview = async () => {
        const form = new FormData();
        form.append('file', new Blob([zip], { type: 'application/zip' }), 'bench.zip');
        const started = performance.now();
        const res = await fetch(`${server.url}/api/v2/roster_imports`, { method: 'POST', headers, body: form });
        const body = await res.json();
        if (res.status !== 201)
          throw new Error(`preview answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
        return { ms: performance.now() - started, data: body.data };
      };
      const atStart = residentMb(server.pid) ?? 0;
      const first = await preview();
      const afterPreview = peak;
      const counts = first.data.counts;
      const applyStart = performance.now();
      const applied = await fetch(`${server.url}/api/v2/roster_imports/${first.data.id}/apply`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      });
      if (applied.status !== 202) throw new Error(`apply answered ${applied.status}`);
      let status = 'applying';
      let failure = null;
      while (status === 'applying') {
        await new Promise((r) => setTimeout(r, 100));
        const res = await fetch(`${server.url}/api/v2/roster_imports/${first.data.id}`, { headers });
        const { data } = await res.json();
        status = data.status;
        failure = data.failure;
      }
      const applyMs = performance.now() - applyStart;
      const afterApply = peak;
      if (status !== 'applied') throw new Error(`the import ended ${status}: ${failure}`);
      const again = await preview();
      const changed = ['scholars', 'guardians', 'staff', 'classes', 'enrollments'].reduce(
        (n, k) => n + again.data.counts[k].create + again.data.counts[k].update + again.data.counts[k].deactivate,
        0,
      );
      peak = Math.max(peak, residentMb(server.pid) ?? 0);
      const size = `${counts.scholars.create} scholars, ${counts.guardians.create} guardians, ${counts.staff.create} staff, ${counts.classes.create} classes, ${counts.enrollments.create} enrolments (${enrolments} in the file), zip ${Math.round(zip.length / 1024)} kB`;
      return [
        { metric: 'Roster import: preview', value: seconds(first.ms), unit: 's', budget: 10, note: size },
        {
          metric: 'Roster import: apply',
          value: seconds(applyMs),
          unit: 's',
          budget: 30,
          note: `${first.data.progress.total} writes`,
        },
        {
          metric: 'Roster import: the same package again, preview',
          value: seconds(again.ms),
          unit: 's',
          budget: 10,
          note: `${changed} changes found (0 expected)`,
        },
        {
          metric: 'Roster import: server peak memory',
          value: peak,
          unit: 'MB',
          budget: 400,
          note: `${atStart} MB before, peak ${afterPreview} MB by the end of the preview, ${afterApply} MB of the apply`,
        },
      ];
    } finally {
      clearInterval(sampler);
      await server.stop();
    }
  },
};
