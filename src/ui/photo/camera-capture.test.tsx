import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { CameraCapture, cameraProblem } from './camera-capture';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('camera capture', () => {
  it('tells a refused permission, a missing camera and a busy one apart', () => {
    expect(cameraProblem(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem(new DOMException('none', 'NotFoundError'))).toBe('no-camera');
    expect(cameraProblem(new DOMException('busy', 'NotReadableError'))).toBe('in-use');
    expect(cameraProblem(new Error('odd'))).toBe('unknown');
  });

  it('says the permission was refused and offers to close, keeping the upload as the way on', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const onClose = vi.fn();
    await renderWithProviders(<CameraCapture onCapture={() => undefined} onClose={onClose} />);
    expect(await screen.findByText(/The camera permission was refused/)).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Close the camera' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('stops the camera when the panel closes', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] };
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn().mockResolvedValue(stream) } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const view = await renderWithProviders(<CameraCapture onCapture={() => undefined} onClose={() => undefined} />);
    await screen.findByRole('group', { name: 'Camera' });
    await waitFor(() => expect((screen.getByLabelText('Camera preview') as HTMLVideoElement).srcObject).toBe(stream));
    expect(screen.getByRole('button', { name: 'Capture' }).hasAttribute('disabled')).toBe(true);
    view.unmount();
    expect(stop).toHaveBeenCalled();
  });
});
