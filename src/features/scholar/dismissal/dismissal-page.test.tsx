import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DismissalChange } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, LEO, scholarsAnswer } from '../layout/fake-portal-server';
import { PortalContext, type PortalContextValue } from '../portal-context';
import DismissalPage from './dismissal-page';

const ROSA = '0190f3a4-0000-7000-8000-0000000000b1';

beforeEach(() => {
  // 10:00 in Los Angeles on the portal's day: before the 2:00 PM cutoff.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-27T18:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Recorded = BaseRecordedRequest & { body: Record<string, unknown> | null };

/** The guardian's calls: the changes posted are kept and listed again. */
class FakeDismissalServer extends FakeServer<Recorded> {
  changes: DismissalChange[] = [];
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    return { ...base, body: text ? JSON.parse(text) : null };
  }
  protected override route(_request: Request, r: Recorded): Response {
    if (r.path === 'v2/scholar/dismissal_changes/options') {
      return json(200, {
        data: [
          {
            scholar_id: ANA.id,
            plan: 'pick_up',
            detail: null,
            adults: [{ id: ROSA, full_name: 'Rosa García', relationship: 'aunt' }],
          },
          { scholar_id: LEO.id, plan: 'bus', detail: '7', adults: [] },
        ],
        cutoff: '14:00',
        time_zone: 'America/Los_Angeles',
        today: '2026-11-27',
        office_phone: '(555) 010-2000',
        auto_confirm: false,
      });
    }
    if (r.path === 'v2/scholar/dismissal_changes' && r.method === 'POST') {
      const body = r.body as { scholar_ids: string[]; plan: DismissalChange['plan']; starts_on: string };
      const made = body.scholar_ids.map((id) => ({
        ...(body as object),
        id: `${id.slice(0, -4)}eeee`,
        scholar_id: id,
        scholar_name: id === ANA.id ? 'Ana García' : 'Leo García',
        ends_on: body.starts_on,
        weekday: null,
        pick_up_name: null,
        status: 'pending',
        requested_at: '2026-11-27T18:00:00.000Z',
      })) as unknown as DismissalChange[];
      this.changes.push(...made);
      return json(201, { data: made });
    }
    if (r.path === 'v2/scholar/dismissal_changes') return json(200, { data: this.changes, meta: {} });
    return json(404, { message: 'No such record.' });
  }
}

const portal = (userType: string, userId: string): PortalContextValue => ({
  userId,
  userType,
  scholars: [ANA, LEO],
  scholar: ANA,
  setScholarId: () => undefined,
  settings: scholarsAnswer([ANA, LEO]).settings,
  timeZone: 'America/Los_Angeles',
  today: '2026-11-27',
  fetchedAt: Date.now(),
  fromDevice: false,
});

async function open(userType: string, userId: string) {
  const server = new FakeDismissalServer().install();
  await renderWithProviders(
    <PortalContext.Provider value={portal(userType, userId)}>
      <DismissalPage />
    </PortalContext.Provider>,
    { route: '/scholar/dismissal' },
  );
  return server;
}

describe('Scholar Portal: Dismissal changes', () => {
  it('tells a scholar signed in on their own to ask a guardian', async () => {
    const server = await open('student', 'dismissal-student');
    expect(await screen.findByText(/Dismissal changes are asked for by a parent or guardian/)).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('asks that a sibling walk home today; a pick-up needs a listed adult', async () => {
    const server = await open('parent', 'dismissal-parent');
    await screen.findByText('No changes from today on.');
    fireEvent.click(screen.getByText('Picked up'));
    await screen.findByRole('combobox', { name: 'Who picks up' });
    fireEvent.click(screen.getByRole('button', { name: 'Send change' }));
    // Checked in the browser with the contract's schema: nothing sent, the field says what is missing.
    expect(await screen.findByText('Choose who picks the child up.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);

    // Leo instead of Ana, walking home today.
    fireEvent.click(screen.getByText('Leo García'));
    await waitFor(() => expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(2));
    fireEvent.click(screen.getByText('Ana García'));
    await waitFor(() => expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(1));
    fireEvent.click(screen.getByText('Walks home'));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Who picks up' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Send change' }));
    expect(await screen.findByText('Change sent. The office will confirm it.')).toBeTruthy();
    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      scholar_ids: [LEO.id],
      plan: 'walker',
      starts_on: '2026-11-27',
      ends_on: null,
      weekday: null,
      pick_up_id: null,
    });
    const item = await screen.findByRole('listitem', { name: 'Leo García' });
    expect(within(item).getByText('Waiting for the office')).toBeTruthy();
  });

  it('sends a weekly change until a day, and gives the office’s phone when today’s changes have closed', async () => {
    const server = await open('parent', 'dismissal-weekly');
    await screen.findByText('No changes from today on.');
    fireEvent.click(screen.getByText('Every week on one day, until a date'));
    fireEvent.change(await screen.findByLabelText('Until'), { target: { value: '2027-06-17' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Which day of the week' }), { target: { value: '4' } });
    server.failNext('POST', /dismissal_changes$/, 409, {
      message: 'Changes for today closed at the school’s cutoff: please call the office.',
      errors: { starts_on: ['Changes for today closed at the school’s cutoff: please call the office.'] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send change' }));
    expect(
      await screen.findByText('Changes for today closed at the school’s cutoff: please call the office.'),
    ).toBeTruthy();
    const call = screen.getByRole('link', { name: '(555) 010-2000' });
    expect(call.getAttribute('href')).toBe('tel:5550102000');
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      plan: 'walker',
      starts_on: '2026-11-27',
      ends_on: '2027-06-17',
      weekday: 4,
    });
  });
});
