import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scholar } from '../../../offline/test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { ScannerEngine, ScannerStartOptions } from '../../../ui/scanner/scanner';
import { ada, type Fixture, jose, makeFixture, mother, PICK_UP_TIME } from '../station/station-fixture';

const mei = scholar({ fname: 'Mei', lname: 'Chen', student_number: '1003', badge_code: 'H8TR4K2XQ9MZ' });

import ScanPage from './scan-page';

const LINE = ['check_ins-create', 'authorized_pick_ups-view_any'];
let fixture: Fixture;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(PICK_UP_TIME));
  // jsdom has no object URLs, and fake-indexeddb stores a jsdom Blob as a plain object: enough to follow the URL.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  fixture.db.close();
});

/** A camera the test films with: `show(code)` is the decoder reading a badge; counts how often it was started. */
function testCamera() {
  const starts: ScannerStartOptions[] = [];
  const stop = vi.fn(async () => undefined);
  const engine: ScannerEngine = {
    async start(options) {
      starts.push(options);
      return { cameras: [{ id: 'back', label: 'Back' }], cameraId: 'back', hasTorch: false, setTorch: stop, stop };
    },
  };
  return { engine, starts, stop, show: (code: string) => act(() => starts.at(-1)?.onCode(code)) };
}

async function renderScan(camera: ReturnType<typeof testCamera>) {
  fixture = await makeFixture({ scholars: [ada, jose, mei] });
  await renderWithProviders(
    fixture.wrap(<ScanPage permissions={LINE} resetAfterMs={60_000} engine={camera.engine} />),
    { route: '/sign-out/scan', queryClient: fixture.queryClient },
  );
  await screen.findByText("Hold the badge's QR code up to the camera.");
}

describe('Scan Sign Out', () => {
  it("opens the scanned badge's scholar, signs out, and scans on for the next car with the same camera", async () => {
    const camera = testCamera();
    await renderScan(camera);
    expect(screen.getByRole('region', { name: 'Camera for badge QR codes' })).toBeTruthy();

    camera.show('NOT-A-BADGE');
    expect(await screen.findByText('Unknown badge: no scholar on this device has this code.')).toBeTruthy();

    camera.show(ada.badge_code.toLowerCase());
    await screen.findByRole('heading', { name: 'Pick-up for Ada Lovelace' });
    expect(screen.queryByText(/Unknown badge/)).toBeNull();
    // Another badge while a pick-up screen is up does not take it away.
    camera.show(jose.badge_code);
    expect(screen.getByRole('heading', { name: 'Pick-up for Ada Lovelace' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Sign Ada Lovelace out with Grace Lovelace' }));
    const status = await screen.findByRole('status', {}, { timeout: 5000 });
    await within(status).findByRole('heading', { name: 'Ada Lovelace is signed out' });
    expect(await fixture.written()).toEqual([
      expect.objectContaining({ kind: 'sign_out', scholar_id: ada.id, pick_up_id: mother.id, method: 'scan' }),
    ]);

    // The next car's badge, read while the confirmation is still up, opens the next scholar at once.
    camera.show(mei.badge_code);
    await screen.findByRole('heading', { name: 'Pick-up for Mei Chen' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to scanning' }));
    await screen.findByText("Hold the scholar's badge up to the camera. Scanning goes on after each car.");
    // One camera start for the whole line: it was never closed between cars.
    expect(camera.starts).toHaveLength(1);
    expect(camera.stop).not.toHaveBeenCalled();
  });

  it('offers Undo after a release, also while the next badge is scanned, and queues the void', async () => {
    const camera = testCamera();
    await renderScan(camera);
    camera.show(ada.badge_code);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Ada Lovelace out with Grace Lovelace' }));
    await screen.findByRole('heading', { name: 'Ada Lovelace is signed out' });
    // The next car's badge: the Undo of Ada's release stays over Mei's pick-up screen.
    camera.show(mei.badge_code);
    await screen.findByRole('heading', { name: 'Pick-up for Mei Chen' });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Sign-out undone: Ada Lovelace is back on the list, not signed out.')).toBeTruthy();
    const entries = await fixture.db.outbox.toArray();
    expect(entries.map((e) => [e.action, e.data.id])).toEqual([
      ['create', entries[0]?.data.id],
      ['update', entries[0]?.data.id],
    ]);
    // Mei's screen is still up; Ada's badge again offers her adults, not 'already signed out'.
    expect(screen.getByRole('heading', { name: 'Pick-up for Mei Chen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to scanning' }));
    camera.show(ada.badge_code);
    expect(await screen.findByRole('button', { name: 'Sign Ada Lovelace out with Grace Lovelace' })).toBeTruthy();
  });
});
