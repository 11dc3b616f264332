/**
 * Y4M videos of QR codes, for Chromium's fake camera (`--use-file-for-fake-video-capture`, which plays the file in a
 * loop): the end-to-end tests (tests/e2e/lib/fake-camera.ts) and the scan benchmark (bench/scan-to-screen.mjs) film
 * badges with them. 4:2:0 (`C420`), studio-range luma, one segment after the other: a code, or a blank picture.
 */
import { encode } from 'uqr';

const BLACK = 16;
const WHITE = 235;

/** The luma plane of one frame: white, with the code's modules centred in black when there is a code. */
function lumaPlane(width, height, modules, moduleSize) {
  const y = Buffer.alloc(width * height, WHITE);
  if (!modules) return y;
  const size = modules.length * moduleSize;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  for (let row = 0; row < modules.length; row++) {
    for (let col = 0; col < modules[row].length; col++) {
      if (!modules[row][col]) continue;
      for (let dy = 0; dy < moduleSize; dy++) {
        const offset = (top + row * moduleSize + dy) * width + left + col * moduleSize;
        y.fill(BLACK, offset, offset + moduleSize);
      }
    }
  }
  return y;
}

/**
 * The bytes of a Y4M video made of `segments`, each `{ text, frames }` (`text: null` for a blank picture), at
 * `width`×`height` (even numbers) and `fps`. Each code fills about 80% of the shorter side, with its quiet zone.
 */
export function qrVideo(segments, { width = 640, height = 480, fps = 15 } = {}) {
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frames = [];
  for (const { text, frames: count } of segments) {
    let modules = null;
    let moduleSize = 1;
    if (text !== null) {
      // `border` is the quiet zone a decoder needs around the code, in modules.
      modules = encode(text, { border: 4, ecc: 'M' }).data;
      moduleSize = Math.floor((Math.min(width, height) * 0.8) / modules.length);
      if (moduleSize < 2) throw new Error(`a ${modules.length}-module code does not fit ${width}×${height}`);
    }
    const frame = Buffer.concat([Buffer.from('FRAME\n'), lumaPlane(width, height, modules, moduleSize), chroma]);
    for (let i = 0; i < count; i++) frames.push(frame);
  }
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420\n`), ...frames]);
}

/** Chromium's arguments that make the video at `path` its camera and answer the camera prompt. */
export function fakeCameraFlags(path) {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${path}`,
  ];
}
