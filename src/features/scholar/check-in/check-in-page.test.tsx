import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { qrMatrix, qrPath } from '../../../ui/qr/qr-svg';
import { ANA, FakePortalServer } from '../layout/fake-portal-server';
import { TestPortal } from '../layout/portal-test-context';
import CheckInPage from './check-in-page';

afterEach(() => vi.unstubAllGlobals());

describe('Scholar Portal: Check In', () => {
  it("shows the scholar's badge code as a QR code with their name, and asks for the screen's brightness", async () => {
    const server = new FakePortalServer();
    server.answers.set(`v2/scholar/scholars/${ANA.id}/badge`, { code: 'SCH-7Q2K9', name: 'Ana García' });
    server.install();
    await renderWithProviders(
      <TestPortal userId="check-in-1">
        <CheckInPage />
      </TestPortal>,
      { route: '/scholar/check-in' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Check In' })).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'Check-in QR code of Ana García' });
    // The code the scanners read is the badge's text, drawn as is.
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(qrMatrix('SCH-7Q2K9')));
    expect(screen.getByText('Ana García')).toBeTruthy();
    expect(screen.getByText("Turn up your screen's brightness and hold the phone under the scanner.")).toBeTruthy();
  });
});
