import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AgreementDetail, type AgreementSummary, POLICY_DEFAULTS } from '../../contract/independent-study';
import { captureDownloads, csvRows } from '../../test/csv-capture';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render-with-providers';
import ReviewPage from './review-page';

afterEach(() => vi.unstubAllGlobals());

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

const TEACHER = '0190f3a4-0000-7000-8000-0000000000f1';
const summary: AgreementSummary = {
  id: '0190f3a4-0000-7000-8000-0000000000e1',
  scholar_id: '0190f3a4-0000-7000-8000-00000000a001',
  scholar_name: 'Ana García',
  student_number: '100200',
  grade: '7',
  state: 'awaiting_teacher',
  duration: 'Spring term',
  begins_on: '2027-01-04',
  ends_on: '2027-02-12',
  school_days: 30,
  deadline: '2027-01-04',
  overdue: false,
  teacher_id: TEACHER,
  teacher_name: 'Maria Rivera',
  version_number: 1,
  updated_at: '2026-11-27T18:00:00.000Z',
};
/** A short agreement (under 15 school days): no signing deadline before its first day. */
const short: AgreementSummary = {
  ...summary,
  id: '0190f3a4-0000-7000-8000-0000000000e2',
  scholar_id: '0190f3a4-0000-7000-8000-00000000a002',
  scholar_name: 'Luis Ortega',
  state: 'awaiting_parent',
  begins_on: '2027-03-01',
  ends_on: '2027-03-05',
  school_days: 5,
  deadline: null,
};
const detail: AgreementDetail = {
  ...summary,
  conference_on: '2026-12-01',
  conference_time: '15:30',
  conference_place: 'Room 4',
  conference_notes: null,
  courses: [{ subject: 'Mathematics', course: 'Math 7', grade_band: '7-12', course_value: null }],
  version_hash: 'b'.repeat(64),
  content: null,
  signatures: [
    {
      id: 's1',
      role: 'scholar',
      account_id: 'u1',
      account_name: 'Ana García',
      typed_name: 'Ana García',
      consent_text: 'I have read…',
      signed_at: '2026-12-01T23:40:00.000Z',
      ip: '192.0.2.20',
      user_agent: 'Phone',
      version_number: 1,
      version_hash: 'b'.repeat(64),
    },
  ],
  next_signer: 'teacher',
};

/** The staff API of the agreements, enough for the screen. */
class ReviewServer extends FakeServer<Recorded> {
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: await jsonBody(request.clone()) };
  }
  protected route(_request: Request, r: Recorded): Response {
    if (r.path === 'v2/independent_study' && r.method === 'GET') {
      const rows = [summary, short].filter(
        (a) => !r.query.get('filter[state]') || a.state === r.query.get('filter[state]'),
      );
      return pageOf(rows, r.query);
    }
    if (r.path === 'v2/independent_study/options')
      return json(200, { teachers: [{ id: TEACHER, name: 'Maria Rivera' }] });
    if (r.path === 'v2/independent_study/policy') {
      return json(200, { data: { ...POLICY_DEFAULTS, ...(r.method === 'POST' ? r.body : {}) } });
    }
    if (r.path === `v2/independent_study/${detail.id}`) return json(200, { data: detail });
    if (r.path === `v2/independent_study/${detail.id}/countersign`) {
      return json(200, { data: { ...detail, state: 'signed', next_signer: null } });
    }
    return json(404, { message: 'No such agreement.' });
  }
}

describe('Independent Study review (staff)', () => {
  it('lists the agreements with state, deadline and teacher, and filters by state', async () => {
    const server = new ReviewServer().install();
    await renderWithProviders(<ReviewPage permissions={['independent_study-view_any']} userId={null} />, {
      route: '/independent-study',
    });
    const open = await screen.findByRole('button', { name: 'Open the agreement of Ana García' });
    const row = open.closest('tr') as HTMLElement;
    expect(within(row).getByText('Awaiting teacher')).toBeTruthy();
    // Dates as the locale reads them, not YYYY-MM-DD.
    expect(within(row).getByText('Mon, Jan 4, 2027 – Fri, Feb 12, 2027')).toBeTruthy();
    expect(within(row).getByText('Mon, Jan 4, 2027')).toBeTruthy();
    expect(within(row).queryByText(/2027-01-04/)).toBeNull();
    expect(within(row).getByText('Maria Rivera')).toBeTruthy();
    // Under 15 school days: said plainly, no invented deadline.
    const shortRow = screen
      .getByRole('button', { name: 'Open the agreement of Luis Ortega' })
      .closest('tr') as HTMLElement;
    expect(within(shortRow).getByText('None before the first day (under 15 school days)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New agreement' })).toBeNull();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'signed' } });
    expect(await screen.findByText('No agreements match.')).toBeTruthy();
    expect(server.requests.at(-1)?.query.get('filter[state]')).toBe('signed');
  });

  it("a new agreement's form says which fields are missing, with the seed's messages", async () => {
    const server = new ReviewServer().install();
    await renderWithProviders(<ReviewPage permissions={['independent_study-view_any', 'independent_study-create']} />, {
      route: '/independent-study',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New agreement' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required.').length).toBeGreaterThanOrEqual(3);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('the supervising teacher countersigns with their name on record; others see the evidence only', async () => {
    const server = new ReviewServer().install();
    await renderWithProviders(<ReviewPage permissions={['independent_study-view']} userId={TEACHER} />, {
      route: `/independent-study?id=${detail.id}`,
    });
    await screen.findByRole('heading', { level: 1, name: 'Ana García' });
    expect(screen.getByText('192.0.2.20')).toBeTruthy();
    // The header's dates and the conference's time in the locale's format.
    expect(screen.getByText('Fri, Feb 12, 2027')).toBeTruthy();
    expect(screen.getByText(/Tue, Dec 1, 2026.*3:30\sPM/)).toBeTruthy();
    const name = screen.getByLabelText(/Type your full name/);
    fireEvent.change(name, { target: { value: 'maria rivera' } });
    fireEvent.click(screen.getByRole('button', { name: 'Electronically Sign' }));
    await screen.findByText('Countersigned. The agreement is signed.');
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ typed_name: 'maria rivera', version_hash: 'b'.repeat(64) });
    await waitFor(() => expect(screen.getByText('Signed')).toBeTruthy());
  });

  it('another member of staff sees no countersign form', async () => {
    new ReviewServer().install();
    await renderWithProviders(<ReviewPage permissions={['independent_study-view']} userId="someone-else" />, {
      route: `/independent-study?id=${detail.id}`,
    });
    await screen.findByRole('heading', { level: 1, name: 'Ana García' });
    expect(screen.queryByLabelText(/Type your full name/)).toBeNull();
    expect(screen.getByText('Waiting for: Supervising teacher')).toBeTruthy();
  });

  it("the policy numbers: the school's, checked, saved for the agreements sent from now on", async () => {
    const server = new ReviewServer().install();
    await renderWithProviders(<ReviewPage permissions={['independent_study-view_any', 'independent_study-update']} />, {
      route: '/independent-study',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Policy numbers' }));
    const dialog = await screen.findByRole('dialog');
    const days = within(dialog).getByLabelText(/School days at most between an assignment/);
    await waitFor(() => expect((days as HTMLInputElement).value).toBe('20'));
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    fireEvent.change(days, { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Policy numbers saved.');
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ max_school_days_to_progress: 15, records_kept_years: 3 });
  });
  it('exports the agreements as filtered, every page at the list’s largest page size, as CSV', async () => {
    const server = new ReviewServer().install();
    const downloads = captureDownloads();
    try {
      await renderWithProviders(<ReviewPage permissions={['independent_study-view_any']} userId={null} />, {
        route: '/independent-study',
      });
      await screen.findByRole('button', { name: 'Open the agreement of Ana García' });
      fireEvent.change(screen.getByLabelText('State'), { target: { value: 'awaiting_teacher' } });
      await waitFor(() => expect(screen.queryByRole('button', { name: /Luis Ortega/ })).toBeNull());
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(1));
      const call = server.requests.at(-1);
      expect([call?.query.get('per_page'), call?.query.get('filter[state]')]).toEqual(['100', 'awaiting_teacher']);
      const [file] = await downloads.files();
      expect(file?.name).toBe('independent-study-agreements.csv');
      expect(csvRows(file?.text ?? '')).toEqual([
        'Scholar,Student number,Grade,State,First day,Last day,School days,Deadline,Overdue,Supervising teacher,Version',
        'Ana García,100200,7,Awaiting teacher,2027-01-04,2027-02-12,30,2027-01-04,No,Maria Rivera,1',
      ]);
    } finally {
      downloads.restore();
    }
  });
});
