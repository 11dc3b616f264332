import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AbsenceReport } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, LEO, scholarsAnswer } from '../layout/fake-portal-server';
import { PortalContext, type PortalContextValue } from '../portal-context';
import AbsencePage from './absence-page';

afterEach(() => vi.unstubAllGlobals());

type Recorded = BaseRecordedRequest & { body: Record<string, unknown> | null };

/** The guardian's calls: the reports posted are kept and listed again. */
class FakeAbsenceServer extends FakeServer<Recorded> {
  reports: AbsenceReport[] = [];
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    return { ...base, body: text ? JSON.parse(text) : null };
  }
  protected override route(_request: Request, r: Recorded): Response {
    if (r.path === 'v2/scholar/absence_reports/pick_ups') {
      return json(200, {
        data: [
          {
            scholar_id: ANA.id,
            adults: [{ id: '0190f3a4-0000-7000-8000-0000000000b1', full_name: 'Rosa García', relationship: 'aunt' }],
          },
          { scholar_id: LEO.id, adults: [] },
        ],
        start_time: '08:00',
        time_zone: 'America/Los_Angeles',
        today: '2026-11-27',
      });
    }
    if (r.path === 'v2/scholar/absence_reports' && r.method === 'POST') {
      const body = r.body as { scholar_ids: string[]; kind: AbsenceReport['kind']; starts_on: string };
      const made = body.scholar_ids.map((id) => ({
        ...(body as object),
        id: `${id.slice(0, -4)}dddd`,
        scholar_id: id,
        scholar_name: id === ANA.id ? 'Ana García' : 'Leo García',
        ends_on: body.starts_on,
        late: false,
        withdrawn_at: null,
        acknowledged_at: null,
        reported_at: '2026-11-27T02:00:00.000Z',
      })) as unknown as AbsenceReport[];
      this.reports.push(...made);
      return json(201, { data: made });
    }
    if (r.path === 'v2/scholar/absence_reports') return json(200, { data: this.reports, meta: {} });
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
  const server = new FakeAbsenceServer().install();
  await renderWithProviders(
    <PortalContext.Provider value={portal(userType, userId)}>
      <AbsencePage />
    </PortalContext.Provider>,
    { route: '/scholar/absence' },
  );
  return server;
}

describe('Scholar Portal: Report an absence', () => {
  it('tells a scholar signed in on their own to ask a guardian', async () => {
    const server = await open('student', 'absence-student');
    expect(await screen.findByText(/Absences are reported by a parent or guardian/)).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('reports two children leaving early with a listed adult, a new id after a refusal of a field', async () => {
    const server = await open('parent', 'absence-parent');
    await screen.findByText('No reports from today on.');
    fireEvent.click(screen.getByText('Leo García'));
    await waitFor(() => expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(2));
    fireEvent.click(screen.getByText('Leaving early'));
    // The radio group tells its value after the click's event: the form shows the departure's fields then.
    await screen.findByLabelText('Leaving time');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    // Checked in the browser with the contract's schema: nothing sent, each field says what is missing.
    expect(await screen.findByText('Give the time.')).toBeTruthy();
    expect(screen.getByText('Choose who picks the child up.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Leaving time'), { target: { value: '13:15' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Who picks up' }), {
      target: { value: '0190f3a4-0000-7000-8000-0000000000b1' },
    });
    server.failNext('POST', /absence_reports$/, 422, {
      message: 'The given data was invalid.',
      errors: { pick_up_id: ['Choose one of the adults on the child’s pick-up list.'] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose one of the adults on the child’s pick-up list.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent. Thank you.')).toBeTruthy();
    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toMatchObject({
      scholar_ids: [ANA.id, LEO.id],
      kind: 'early',
      at_time: '13:15',
      pick_up_id: '0190f3a4-0000-7000-8000-0000000000b1',
      ends_on: null,
    });
    // A refusal of a field is not the same report again: the next try is a new one.
    expect(posts[1]?.body?.id).not.toBe(posts[0]?.body?.id);
    const item = await screen.findByRole('listitem', { name: 'Leo García' });
    expect(within(item).getByText('Not yet seen by the office')).toBeTruthy();
  });
});
