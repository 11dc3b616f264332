import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalMeetingsResponse } from '../../../contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, FakePortalServer } from '../layout/fake-portal-server';
import { TestPortal } from '../layout/portal-test-context';
import ThisWeekPage from './this-week-page';

const PATH = `v2/scholar/scholars/${ANA.id}/meetings`;
const meeting = (id: string, title: string, starts_at: string, ends_at: string) => ({
  id,
  title,
  starts_at,
  ends_at,
  place: 'Library',
  meet_url: null,
  leader: 'Mr. Chen',
});

afterEach(() => vi.unstubAllGlobals());

describe('Scholar Portal: This Week', () => {
  it("groups the week's meetings by the school's day, and moves a week back and forth", async () => {
    const server = new FakePortalServer();
    const week: PortalMeetingsResponse = {
      from: '2026-11-23',
      to: '2026-11-29',
      data: [
        meeting('m1', 'Advisory', '2026-11-23T16:00:00Z', '2026-11-23T16:15:00Z'),
        // 10:30 PM on Friday in Los Angeles, already Saturday in UTC.
        meeting('m2', 'Late study hall', '2026-11-28T06:30:00Z', '2026-11-28T07:30:00Z'),
      ],
    };
    server.answers.set(PATH, (q: URLSearchParams) =>
      q.get('from') === week.from ? week : { from: q.get('from'), to: q.get('to'), data: [] },
    );
    server.install();
    const { location } = await renderWithProviders(
      <TestPortal userId="week-1">
        <ThisWeekPage />
      </TestPortal>,
      { route: '/scholar/this-week' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'This Week' })).toBeTruthy();
    expect(screen.getByText('Nov 23 – Nov 29')).toBeTruthy();
    const friday = await screen.findByRole('region', { name: 'Friday, November 27' });
    expect(within(friday).getByText('Late study hall').closest('li')?.textContent).toBe(
      '10:30 PM– 11:30 PMLate study hallLibraryLed by Mr. Chen',
    );
    expect(within(screen.getByRole('region', { name: 'Monday, November 23' })).getByText('Advisory')).toBeTruthy();
    expect(server.requests.at(-1)?.query.toString()).toBe('from=2026-11-23&to=2026-11-29');
    expect(screen.queryByRole('button', { name: 'This week' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('No group meetings this week.')).toBeTruthy();
    expect(screen.getByText('Nov 30 – Dec 6')).toBeTruthy();
    expect(server.requests.at(-1)?.query.toString()).toBe('from=2026-11-30&to=2026-12-06');
    expect(location().search).toBe('?week=2026-11-30');
    fireEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByText('Late study hall')).toBeTruthy();
    expect(location().search).toBe('');
  });
});
