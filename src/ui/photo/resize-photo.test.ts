import { describe, expect, it, vi } from 'vitest';
import {
  fitWithin,
  type ImageTools,
  PHOTO_MAX_SIDE,
  PHOTO_QUALITY,
  resizePhoto,
  UnreadablePhotoError,
} from './resize-photo';

/** Image tools that "decode" to a given size and record what the canvas was asked to do. */
function fakeTools(width: number, height: number) {
  const calls = { canvas: [] as [number, number][], draw: [] as [number, number][], encode: [] as [string, number][] };
  const close = vi.fn();
  const source = {} as CanvasImageSource;
  const tools: ImageTools = {
    decode: async () => ({ width, height, source, close }),
    canvas(w, h) {
      calls.canvas.push([w, h]);
      return {
        draw: (drawn, dw, dh) => {
          expect(drawn).toBe(source);
          calls.draw.push([dw, dh]);
        },
        // A stand-in encoder: one byte per 100 pixels, so a smaller picture is a smaller file.
        toBlob: async (type, quality) => {
          calls.encode.push([type, quality]);
          return new Blob([new Uint8Array(Math.ceil((w * h) / 100))], { type });
        },
      };
    },
  };
  return { tools, calls, close };
}

describe('fitWithin', () => {
  it('makes the longest side the limit and keeps the aspect ratio', () => {
    expect(fitWithin(4032, 3024, 640)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(3024, 4032, 640)).toEqual({ width: 480, height: 640 });
    expect(fitWithin(1000, 1000, 640)).toEqual({ width: 640, height: 640 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin(320, 200, 640)).toEqual({ width: 320, height: 200 });
  });

  it('keeps at least one pixel on a very thin picture', () => {
    expect(fitWithin(10_000, 5, 640)).toEqual({ width: 640, height: 1 });
  });
});

describe('resizePhoto', () => {
  it('makes a phone picture smaller, aspect kept, as a JPEG at quality 0.85', async () => {
    const { tools, calls, close } = fakeTools(4032, 3024);
    const original = new Blob([new Uint8Array(4032 * 3024 * 0.1)], { type: 'image/png' });
    const out = await resizePhoto(original, {}, tools);
    expect(calls.canvas).toEqual([[PHOTO_MAX_SIDE, 480]]);
    expect(calls.draw).toEqual([[640, 480]]);
    expect(calls.encode).toEqual([['image/jpeg', PHOTO_QUALITY]]);
    expect(out.type).toBe('image/jpeg');
    expect(out.name).toBe('photo.jpg');
    expect(out.size).toBeLessThan(original.size);
    expect(640 / 480).toBeCloseTo(4032 / 3024, 2);
    expect(close).toHaveBeenCalled();
  });

  it('keeps a portrait picture upright in shape', async () => {
    const { tools, calls } = fakeTools(1080, 1920);
    await resizePhoto(new Blob(['x']), {}, tools);
    expect(calls.canvas).toEqual([[360, 640]]);
  });

  it('takes another limit and quality', async () => {
    const { tools, calls } = fakeTools(800, 600);
    await resizePhoto(new Blob(['x']), { maxSide: 200, quality: 0.5 }, tools);
    expect(calls.canvas).toEqual([[200, 150]]);
    expect(calls.encode).toEqual([['image/jpeg', 0.5]]);
  });

  it('says so when the file is not a picture', async () => {
    const tools: ImageTools = {
      decode: () => Promise.reject(new DOMException('bad', 'InvalidStateError')),
      canvas: () => {
        throw new Error('never drawn');
      },
    };
    await expect(resizePhoto(new Blob(['not a picture']), {}, tools)).rejects.toBeInstanceOf(UnreadablePhotoError);
  });
});
