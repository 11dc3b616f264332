/**
 * The scanner engine on html5-qrcode: it opens the camera, draws the video into the container and decodes QR codes
 * from its frames, with the browser's BarcodeDetector where the browser has one (Chrome on Android and macOS) and its
 * own ZXing decoder elsewhere (headless Linux Chromium, Firefox, Safari). Only this file imports html5-qrcode.
 */
import { Html5Qrcode, Html5QrcodeSupportedFormats } from 'html5-qrcode';
import { type CameraChoice, type ScannerEngine, ScannerError, type ScannerSession, toScannerError } from './scanner';

/** Frames decoded a second: enough for a badge held up to the camera, light on a phone's battery. */
const FRAMES_PER_SECOND = 12;

let nextElementId = 0;

/** The device's cameras; labels are only given once the page has the camera permission. */
async function listCameras(): Promise<CameraChoice[]> {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices
      .filter((d) => d.kind === 'videoinput')
      .map((d, i) => ({ id: d.deviceId, label: d.label || `Camera ${i + 1}` }));
  } catch {
    return [];
  }
}

export const html5QrcodeEngine: ScannerEngine = {
  async start({ element, cameraId, onCode }) {
    if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      throw new ScannerError(
        typeof window !== 'undefined' && window.isSecureContext === false ? 'insecure' : 'no-camera',
        'This browser gives the page no camera.',
      );
    }
    // html5-qrcode finds its container by id; the element is ours, so it gets one of its own.
    if (!element.id) element.id = `camera-scanner-${++nextElementId}`;
    const reader = new Html5Qrcode(element.id, {
      verbose: false,
      formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
      useBarCodeDetectorIfSupported: true,
    });
    try {
      await reader.start(
        cameraId ? { deviceId: { exact: cameraId } } : { facingMode: 'environment' },
        { fps: FRAMES_PER_SECOND, disableFlip: false },
        (text) => onCode(text),
        // Called for every frame without a code: nothing to say.
        () => undefined,
      );
    } catch (error) {
      reader.clear();
      throw toScannerError(error);
    }

    const cameras = await listCameras();
    let settings: MediaTrackSettings = {};
    let hasTorch = false;
    try {
      settings = reader.getRunningTrackSettings();
      hasTorch = reader.getRunningTrackCameraCapabilities().torchFeature().isSupported();
    } catch {
      // A camera that reports nothing has no torch the page can switch.
    }
    let stopped = false;
    const session: ScannerSession = {
      cameras,
      cameraId: settings.deviceId ?? cameraId ?? null,
      hasTorch,
      async setTorch(on) {
        await reader.getRunningTrackCameraCapabilities().torchFeature().apply(on);
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          if (reader.isScanning) await reader.stop();
        } finally {
          reader.clear();
        }
      },
    };
    return session;
  },
};
