/**
 * A camera for Chromium that films a QR code: the test writes a Y4M video (what Chromium's fake capture device plays,
 * in a loop) of a QR code it generates for a given text, and launches Chromium with the flags that use it as the
 * camera and answer the permission prompt. The page then sees a real MediaStream through getUserMedia, so the whole
 * scanner path (html5-qrcode, decoding, the screen) runs as on a device.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { encode } from 'uqr';
import { inject } from 'vitest';

export interface QrVideoOptions {
  width?: number;
  height?: number;
  /** Pixels per QR module. */
  moduleSize?: number;
  /** Frames of an empty (white) picture before the code shows, per loop; 0: the code shows all the time. */
  blankFrames?: number;
  /** Frames of the code, per loop. */
  codeFrames?: number;
  fps?: number;
}

const BLACK = 16;
const WHITE = 235;

/** The luma plane of a frame with the QR centred (or blank), studio-range YUV as Y4M players expect. */
function lumaPlane(width: number, height: number, modules: boolean[][] | null, moduleSize: number): Buffer {
  const y = Buffer.alloc(width * height, WHITE);
  if (!modules) return y;
  const size = modules.length * moduleSize;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  for (let row = 0; row < modules.length; row++) {
    const line = modules[row] ?? [];
    for (let col = 0; col < line.length; col++) {
      if (!line[col]) continue;
      for (let dy = 0; dy < moduleSize; dy++) {
        const offset = (top + row * moduleSize + dy) * width + left + col * moduleSize;
        y.fill(BLACK, offset, offset + moduleSize);
      }
    }
  }
  return y;
}

/** The bytes of a Y4M video (4:2:0) showing a QR code of `text`. */
export function qrVideo(text: string, options: QrVideoOptions = {}): Buffer {
  const { width = 640, height = 480, blankFrames = 0, codeFrames = 2, fps = 15 } = options;
  // `border` is the quiet zone the decoder needs around the code, in modules.
  const { data } = encode(text, { border: 4, ecc: 'M' });
  const moduleSize = options.moduleSize ?? Math.max(2, Math.floor((Math.min(width, height) * 0.8) / data.length));
  if (data.length * moduleSize > Math.min(width, height)) throw new Error(`A ${data.length}-module code does not fit.`);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = (y: Buffer) => Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const blank = frame(lumaPlane(width, height, null, moduleSize));
  const code = frame(lumaPlane(width, height, data, moduleSize));
  const frames = [...Array(blankFrames).fill(blank), ...Array(codeFrames).fill(code)];
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420\n`), ...frames]);
}

/**
 * Writes the video into this run's scratch folder and answers Chromium's arguments for it. Chromium reads the file
 * when a page first opens the camera; each browser gets its own file (its own name).
 */
export function fakeCameraArgs(text: string, name: string, options: QrVideoOptions = {}): string[] {
  const path = join(inject('e2eScratchDir'), `${name}.y4m`);
  writeFileSync(path, qrVideo(text, options));
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${path}`,
  ];
}

/** Lets the app's origin use the camera without a prompt. */
export async function allowCamera(context: BrowserContext, base: string): Promise<void> {
  await context.grantPermissions(['camera'], { origin: base });
}
