/**
 * The camera scanner behind an interface of our own, so the decoder can be swapped without touching
 * a screen. A screen never imports an engine: it renders `<CameraScanner>` (./camera-scanner-lazy), which loads the
 * engine's code (html5-qrcode, ~90 kB gzip) only when a camera is opened.
 *
 * The engine reads QR codes from a live camera into a container element, calls `onCode` with each decoded text
 * (repeatedly while the same code stays in view: de-duplicating is the component's job), and reports what the
 * device offers: its cameras, and a torch on the running one.
 */

/** A camera the device has, as the browser names it. */
export interface CameraChoice {
  id: string;
  label: string;
}

/** Why the camera could not be used, each with its own message on screen. */
export type ScannerErrorKind =
  /** The device has no camera (or none the browser may use). */
  | 'no-camera'
  /** The person (or a policy) refused the camera permission. */
  | 'denied'
  /** Another app or tab holds the camera. */
  | 'in-use'
  /** The page is not a secure context (http on a non-local host): browsers give no camera there. */
  | 'insecure'
  | 'unknown';

export class ScannerError extends Error {
  constructor(
    readonly kind: ScannerErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ScannerError';
  }
}

export interface ScannerStartOptions {
  /** The element the engine renders the camera's video into (it owns the element's children). */
  element: HTMLElement;
  /** A camera from `cameras`; without one, the back camera where there is one. */
  cameraId?: string;
  /** Each decoded text, as often as the decoder reads it. */
  onCode(text: string): void;
}

/** A running camera. */
export interface ScannerSession {
  /** The device's cameras (empty when the browser does not list them). */
  readonly cameras: readonly CameraChoice[];
  /** The camera in use, when the browser says which. */
  readonly cameraId: string | null;
  /** Whether the running camera has a torch the page may switch. */
  readonly hasTorch: boolean;
  setTorch(on: boolean): Promise<void>;
  /** Stops the camera and releases the element; safe to call more than once. */
  stop(): Promise<void>;
}

export interface ScannerEngine {
  /** Starts the camera; rejects with a ScannerError saying why it cannot. */
  start(options: ScannerStartOptions): Promise<ScannerSession>;
}

/** A ScannerError for whatever getUserMedia (or an engine wrapping it) threw. */
export function toScannerError(error: unknown): ScannerError {
  if (error instanceof ScannerError) return error;
  const name = error instanceof Error || (error instanceof DOMException && error) ? error.name : '';
  const text = `${name} ${error instanceof Error ? error.message : String(error)}`;
  if (/NotAllowed|Permission|denied|SecurityError/i.test(text)) {
    if (typeof window !== 'undefined' && window.isSecureContext === false) return new ScannerError('insecure', text);
    return new ScannerError('denied', text);
  }
  if (/NotFound|DevicesNotFound|OverconstrainedError|no camera|not found/i.test(text)) {
    return new ScannerError('no-camera', text);
  }
  if (/NotReadable|TrackStart|in use|Could not start video/i.test(text)) return new ScannerError('in-use', text);
  if (/NotSupported|getUserMedia is not|not supported|mediaDevices/i.test(text)) {
    if (typeof window !== 'undefined' && window.isSecureContext === false) return new ScannerError('insecure', text);
    return new ScannerError('no-camera', text);
  }
  return new ScannerError('unknown', text);
}
