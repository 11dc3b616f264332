import 'fake-indexeddb/auto';
import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineDb } from '../../../offline';
import { renderWithProviders } from '../../../test/render-with-providers';
import { setLanguage } from '../../../ui/language';
import { ANA, FakePortalServer } from '../layout/fake-portal-server';
import { TestPortal } from '../layout/portal-test-context';
import ConferencesPage from './conferences-page';

afterEach(() => vi.unstubAllGlobals());

const sheet = (fields: Record<string, unknown>) => ({
  id: '0190a0b0-0000-7000-8000-0000000000c1',
  title: 'Fall Scholar Led Conferences',
  body: 'Welcome, families.\n\nPlease sign in so that the school knows you came.',
  held_on: '2026-11-26',
  start_time: '15:00',
  end_time: '19:00',
  is_today: true,
  sign_ins: [],
  ...fields,
});

async function open(userId: string, data: unknown[], coSession: { scholarId: string } | null = null) {
  const server = new FakePortalServer();
  server.answers.set(`v2/scholar/conferences/${ANA.id}`, { today: '2026-11-26', data });
  server.install();
  await renderWithProviders(
    <TestPortal userId={userId}>
      <ConferencesPage coSession={coSession} />
    </TestPortal>,
    { route: '/scholar/conferences' },
  );
}

describe('Scholar Portal: Scholar Led Conferences', () => {
  it('shows the welcome in Spanish to a Spanish reader when the school wrote it, else the English', async () => {
    await act(() => setLanguage('es'));
    try {
      await open('conf-es', [
        sheet({ title_es: 'Conferencias de otoño', body_es: 'Bienvenidas, familias.\n\nPor favor, regístrense.' }),
        sheet({
          id: '0190a0b0-0000-7000-8000-0000000000c2',
          title: 'Spring',
          title_es: null,
          body_es: null,
          held_on: '2027-03-10',
          is_today: false,
        }),
      ]);
      expect(await screen.findByRole('heading', { name: 'Conferencias de otoño' })).toBeTruthy();
      expect(screen.getByText('Bienvenidas, familias.')).toBeTruthy();
      expect(screen.getByText('Por favor, regístrense.')).toBeTruthy();
      expect(screen.queryByText('Welcome, families.')).toBeNull();
      expect(screen.getByText('Spring')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('says when no conference is coming up', async () => {
    await open('conf-none', []);
    expect(await screen.findByText('No conference is coming up.')).toBeTruthy();
  });

  it("shows the day's sheet with the school's paragraphs; Click to Sign In keeps the sign-in in the outbox", async () => {
    await open('conf-today', [
      sheet({}),
      sheet({ id: '0190a0b0-0000-7000-8000-0000000000c2', title: 'Spring', held_on: '2027-03-10', is_today: false }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Fall Scholar Led Conferences' })).toBeTruthy();
    expect(screen.getByText('Welcome, families.')).toBeTruthy();
    expect(screen.getByText('Please sign in so that the school knows you came.')).toBeTruthy();
    expect(screen.getByText('Coming up')).toBeTruthy();
    expect(screen.getByText('Spring')).toBeTruthy();
    // Times as the locale reads them, not 24-hour 'HH:MM'.
    expect(screen.getByText(/^Today, 3:00\sPM to 7:00\sPM$/)).toBeTruthy();
    expect(screen.getByText(/^Wednesday, March 10, 3:00\sPM to 7:00\sPM$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Click to Sign In' }));
    expect(await screen.findByText('You are signed in. Thank you for coming.')).toBeTruthy();
    expect(await screen.findByText(/^Not sent yet/)).toBeTruthy();
    const entry = (await offlineDb.outbox.toArray()).find((e) => e.resource === 'conference_sign_ins');
    expect(entry?.data).toMatchObject({ conference_id: '0190a0b0-0000-7000-8000-0000000000c1', scholar_id: ANA.id });
    expect(screen.queryByRole('button', { name: 'Click to Sign In' })).toBeNull();
  });

  it("on the scholar's phone with the parent signed in for them, the parent signs: the scholar's own sign-in does not count", async () => {
    const scholarSigned = {
      sign_ins: [{ id: 'x', signer_name: 'Ana García', signer_type: 'student', signed_at: '2026-11-26T23:10:00Z' }],
    };
    // A conference of its own: an earlier test's sign-in for the first one still waits in the outbox.
    await open('conf-parent', [sheet({ ...scholarSigned, id: '0190a0b0-0000-7000-8000-0000000000c3' })], {
      scholarId: ANA.id,
    });
    expect(await screen.findByText(/^Ana García signed in at/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Click to Sign In' }));
    expect(await screen.findByText('You are signed in. Thank you for coming.')).toBeTruthy();
    const entry = (await offlineDb.outbox.toArray()).find(
      (e) => e.resource === 'conference_sign_ins' && e.data.conference_id === '0190a0b0-0000-7000-8000-0000000000c3',
    );
    expect(entry?.data).toMatchObject({ scholar_id: ANA.id, by_parent_login: true });
  });

  it('a parent signed in for another scholar does not sign for this one', async () => {
    await open('conf-other', [sheet({ id: '0190a0b0-0000-7000-8000-0000000000c4' })], { scholarId: 'another-scholar' });
    fireEvent.click(await screen.findByRole('button', { name: 'Click to Sign In' }));
    expect(await screen.findByText('You are signed in. Thank you for coming.')).toBeTruthy();
    const entry = (await offlineDb.outbox.toArray()).find(
      (e) => e.resource === 'conference_sign_ins' && e.data.conference_id === '0190a0b0-0000-7000-8000-0000000000c4',
    );
    expect(entry?.data).toMatchObject({ scholar_id: ANA.id, by_parent_login: false });
  });

  it('shows who signed in already, and no button for a signer who did', async () => {
    await open('conf-signed', [
      sheet({
        sign_ins: [{ id: 'x', signer_name: 'Ana García', signer_type: 'student', signed_at: '2026-11-26T23:10:00Z' }],
      }),
    ]);
    expect(await screen.findByText(/^Ana García signed in at/)).toBeTruthy();
    expect(screen.getByText('You are signed in. Thank you for coming.')).toBeTruthy();
  });
});
