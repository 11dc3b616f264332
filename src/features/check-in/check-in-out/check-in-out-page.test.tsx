import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { csvLines } from '../../../test/csv-parse';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications/queue';
import {
  ada,
  EARLY,
  type Fixture,
  familyReport,
  jose,
  LATE,
  makeFixture,
  mei,
  serverCheckIn,
} from '../test/station-fixture';
import CheckInOutPage from './check-in-out-page';

const RECORD = ['check_ins-create', 'demographics-view_any'];
let fixture: Fixture;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(EARLY));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fixture.db.close();
});

/** Ada arrived on another device; Mei arrived and left early. */
async function renderDay(permissions = RECORD, reports: Parameters<typeof makeFixture>[0] = {}) {
  fixture = await makeFixture({
    ...reports,
    checkIns: [
      serverCheckIn({ scholar_id: ada.id, occurred_at: '2026-03-02T15:40:00.000Z' }),
      serverCheckIn({ scholar_id: mei.id, occurred_at: '2026-03-02T15:45:00.000Z' }),
      serverCheckIn({
        scholar_id: mei.id,
        kind: 'departure',
        occurred_at: '2026-03-02T15:48:00.000Z',
        reason: 'Dentist',
      }),
    ],
  });
  await renderWithProviders(fixture.wrap(<CheckInOutPage permissions={permissions} />), {
    route: '/check-in/view',
    queryClient: fixture.queryClient,
  });
  await screen.findByRole('table');
}

function count(label: string): string | undefined {
  const tile = within(screen.getByRole('list', { name: "Today's counts" })).getByRole('button', {
    name: new RegExp(label),
  });
  return tile.textContent?.replace(label, '');
}

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('Check In/Out', () => {
  it('shows a family’s report beside the scholar, counts it apart from the unexplained, and filters by it', async () => {
    await renderDay(RECORD, { reports: [familyReport({ scholar_id: jose.id, reason: 'ill' })] });
    expect(count('Reported')).toBe('1');
    expect(count('Unexplained')).toBe('0');
    expect(count('Not arrived')).toBe('1');
    const row = screen.getByText('Reported absent').closest('tr') as HTMLElement;
    expect(within(row).getByText('José Núñez')).toBeTruthy();
    expect(within(row).getByText('By Maria Lovelace at 7:15 PM · Ill')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'reported' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'unexplained' } });
    expect(await screen.findByText('No scholar matches these filters.')).toBeTruthy();
  });

  it("shows today's state of every scholar with the counts per state", async () => {
    await renderDay();
    expect(count('All')).toBe('3');
    expect(count('Not arrived')).toBe('1');
    expect(count('In')).toBe('1');
    expect(count('Left')).toBe('1');
    expect(count('Signed out')).toBe('0');
    expect(within(rowOf('Mei Chen')).getByText('Left')).toBeTruthy();
    expect(within(rowOf('Mei Chen')).getByText('Dentist')).toBeTruthy();
    expect(within(rowOf('José Núñez')).getByText('Not arrived')).toBeTruthy();
  });

  it('filters by state, grade, homeroom and search', async () => {
    await renderDay();
    fireEvent.click(screen.getByRole('button', { name: /Left/ }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(rowOf('Mei Chen')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /All/ }));

    fireEvent.change(screen.getByRole('combobox', { name: 'Grade' }), { target: { value: 'K' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(rowOf('José Núñez')).toBeTruthy();
    expect(count('All')).toBe('1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Grade' }), { target: { value: '' } });

    fireEvent.change(screen.getByRole('combobox', { name: 'Homeroom' }), { target: { value: '5B' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(rowOf('Mei Chen')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Homeroom' }), { target: { value: '' } });

    fireEvent.change(screen.getByRole('searchbox', { name: /Search scholars/ }), { target: { value: 'nunez' } });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(rowOf('José Núñez')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: /Search scholars/ }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No scholar matches these filters.')).toBeTruthy();
  });

  it('checks a scholar in, back in after leaving, and out with a reason', async () => {
    await renderDay();
    clearNotifications();
    fireEvent.click(screen.getByRole('button', { name: 'Check in José Núñez' }));
    await waitFor(() => expect(within(rowOf('José Núñez')).getByText('In')).toBeTruthy());
    expect(within(rowOf('José Núñez')).getByText('Not sent yet')).toBeTruthy();
    // The toast is a sentence: who, what and when.
    const texts = () => [getSnapshot().current, ...getSnapshot().queued].map((n) => n?.text.replace(/\s/g, ' '));
    expect(texts()).toContainEqual(expect.stringMatching(/^José Núñez checked in at \d{1,2}:\d{2} [AP]M\.$/));

    fireEvent.click(screen.getByRole('button', { name: 'Check in Mei Chen' }));
    await waitFor(() => expect(within(rowOf('Mei Chen')).getByText('In')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Check out Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check out Ada Lovelace' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Family emergency' }));
    await waitFor(() => expect(within(rowOf('Ada Lovelace')).getByText('Left')).toBeTruthy());
    expect(texts()).toContainEqual(expect.stringMatching(/^Ada Lovelace checked out at \d{1,2}:\d{2} [AP]M\.$/));

    expect(await fixture.written()).toEqual([
      expect.objectContaining({ kind: 'arrival', scholar_id: jose.id, method: 'manual', reason: null }),
      expect.objectContaining({ kind: 'sign_in', scholar_id: mei.id, method: 'manual', reason: null }),
      expect.objectContaining({ kind: 'departure', scholar_id: ada.id, reason: 'Family emergency' }),
    ]);
  });

  it('asks for a reason when staff check a scholar in late', async () => {
    vi.setSystemTime(new Date(LATE));
    await renderDay();
    fireEvent.click(screen.getByRole('button', { name: 'Check in José Núñez' }));
    const dialog = await screen.findByRole('dialog', { name: 'José Núñez is late: why?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bus was late' }));
    await waitFor(async () =>
      expect(await fixture.written()).toEqual([expect.objectContaining({ kind: 'arrival', reason: 'Bus was late' })]),
    );
  });

  it('does not ask again what the family reported: a late arrival and an early departure take their reason', async () => {
    vi.setSystemTime(new Date(LATE));
    await renderDay(RECORD, {
      reports: [
        familyReport({ scholar_id: jose.id, kind: 'late', at_time: '09:30', reason: 'appointment' }),
        familyReport({ scholar_id: ada.id, kind: 'early', at_time: '13:30', reason: 'family' }),
      ],
    });
    // The rows carry the report beside the name: found by their buttons.
    const rowWith = (button: string) => screen.getByRole('button', { name: button }).closest('tr') as HTMLElement;
    const joseRow = rowWith('Check in José Núñez');
    fireEvent.click(within(joseRow).getByRole('button', { name: 'Check in José Núñez' }));
    await waitFor(() => expect(within(joseRow).getByText('In')).toBeTruthy());
    const adaRow = rowWith('Check out Ada Lovelace');
    fireEvent.click(within(adaRow).getByRole('button', { name: 'Check out Ada Lovelace' }));
    await waitFor(() => expect(within(adaRow).getByText('Left')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await fixture.written()).toEqual([
      expect.objectContaining({
        kind: 'arrival',
        scholar_id: jose.id,
        reason: 'Other: Reported by family (appointment)',
      }),
      expect.objectContaining({ kind: 'departure', scholar_id: ada.id, reason: 'Other: Reported by family (family)' }),
    ]);
  });

  it('shows entries from other devices when the pull brings them', async () => {
    await renderDay();
    await fixture.db.check_ins.put(serverCheckIn({ scholar_id: jose.id, kind: 'arrival' }));
    await waitFor(() => expect(count('Not arrived')).toBe('0'));
    expect(within(rowOf('José Núñez')).getByText('In')).toBeTruthy();
  });

  it('exports the list as CSV and prints it as a plain table', async () => {
    await renderDay();
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:csv';
      }),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const text = await blobs[0]?.text();
    const lines = csvLines((text ?? '').replace(/\u202f/g, ' '));
    expect(lines?.slice(0, 4)).toEqual([
      'Name,Student number,Grade,Homeroom,State,Time,Reason',
      'Mei Chen,1003,5,5B,Left,7:48 AM,Dentist',
      'Ada Lovelace,1001,5,5A,In,7:40 AM,',
      'José Núñez,1002,K,K1,Not arrived,,',
    ]);
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');

    let printed: string | null = null;
    vi.stubGlobal('print', () => {
      printed = document.querySelector('[data-check-in-print]')?.textContent ?? null;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(printed).toContain('Check In/Out, 2026-03-02');
    expect(printed).toContain('Dentist');
    fireEvent(window, new Event('afterprint'));
    await waitFor(() => expect(document.querySelector('[data-check-in-print]')).toBeNull());
  });

  it('leaves the actions out without the permission to create check-ins', async () => {
    await renderDay(['demographics-view_any']);
    expect(screen.queryByRole('button', { name: /Check in|Check out/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
