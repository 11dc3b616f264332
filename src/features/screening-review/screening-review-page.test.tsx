import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreeningDayResponse, ScreeningDayRow } from '../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render-with-providers';
import ScreeningReviewPage from './screening-review-page';

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

const row = (id: string, name: string, outcome: ScreeningDayRow['screening']['outcome']): ScreeningDayRow => ({
  scholar_id: id,
  name,
  grade: '5',
  homeroom: 'Room 12',
  negative_test_on: null,
  screening: {
    id: `${id}-s`,
    scholar_id: id,
    kind: 'screening',
    symptoms: outcome === 'stay_home' ? ['fever'] : ['no_symptoms'],
    recent_contact: false,
    household_symptoms: false,
    outcome,
    answered_at: '2026-11-26T15:00:00.000Z',
    school_day: '2026-11-26',
    answered_by: null,
    created_at: '2026-11-26T15:00:00.000Z',
  },
});

/** `v2/covid_screenings`: the day's list, a negative test, the settings. */
class FakeEntrance extends FakeServer<Recorded> {
  rows = [
    row('0190a0b0-0000-7000-8000-000000000001', 'Ana García', 'cleared'),
    row('0190a0b0-0000-7000-8000-000000000002', 'Leo Park', 'stay_home'),
  ];
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: request.method === 'GET' ? null : await jsonBody(request) };
  }
  protected route(request: Request, { path, body }: Recorded): Response {
    if (path === 'v2/config') return json(200, { school_name: 'Demo School', time_zone: 'America/Los_Angeles' });
    if (path === 'v2/covid_screenings/settings') return json(200, { data: { enabled: true, retention_days: 14 } });
    if (path === 'v2/covid_screenings/negative_tests' && request.method === 'POST') {
      const tested = body as { scholar_id: string; tested_on: string };
      this.rows = this.rows.map((r) =>
        r.scholar_id === tested.scholar_id ? { ...r, negative_test_on: tested.tested_on } : r,
      );
      return json(201, { data: { id: 'x', ...tested, recorded_by: null, created_at: '' } });
    }
    if (path === 'v2/covid_screenings') {
      const outcome = new URL(request.url).searchParams.get('outcome');
      const data = this.rows.filter((r) => !outcome || r.screening.outcome === outcome);
      const answer: ScreeningDayResponse = {
        data,
        meta: {
          page: 1,
          per_page: 50,
          total: data.length,
          date: '2026-11-26',
          counts: { cleared: 1, stay_home: 1, no_negative_test: 0, remote: 0 },
        },
      };
      return json(200, answer);
    }
    return json(404, { message: 'No such record.' });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('COVID Screening at the entrance', () => {
  it("shows the day's answers with counts, filters by outcome and records a negative test", async () => {
    const server = new FakeEntrance().install();
    await renderWithProviders(
      <ScreeningReviewPage permissions={['covid_screenings-view_any', 'covid_screenings-create']} />,
      {
        route: '/check-in/covid-screenings',
      },
    );
    expect(await screen.findByText('Leo Park')).toBeTruthy();
    expect(screen.getByText('Cleared 1 · Stay home 1 · No test on file 0 · Remote 0')).toBeTruthy();
    const leo = screen.getByText('Leo Park').closest('tr') as HTMLElement;
    expect(within(leo).getByText('Stay home')).toBeTruthy();
    // Answered at 15:00 UTC: 7:00 AM on the school's clock (America/Los_Angeles), whatever the browser's zone.
    expect(await within(leo).findByText(/^7:00\sAM$/)).toBeTruthy();
    expect(within(leo).getByText(/Fever at or over 100.4/)).toBeTruthy();

    fireEvent.click(within(leo).getByRole('button', { name: 'Record negative test' }));
    fireEvent.click(within(leo).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      scholar_id: '0190a0b0-0000-7000-8000-000000000002',
      tested_on: '2026-11-26',
    });
    expect(await screen.findByText('Negative test recorded for Leo Park.')).toBeTruthy();
    // The test's day as the locale writes it, not YYYY-MM-DD.
    expect(await within(leo).findByText('Thu, Nov 26, 2026')).toBeTruthy();
    expect(screen.queryByText('2026-11-26')).toBeNull();

    fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'cleared' } });
    await waitFor(() => expect(screen.queryByText('Leo Park')).toBeNull());
    expect(screen.getByText('Ana García')).toBeTruthy();
    // Read only: no switch to change without the update permission.
    expect(
      (screen.getByRole('checkbox', { name: 'Screen for COVID in the Scholar Portal' }) as HTMLInputElement).disabled,
    ).toBe(true);
  });
});
