/**
 * Scan to screen on Scan Sign Out: Chromium's fake camera films a loop of two badges, each shown for one
 * second between blank seconds (a car pulling up, then the next). For each badge that comes into view, the time from
 * the first video frame showing it (the frame's presentation time, from requestVideoFrameCallback and the picture's
 * brightness) until that scholar's pick-up screen is painted: the camera's frame interval, html5-qrcode's decoding
 * (ZXing in headless Linux Chromium: it has no BarcodeDetector), the lookup on the device and the render. The page
 * then goes back to scanning at once, as the office would after the sign-out.
 *
 * No budget (DESIGN section 8 has none for scanning): the figures are reported.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeCameraFlags, qrVideo } from '../scripts/qr-video.mjs';
import {
  apiAs,
  launchBrowser,
  listScholars,
  ms1,
  percentile,
  signIn,
  sleep,
  startServer,
  waitForServiceWorker,
  withResources,
} from './lib-browser.mjs';

const SCANS = Number(process.env.BENCH_SCANS ?? 20);
const FPS = 15;
/** The camera's picture: two badges, each between blank pictures, one second each. */
const SECOND = FPS;
const CAMERA_LABEL = 'Camera for badge QR codes';
const BACK = 'Back to scanning';

/**
 * Installed before the app's scripts: watches the camera's video (once the scanner has made it) frame by frame for
 * a badge coming into view (the centre of the picture turning from blank white to a code), and the pick-up screen
 * (its 'Back to scanning' button) appearing; notes the pair and presses the button, so scanning goes on.
 */
export function instrumentScanLine(cameraLabel, backLabel) {
  const samples = [];
  let onset = null;
  let sawBlank = false;
  const canvas = document.createElement('canvas');
  canvas.width = 48;
  canvas.height = 48;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const watchVideo = (video) => {
    const frame = (_now, meta) => {
      if (video.videoWidth > 0) {
        const side = Math.min(video.videoWidth, video.videoHeight) / 3;
        ctx.drawImage(video, (video.videoWidth - side) / 2, (video.videoHeight - side) / 2, side, side, 0, 0, 48, 48);
        const pixels = ctx.getImageData(0, 0, 48, 48).data;
        let sum = 0;
        for (let i = 0; i < pixels.length; i += 4) sum += pixels[i + 1];
        const blank = sum / (pixels.length / 4) > 200;
        if (blank) sawBlank = true;
        else if (sawBlank) {
          sawBlank = false;
          onset = meta.presentationTime;
        }
      }
      video.requestVideoFrameCallback(frame);
    };
    video.requestVideoFrameCallback(frame);
  };
  let watched = null;
  let screenUp = false;
  const observer = new MutationObserver(() => {
    const video = document.querySelector(`[aria-label="${cameraLabel}"] video`);
    if (video && video !== watched) {
      watched = video;
      watchVideo(video);
    }
    const back = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === backLabel);
    if (back && !screenUp) {
      screenUp = true;
      const dom = performance.now();
      const name = document.querySelector('h2')?.textContent ?? '';
      const at = onset;
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (at !== null) samples.push({ onset: at, dom, painted: performance.now(), name });
          onset = null;
          back.click();
        }, 0),
      );
    } else if (!back) screenUp = false;
  });
  const start = () => observer.observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
  window.__scanBench = { samples };
}

export default {
  name: 'Scan to screen (Scan Sign Out, fake camera, Chromium)',
  needsBuild: true,
  async run({ root }) {
    return withResources(async (acquire) => {
      const server = acquire(await startServer(root, 'bench-scan'));
      const admin = await apiAs(server.url, 'admin@demo.school');
      const [first, second] = (await listScholars(admin)).filter((s) => s.active && s.badge_code);
      if (!second) throw new Error('the demo school has fewer than two scholars with badges');
      const video = join(tmpdir(), `school-ops-bench-scan-${process.pid}.y4m`);
      writeFileSync(
        video,
        qrVideo(
          [
            { text: null, frames: SECOND },
            { text: first.badge_code, frames: SECOND },
            { text: null, frames: SECOND },
            { text: second.badge_code, frames: SECOND },
          ],
          { width: 480, height: 360, fps: FPS },
        ),
      );
      acquire({ stop: async () => rmSync(video, { force: true }) });

      const { page, context } = acquire(await launchBrowser('bench-scan', { args: fakeCameraFlags(video) }));
      await context.grantPermissions(['camera'], { origin: server.url });
      await page.addInitScript(`(${instrumentScanLine})(${JSON.stringify(CAMERA_LABEL)}, ${JSON.stringify(BACK)});`);
      await signIn(page, server.url, 'office@demo.school');
      await waitForServiceWorker(page);
      await page.goto(`${server.url}/sign-out/scan`);
      await page.getByRole('region', { name: CAMERA_LABEL, exact: true }).locator('video').waitFor({ timeout: 90_000 });

      const deadline = Date.now() + SCANS * 3000 + 60_000;
      let samples = [];
      while (Date.now() < deadline) {
        samples = await page.evaluate(() => window.__scanBench.samples);
        if (samples.length >= SCANS) break;
        await sleep(500);
      }
      if (samples.length < SCANS) throw new Error(`${samples.length} scans timed of ${SCANS} within the time`);
      const names = new Set(samples.map((s) => s.name));
      const latencies = samples.map((s) => s.painted - s.onset);
      const dom = samples.map((s) => s.dom - s.onset);
      const note = `${samples.length} badges (${names.size} scholars alternating), camera ${FPS} fps, 480×360`;
      return [
        { metric: 'badge in view → pick-up screen painted, p50', value: ms1(percentile(latencies, 50)), unit: 'ms' },
        {
          metric: 'badge in view → pick-up screen painted, p95',
          value: ms1(percentile(latencies, 95)),
          unit: 'ms',
          note,
        },
        { metric: 'badge in view → pick-up screen painted, max', value: ms1(Math.max(...latencies)), unit: 'ms' },
        {
          metric: 'badge in view → pick-up screen in the DOM, p50',
          value: ms1(percentile(dom, 50)),
          unit: 'ms',
          note: `one frame every ${ms1(1000 / FPS)} ms; decoding is html5-qrcode's ZXing (no BarcodeDetector here)`,
        },
      ];
    });
  },
};
