/**
 * Makes a photo smaller on the device before it is uploaded: a phone's 12-megapixel picture is several
 * megabytes, more than the server takes (MAX_PHOTO_BYTES) and far more than a face on the pick-up line needs, and it
 * travels over the outdoor Wi-Fi and then to every station's snapshot. The longest side becomes at most 640 px, the
 * aspect ratio is kept, never enlarged, and the result is a JPEG at quality 0.85 (a few tens of kilobytes).
 * Re-encoding also drops the camera's metadata (EXIF, with the place the picture was taken).
 *
 * The decoding and the canvas are passed in (`ImageTools`), so the arithmetic and the calls are tested in jsdom,
 * which has no canvas; the browser's tools are the default.
 */
import { PHOTO_MAX_SIDE, PHOTO_QUALITY } from '../../contract/photos';

/** The longest side of an uploaded photo in pixels, and its JPEG quality: the contract's, which the server also uses. */
export { PHOTO_MAX_SIDE, PHOTO_QUALITY };
export const PHOTO_TYPE = 'image/jpeg';

/** The size that fits `width`×`height` within `maxSide` on its longest side, aspect kept, never larger. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** A decoded picture: its size and something a canvas can draw. */
export interface DecodedImage {
  width: number;
  height: number;
  source: CanvasImageSource;
  close?: () => void;
}

/** A canvas as the helper uses it. */
export interface PhotoCanvas {
  draw(source: CanvasImageSource, width: number, height: number): void;
  toBlob(type: string, quality: number): Promise<Blob>;
}

export interface ImageTools {
  decode(file: Blob): Promise<DecodedImage>;
  canvas(width: number, height: number): PhotoCanvas;
}

/** Raised when the file is not a picture the browser can read. */
export class UnreadablePhotoError extends Error {
  constructor() {
    super('The file is not a picture this device can read.');
  }
}

async function decodeInBrowser(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    // The camera's orientation flag is applied, so a portrait picture stays upright.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight, source: image };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function canvasInBrowser(width: number, height: number): PhotoCanvas {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new UnreadablePhotoError();
  // A JPEG has no transparency: a transparent PNG would otherwise turn black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  return {
    draw: (source, w, h) => context.drawImage(source, 0, 0, w, h),
    toBlob: (type, quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new UnreadablePhotoError())), type, quality),
      ),
  };
}

export const browserImageTools: ImageTools = { decode: decodeInBrowser, canvas: canvasInBrowser };

/** The photo made smaller, as a JPEG file ready for the multipart upload. */
export async function resizePhoto(
  file: Blob,
  { maxSide = PHOTO_MAX_SIDE, quality = PHOTO_QUALITY }: { maxSide?: number; quality?: number } = {},
  tools: ImageTools = browserImageTools,
): Promise<File> {
  let image: DecodedImage;
  try {
    image = await tools.decode(file);
  } catch {
    throw new UnreadablePhotoError();
  }
  try {
    if (!image.width || !image.height) throw new UnreadablePhotoError();
    const size = fitWithin(image.width, image.height, maxSide);
    const canvas = tools.canvas(size.width, size.height);
    canvas.draw(image.source, size.width, size.height);
    const blob = await canvas.toBlob(PHOTO_TYPE, quality);
    return new File([blob], 'photo.jpg', { type: PHOTO_TYPE });
  } finally {
    image.close?.();
  }
}
