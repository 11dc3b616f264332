/**
 * The machine the run measured (information, no budget): budgets are met or not on a given machine, and machines of
 * the same kind here differ by two to four times in ways a plain CPU loop does not show.
 *
 * - CPU: a plain loop (3e8 additions), in a fresh node process.
 * - Fresh memory: a fresh node process writes one byte in each 4 KiB page of a new 512 MiB buffer, then again. The
 *   first pass pays a page fault per page, where the guest's freed pages were handed back to the host (virtio-balloon
 *   free page reporting) and must come back from it; the second pass is the same work without faults. On 28 November
 *   one machine took 15 µs a page (2 GiB in 7.6 s) against well under 1 µs usually: each process start (a server
 *   restart, a browser tab's renderer) pays for every page it touches, so the warm start and the phone's first visit
 *   were about twice as long there as on the day before, with the same code.
 */
import { execFileSync } from 'node:child_process';

const LOOP = `let t = process.hrtime.bigint(), x = 0; for (let i = 0; i < 3e8; i++) x += i % 7;
console.log(JSON.stringify({ ms: Number(process.hrtime.bigint() - t) / 1e6, x }));`;

const PAGES = `const size = 512 * 1024 * 1024, page = 4096, b = Buffer.allocUnsafeSlow(size);
const pass = (v) => { const t = process.hrtime.bigint(); for (let i = 0; i < size; i += page) b[i] = v;
  return Number(process.hrtime.bigint() - t) / 1e3 / (size / page); };
const first = pass(1), second = pass(2);
console.log(JSON.stringify({ first, second }));`;

const run = (code) => JSON.parse(execFileSync(process.execPath, ['-e', code], { encoding: 'utf8' }));
const round = (v, places) => Math.round(v * 10 ** places) / 10 ** places;

export default {
  name: 'The machine (information)',
  async run() {
    const loop = run(LOOP);
    const pages = run(PAGES);
    return [
      { metric: 'CPU: a plain loop of 3e8 additions', value: Math.round(loop.ms), unit: 'ms', note: 'one process' },
      {
        metric: 'fresh memory: first write to a page',
        value: round(pages.first, 2),
        unit: 'µs',
        note: `512 MiB in a new process; a page already written: ${round(pages.second, 3)} µs`,
      },
    ];
  },
};
