export interface QrVideoSegment {
  /** The code's text, or null for a blank picture. */
  text: string | null;
  frames: number;
}
/** The bytes of a Y4M video (4:2:0) made of the segments, for Chromium's fake camera. */
export function qrVideo(
  segments: QrVideoSegment[],
  options?: { width?: number; height?: number; fps?: number },
): Buffer;
/** Chromium's arguments that make the video at `path` its camera and answer the camera prompt. */
export function fakeCameraFlags(path: string): string[];
