import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DismissalChange, DismissalEntry } from '../../contract';
import { type BaseRecordedRequest, FakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render-with-providers';
import DismissalChangesPage from './changes-page';
import DismissalDayPage from './day-page';

afterEach(() => vi.unstubAllGlobals());

const entry = (extra: Partial<DismissalEntry> & { name: string }): DismissalEntry => ({
  scholar_id: `0190f3a4-0000-7000-8000-${String(Math.abs(extra.name.length * 7919)).padStart(12, '0')}`,
  grade: '3',
  homeroom: '3A',
  default_plan: 'pick_up',
  default_detail: null,
  plan: 'pick_up',
  detail: null,
  pick_up_name: null,
  change_id: null,
  ...extra,
});

const ENTRIES = [
  entry({ name: 'Ana Rivera' }),
  entry({ name: 'Leo Rivera', homeroom: '4B', plan: 'walker', change_id: 'c1' }),
  entry({ name: 'Mia Chen', plan: 'bus', detail: '7', default_plan: 'bus', default_detail: '7' }),
];

const pendingChange: DismissalChange = {
  id: '0190f3a4-0000-7000-8000-0000000000c1',
  request_id: '0190f3a4-0000-7000-8000-0000000000c0',
  scholar_id: ENTRIES[1]?.scholar_id as string,
  scholar_name: 'Leo Rivera',
  plan: 'walker',
  detail: null,
  pick_up_id: null,
  pick_up_name: null,
  starts_on: '2026-12-08',
  ends_on: '2026-12-08',
  weekday: null,
  note: 'Walking with his sister',
  status: 'pending',
  requested_by_name: 'Rosa Rivera',
  requested_at: '2026-12-08T16:00:00.000Z',
  decided_at: null,
  decided_by_name: null,
  auto_confirmed: false,
  decision_note: null,
  withdrawn_at: null,
  updated_at: '2026-12-08T16:00:00.000Z',
};

type Recorded = BaseRecordedRequest & { body: unknown };

class FakeOfficeServer extends FakeServer<Recorded> {
  pending = [pendingChange];
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    return { ...base, body: text ? JSON.parse(text) : null };
  }
  protected override route(_request: Request, r: Recorded): Response {
    if (r.path === 'v2/dismissal') return json(200, { date: '2026-12-08', data: ENTRIES });
    if (r.path === 'v2/dismissal_changes') return json(200, { data: this.pending, meta: {} });
    const decided = /^v2\/dismissal_changes\/([^/]+)\/(confirm|decline)$/.exec(r.path);
    if (decided) {
      const [, id, what] = decided;
      this.pending = this.pending.filter((c) => c.id !== id);
      return json(200, { data: { ...pendingChange, status: what === 'confirm' ? 'confirmed' : 'declined' } });
    }
    return json(404, { message: 'No such record.' });
  }
}

describe('the day’s dismissal list', () => {
  it('groups by plan with walkers and buses first, marks a change, searches and groups by homeroom', async () => {
    new FakeOfficeServer().install();
    await renderWithProviders(<DismissalDayPage />, { route: '/dismissal' });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent?.replace(/\s*\(.*\)$/, ''))).toEqual(['Walks home', 'Bus', 'Picked up']);
    const walkers = screen.getByRole('region', { name: /Walks home/ });
    expect(within(walkers).getByText('Leo Rivera')).toBeTruthy();
    expect(within(walkers).getByText('Change')).toBeTruthy();
    expect(within(walkers).getByText('Usually: Picked up')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by name or homeroom'), { target: { value: 'chen' } });
    await waitFor(() => expect(screen.queryByText('Leo Rivera')).toBeNull());
    expect(screen.getByText('Bus: 7')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by name or homeroom'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No scholars match.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by name or homeroom'), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'homeroom' } });
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/\s*\(.*\)$/, ''))).toEqual(
        ['3A', '4B'],
      ),
    );
  });
});

describe('the changes to confirm', () => {
  it('confirms a family’s change in one tap, and the list is read again', async () => {
    const server = new FakeOfficeServer().install();
    await renderWithProviders(
      <DismissalChangesPage permissions={['dismissal_changes-view_any', 'dismissal_changes-update']} />,
      {
        route: '/dismissal/changes',
      },
    );
    const item = await screen.findByRole('listitem', { name: 'Leo Rivera' });
    expect(within(item).getByText('Asked by Rosa Rivera')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No changes are waiting.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST' && r.path.endsWith('/confirm'))).toBe(true);
  });

  it('shows no buttons without the permission to decide', async () => {
    new FakeOfficeServer().install();
    await renderWithProviders(<DismissalChangesPage permissions={['dismissal_changes-view_any']} />, {
      route: '/dismissal/changes',
    });
    const item = await screen.findByRole('listitem', { name: 'Leo Rivera' });
    expect(within(item).queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});
