import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConferenceRecord, ConferenceSignInsResponse } from '../../contract';
import { captureDownloads, csvRows } from '../../test/csv-capture';
import { type BaseRecordedRequest, FakeServer, json, jsonBody } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render-with-providers';
import ConferenceReviewPage from './conference-review-page';

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

const ID = '0190a0b0-0000-7000-8000-0000000000c1';
const conference: ConferenceRecord = {
  id: ID,
  title: 'Fall Scholar Led Conferences',
  body: 'Welcome.',
  title_es: null,
  body_es: null,
  held_on: '2026-11-26',
  start_time: '15:00',
  end_time: '19:00',
  minutes_per_scholar: 20,
  teacher_id: '0190a0b0-0000-7000-8000-0000000000f1',
  teacher_name: 'Maria Lopez',
  grades: [],
  sign_in_count: 2,
  timesheet_id: null,
  created_at: '',
  updated_at: '',
};
const signIns: ConferenceSignInsResponse = {
  data: [
    {
      id: 's1',
      conference_id: ID,
      scholar_id: 'a',
      scholar_name: 'Ana García',
      signed_by: null,
      signer_name: 'Rosa García',
      signer_type: 'parent',
      signed_at: '2026-11-26T23:00:00.000Z',
      created_at: '',
    },
    {
      id: 's2',
      conference_id: ID,
      scholar_id: 'b',
      scholar_name: 'Leo Park',
      signed_by: null,
      signer_name: 'Leo Park',
      signer_type: 'student',
      signed_at: '2026-11-26T23:40:00.000Z',
      created_at: '',
    },
  ],
  span: { started_at: '2026-11-26T23:00:00.000Z', ended_at: '2026-11-27T00:00:00.000Z', minutes: 60 },
};

class FakeConferences extends FakeServer<Recorded> {
  recorded = false;
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: request.method === 'GET' ? null : await jsonBody(request) };
  }
  protected route(request: Request, { path }: Recorded): Response {
    if (path === 'v2/config') return json(200, { school_name: 'Demo School', time_zone: 'America/Los_Angeles' });
    const current = { ...conference, timesheet_id: this.recorded ? 'ts' : null };
    if (path === 'v2/conferences') return json(200, { data: [current], meta: { page: 1, per_page: 25, total: 1 } });
    if (path === `v2/conferences/${ID}/sign_ins`) return json(200, signIns);
    if (path === 'v2/conferences/teachers') return json(200, { data: [] });
    if (path === `v2/conferences/${ID}/timesheet` && request.method === 'POST') {
      this.recorded = true;
      return json(200, { data: { ...current, timesheet_id: 'ts' }, span: signIns.span });
    }
    return json(404, { message: 'No such record.' });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('Scholar Led Conferences for staff', () => {
  it("lists the conference days, shows who signed in and the span, and records it on the teacher's timesheet", async () => {
    const server = new FakeConferences().install();
    await renderWithProviders(
      <ConferenceReviewPage
        permissions={['conferences-view_any', 'conferences-view', 'timesheets-view_any', 'timesheets-create']}
      />,
      { route: '/portal-content/conferences' },
    );
    const item = (await screen.findByText('Fall Scholar Led Conferences')).closest('li') as HTMLElement;
    expect(within(item).getByText(/Maria Lopez · Sign-ins: 2/)).toBeTruthy();
    // The day and its hours as the locale writes them, not YYYY-MM-DD and 24-hour clock.
    expect(within(item).getByText(/^Thu, Nov 26, 2026 · 3:00\sPM–7:00\sPM · /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New conference' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Sign-ins' }));
    expect(await screen.findByRole('cell', { name: 'Leo Park' })).toBeTruthy();
    expect(screen.getByText('Rosa García')).toBeTruthy();
    // Signed in at 23:00 UTC: 3:00 PM on the school's clock (America/Los_Angeles), whatever the browser's zone.
    await waitFor(() =>
      expect(screen.getByText(/^Conference time from the sign-ins: 3:00\sPM.*4:00\sPM \(60 minutes\)$/)).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole('button', { name: "Add to the teacher's timesheet" }));
    expect(await screen.findByText("On the teacher's timesheet.")).toBeTruthy();
    await waitFor(() => expect(server.requests.some((r) => r.path === `v2/conferences/${ID}/timesheet`)).toBe(true));
  });

  it("offers no timesheet recording to those who may not write others' timesheets", async () => {
    new FakeConferences().install();
    await renderWithProviders(<ConferenceReviewPage permissions={['conferences-view_any', 'conferences-view']} />, {
      route: '/portal-content/conferences',
    });
    const item = (await screen.findByText('Fall Scholar Led Conferences')).closest('li') as HTMLElement;
    fireEvent.click(within(item).getByRole('button', { name: 'Sign-ins' }));
    expect(await screen.findByRole('cell', { name: 'Leo Park' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Add to the teacher's timesheet" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
  it('exports the conference days as searched as CSV', async () => {
    const server = new FakeConferences().install();
    const downloads = captureDownloads();
    try {
      await renderWithProviders(<ConferenceReviewPage permissions={['conferences-view_any', 'conferences-view']} />, {
        route: '/portal-content/conferences',
      });
      await screen.findByText('Fall Scholar Led Conferences');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(1));
      expect(
        server.requests
          .filter((r) => r.path === 'v2/conferences')
          .at(-1)
          ?.query.get('per_page'),
      ).toBe('500');
      const [file] = await downloads.files();
      expect(file?.name).toBe('conferences.csv');
      expect(csvRows(file?.text ?? '')).toEqual([
        'Title,Day,Start,End,Teacher,Grades,Minutes per scholar,Sign-ins',
        'Fall Scholar Led Conferences,2026-11-26,15:00,19:00,Maria Lopez,,20,2',
      ]);
    } finally {
      downloads.restore();
    }
  });
});
