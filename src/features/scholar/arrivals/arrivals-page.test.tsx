import 'fake-indexeddb/auto';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, FakePortalServer } from '../layout/fake-portal-server';
import { TestPortal } from '../layout/portal-test-context';
import ArrivalsPage from './arrivals-page';

const PATH = `v2/scholar/scholars/${ANA.id}/arrivals`;
const arrival = (day: string, at: string, late: boolean, reason: string | null = null) => ({
  id: `a-${day}`,
  occurred_at: at,
  school_day: day,
  late,
  reason,
});

afterEach(() => vi.unstubAllGlobals());

describe('Scholar Portal: Arrivals', () => {
  it("lists the month's arrivals, on time or late with the reason, and moves a month back", async () => {
    const server = new FakePortalServer();
    server.answers.set(PATH, (q: URLSearchParams) =>
      q.get('month') === '2026-11'
        ? {
            month: '2026-11',
            data: [
              arrival('2026-11-20', '2026-11-20T15:43:00Z', false),
              arrival('2026-11-17', '2026-11-17T16:40:00Z', true, 'Overslept'),
            ],
          }
        : { month: q.get('month'), data: [] },
    );
    server.install();
    const { location } = await renderWithProviders(
      <TestPortal userId="arrivals-1">
        <ArrivalsPage />
      </TestPortal>,
      { route: '/scholar/arrivals' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Arrivals' })).toBeTruthy();
    expect(screen.getByText('November 2026')).toBeTruthy();
    const late = (await screen.findByText('Tue, Nov 17, 2026')).closest('li');
    expect(late?.textContent).toBe('Tue, Nov 17, 2026Reason: Overslept8:40 AMLate');
    expect(screen.getByText('Fri, Nov 20, 2026').closest('li')?.textContent).toBe('Fri, Nov 20, 20267:43 AMOn time');
    expect(screen.getByText('1 on time, 1 late')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByText('No arrivals this month.')).toBeTruthy();
    expect(screen.getByText('October 2026')).toBeTruthy();
    expect(server.requests.at(-1)?.query.get('month')).toBe('2026-10');
    expect(location().search).toBe('?month=2026-10');
  });
});
