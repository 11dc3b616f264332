// Checks that a served build is installable as a PWA, by asking Chromium (DevTools `Page.getInstallabilityErrors`).
// Usage: node scripts/check-installability.mjs http://localhost:4173/   (serve dist first: npx vite preview --port 4173)
// Exits 1 and prints Chromium's reasons when the app is not installable, 2 on bad usage or when the check cannot run.
// The logic lives in tests/e2e/lib/installability.ts so the end-to-end tests run exactly the same check.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';

const url = process.argv[2];
if (!url) {
  console.error('Usage: node scripts/check-installability.mjs <url>');
  process.exit(2);
}

const { CHROMIUM_LAUNCH_OPTIONS, checkInstallability, formatInstallabilityError } = await tsImport(
  '../tests/e2e/lib/installability.ts',
  import.meta.url,
);

// A persistent profile, not browser.newPage(): Chromium treats Playwright's default contexts as incognito, where no app
// is installable (error `in-incognito`).
const profile = mkdtempSync(join(tmpdir(), 'installability-'));
const context = await chromium.launchPersistentContext(profile, CHROMIUM_LAUNCH_OPTIONS);
let exitCode = 0;
try {
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const errors = await checkInstallability(page, url);
  if (errors.length === 0) {
    console.log(`${url} is installable (no installability errors).`);
  } else {
    console.error(`${url} is not installable:`);
    for (const error of errors) console.error(`  - ${formatInstallabilityError(error)}`);
    exitCode = 1;
  }
} catch (error) {
  console.error(`Installability check failed to run: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 2;
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(exitCode);
