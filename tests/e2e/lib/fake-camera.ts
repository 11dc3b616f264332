/**
 * A camera for Chromium that films a QR code: the test writes a Y4M video (what Chromium's fake capture device plays,
 * in a loop) of a QR code it generates for a given text, and launches Chromium with the flags that use it as the
 * camera and answer the permission prompt. The page then sees a real MediaStream through getUserMedia, so the whole
 * scanner path (html5-qrcode, decoding, the screen) runs as on a device.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { fakeCameraFlags, type QrVideoSegment, qrVideo } from '../../../scripts/qr-video.mjs';

/**
 * Writes the video into this run's scratch folder and answers Chromium's arguments for it: the code all the time, or
 * the given segments (codes and blank pictures) in a loop. Chromium reads the file when a page first opens the
 * camera; give each browser its own `name`.
 */
export function fakeCameraArgs(film: string | QrVideoSegment[], name: string): string[] {
  const path = join(inject('e2eScratchDir'), `${name}.y4m`);
  writeFileSync(path, qrVideo(typeof film === 'string' ? [{ text: film, frames: 2 }] : film));
  return fakeCameraFlags(path);
}

/** Lets the app's origin use the camera without a prompt. */
export async function allowCamera(context: BrowserContext, base: string): Promise<void> {
  await context.grantPermissions(['camera'], { origin: base });
}
