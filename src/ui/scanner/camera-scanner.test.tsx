import '../../test/setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import CameraScanner, { REPEAT_QUIET_MS } from './camera-scanner';
import { type ScannerEngine, ScannerError, type ScannerStartOptions, toScannerError } from './scanner';

/** An engine that hands the test its `onCode`, as a camera would call it, and records what the screen asked of it. */
function testEngine(opts: { cameras?: string[]; torch?: boolean; fail?: unknown } = {}) {
  const starts: ScannerStartOptions[] = [];
  const stops = vi.fn();
  const torch = vi.fn(async (_on: boolean) => undefined);
  const engine: ScannerEngine = {
    async start(options) {
      starts.push(options);
      if (opts.fail) throw opts.fail;
      const cameras = (opts.cameras ?? ['back']).map((id) => ({ id, label: `${id} camera` }));
      return {
        cameras,
        cameraId: options.cameraId ?? cameras[0]?.id ?? null,
        hasTorch: opts.torch ?? false,
        setTorch: torch,
        stop: async () => stops(options.cameraId ?? null),
      };
    },
  };
  const read = (code: string) => act(() => starts.at(-1)?.onCode(code));
  return { engine, starts, stops, torch, read };
}

describe('<CameraScanner />', () => {
  it('reports each badge once while it stays in view, and again once it has been away', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const { engine, read } = testEngine();
      const onCode = vi.fn();
      await renderWithProviders(<CameraScanner engine={engine} onCode={onCode} />);
      await screen.findByText("Hold the badge's QR code up to the camera.");
      read('BADGE-A');
      read('BADGE-A');
      vi.advanceTimersByTime(REPEAT_QUIET_MS - 100);
      read('BADGE-A');
      expect(onCode.mock.calls).toEqual([['BADGE-A']]);
      read('BADGE-B');
      expect(onCode.mock.calls).toEqual([['BADGE-A'], ['BADGE-B']]);
      vi.advanceTimersByTime(REPEAT_QUIET_MS + 1);
      read('BADGE-B');
      expect(onCode.mock.calls).toEqual([['BADGE-A'], ['BADGE-B'], ['BADGE-B']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports nothing while paused; after the pause, a new badge but not the one that stayed in view', async () => {
    const { engine, read } = testEngine();
    const onCode = vi.fn();
    function Harness() {
      const [paused, setPaused] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setPaused(false)}>
            resume
          </button>
          <CameraScanner engine={engine} onCode={onCode} paused={paused} />
        </>
      );
    }
    await renderWithProviders(<Harness />);
    await screen.findByText("Hold the badge's QR code up to the camera.");
    read('BADGE-A');
    expect(onCode).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'resume' }));
    read('BADGE-A');
    expect(onCode).not.toHaveBeenCalled();
    read('BADGE-B');
    expect(onCode.mock.calls).toEqual([['BADGE-B']]);
  });

  it('offers the torch and a camera switch only where the device has them, and stops the camera it leaves', async () => {
    const one = testEngine();
    const first = await renderWithProviders(<CameraScanner engine={one.engine} onCode={() => undefined} />);
    await screen.findByText("Hold the badge's QR code up to the camera.");
    expect(screen.queryByRole('button', { name: 'Light on' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Switch camera' })).toBeNull();
    first.unmount();
    expect(one.stops).toHaveBeenCalledTimes(1);

    const two = testEngine({ cameras: ['back', 'front'], torch: true });
    await renderWithProviders(<CameraScanner engine={two.engine} onCode={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Light on' }));
    await screen.findByRole('button', { name: 'Light off', pressed: true });
    expect(two.torch).toHaveBeenCalledWith(true);
    fireEvent.click(screen.getByRole('button', { name: 'Switch camera' }));
    await waitFor(() => expect(two.starts.map((s) => s.cameraId)).toEqual([undefined, 'front']));
    expect(two.stops).toHaveBeenCalledWith(null);
    // The light belongs to the camera that was left.
    await screen.findByRole('button', { name: 'Light on', pressed: false });
  });

  it.each([
    [new DOMException('Permission denied', 'NotAllowedError'), 'The camera is not allowed'],
    ['Error getting userMedia, error = NotFoundError: Requested device not found', 'No camera found'],
    [new DOMException('Could not start video source', 'NotReadableError'), 'The camera is busy'],
    [new ScannerError('insecure', 'http'), 'The camera needs a secure connection'],
    [new Error('something else'), 'The camera could not start'],
  ])('says what to do when the camera cannot start (%s)', async (failure, title) => {
    const { engine, starts } = testEngine({ fail: failure });
    await renderWithProviders(<CameraScanner engine={engine} onCode={() => undefined} />);
    await screen.findByText(title);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(starts).toHaveLength(2));
  });
});

describe('toScannerError', () => {
  it('keeps a ScannerError and sorts what browsers throw', () => {
    const own = new ScannerError('denied', 'x');
    expect(toScannerError(own)).toBe(own);
    expect(toScannerError(new DOMException('', 'NotAllowedError')).kind).toBe('denied');
    expect(toScannerError(new DOMException('', 'OverconstrainedError')).kind).toBe('no-camera');
    expect(toScannerError('Camera streaming not supported by the browser.').kind).toBe('no-camera');
    expect(toScannerError(new DOMException('', 'NotReadableError')).kind).toBe('in-use');
    expect(toScannerError(42).kind).toBe('unknown');
  });
});
