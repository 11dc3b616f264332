import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR } from '../../api/errors';
import { renderWithProviders } from '../../test/render-with-providers';
import { TIME_ZONE_STORAGE_KEY } from '../intl-format';
import { setLanguage } from '../language';
import { DevicePanel } from './device-panel';
import { downloadText } from './download';
import type { AppInfo } from './sync-source';
import { createFakeApp, createFakeSync, type FakeSync, makeEntry } from './test/fake-source';

vi.mock('./download', () => ({ downloadText: vi.fn() }));

// The school is in Los Angeles and it is Monday 2 March 2026, 12:00 noon there: only the clock is fake (timers are
// real, so the drawer's animations run as usual).
beforeAll(() => {
  localStorage.setItem(TIME_ZONE_STORAGE_KEY, 'America/Los_Angeles');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T20:00:00.000Z'));
});
afterAll(() => {
  vi.useRealTimers();
  localStorage.removeItem(TIME_ZONE_STORAGE_KEY);
});
afterEach(async () => {
  vi.mocked(downloadText).mockClear();
  await act(() => setLanguage('en'));
});

/** Intl puts a narrow no-break space before AM/PM; the assertions read plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
/** Any id the device or the server made: a UUID, or a fake's 'scholar-1' / 'u-9'. */
const ANY_ID = /nslp_records|check_ins|[0-9a-f]{8}-[0-9a-f]{4}-|\bu-\d|scholar-\d/;

async function renderPanel(fake: FakeSync = createFakeSync(), app: AppInfo = createFakeApp()) {
  await renderWithProviders(<DevicePanel source={fake.source} app={app} open onClose={vi.fn()} />);
  return screen.findByRole('dialog', { name: 'This device' });
}

const section = (panel: HTMLElement, name: RegExp) => within(panel).getByRole('region', { name });

describe('<DevicePanel /> waiting', () => {
  it('counts the waiting entries and lists the 50 oldest: what, for whom, when, by whom and how sending goes', async () => {
    const fake = createFakeSync();
    const entries = Array.from({ length: 60 }, (_, i) =>
      makeEntry(i === 0 ? { attempts: 3, last_error: NETWORK_ERROR } : {}),
    );
    fake.setEntries({ waiting: entries });
    const waiting = section(await renderPanel(fake), /^Waiting to send/);
    expect(within(waiting).getByRole('heading', { name: 'Waiting to send (60)' })).toBeTruthy();
    expect(within(waiting).getByText('The 50 oldest of 60 entries')).toBeTruthy();
    const rows = within(waiting).getAllByRole('row');
    expect(rows).toHaveLength(51);
    const cells = (row: number) =>
      within(rows[row] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent));
    expect(cells(1)).toEqual([
      'Arrival · Jasmine Adams · 7:00 AMRecorded by another staff member on this device',
      'Mar 2, 2026, 7:00 AM',
      'Tried 3 times. The server could not be reached. This device tries again by itself; check the Wi-Fi if it lasts.',
    ]);
    expect(cells(2)[2]).toBe('Not sent yet.');
    expect(plain(waiting.textContent)).not.toMatch(ANY_ID);
  });

  it('names a lunch waiting to be sent, and who recorded it, in Spanish', async () => {
    const fake = createFakeSync();
    fake.setEntries({
      waiting: [
        makeEntry({
          resource: 'nslp_records',
          data: { id: 'x', scholar_id: 'scholar-2', meal_type: 'lunch', served_at: '2026-03-02T19:42:00.000Z' },
          recorded_at: '2026-03-02T19:42:00.000Z',
          recorded_by_name: 'Carmen Cafeteria',
          status: 'sending',
        }),
      ],
    });
    const panel = await renderPanel(fake);
    await act(() => setLanguage('es'));
    const waiting = within(panel).getByRole('region', { name: /^Pendientes de enviar/ });
    const cells = within(waiting)
      .getAllByRole('cell')
      .map((cell) => plain(cell.textContent));
    expect(cells).toEqual([
      'Almuerzo · Mateo Rivera · 11:42Anotado por Carmen Cafeteria',
      '2 mar 2026, 11:42',
      'Enviándose ahora.',
    ]);
  });
});

describe('<DevicePanel /> needs attention', () => {
  const rejected = () =>
    makeEntry({
      status: 'attention',
      last_error: 'The entry is not valid.',
      field_errors: { reason: ['Must be at most 500 characters.'] },
    });

  it("shows each entry's error and, for a conflict, the server's record", async () => {
    const fake = createFakeSync();
    const conflict = makeEntry({
      status: 'attention',
      last_error: 'Already signed out today.',
      server_record: { id: 'r1', kind: 'sign_out', pick_up_name: 'Ana Ruiz', school_day: '2026-03-02' },
    });
    fake.setEntries({ attention: [rejected(), conflict] });
    const attention = section(await renderPanel(fake), /^Needs attention/);
    expect(within(attention).getByRole('heading', { name: 'Needs attention (2)' })).toBeTruthy();
    expect(
      within(attention).getByText(
        'The entry is not valid. Something in it is missing or not right, as said below: correct it and it is sent again, or discard it.',
      ),
    ).toBeTruthy();
    expect(within(attention).getByText('Reason: Must be at most 500 characters.')).toBeTruthy();
    expect(
      within(attention).getByText(
        'Arrival for Jasmine Adams is already recorded on the server. Discard this one unless it is different.',
      ),
    ).toBeTruthy();
    expect(within(attention).getByText('Already on the server')).toBeTruthy();
    expect(within(attention).getByText('Ana Ruiz')).toBeTruthy();
    expect(within(attention).getByText('sign-out')).toBeTruthy();
  });

  it("names a refused lunch in the school's words: the meal, the scholar, the time, who recorded it, never an id", async () => {
    const fake = createFakeSync();
    const lunch = makeEntry({
      resource: 'nslp_records',
      status: 'attention',
      data: { id: 'x', scholar_id: 'scholar-1', meal_type: 'lunch', served_at: '2026-03-02T19:42:00.000Z' },
      recorded_at: '2026-03-02T19:42:00.000Z',
      recorded_by: '0190f000-0000-7000-8000-00000000abcd',
      recorded_by_name: 'Carmen Cafeteria',
      last_error: 'This scholar already had lunch that day.',
      server_record: { id: 'r2', meal_type: 'lunch', served_at: '2026-03-02T19:30:00.000Z', recorded_by: 'u-9' },
    });
    fake.setEntries({ attention: [lunch] });
    const attention = section(await renderPanel(fake), /^Needs attention/);
    const item = within(attention).getByRole('listitem');
    const lines = [...item.querySelectorAll('p, dt, dd')].map((line) => plain(line.textContent));
    expect(lines).toEqual([
      'Lunch · Jasmine Adams · 11:42 AM',
      'Recorded by Carmen Cafeteria',
      'Jasmine Adams already has lunch recorded that day. Discard this one unless the other is a mistake.',
      'Already on the server',
      'Service',
      'Lunch',
      'Served',
      'Mar 2, 2026, 11:30 AM',
    ]);
    expect(plain(attention.textContent)).not.toMatch(ANY_ID);

    // The discard confirmation names it the same way, with when it was recorded on the school's clock.
    fireEvent.click(within(attention).getByRole('button', { name: 'Discard' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this entry?' });
    expect(plain(confirm.textContent)).toContain(
      'Lunch · Jasmine Adams · 11:42 AM, recorded Mar 2, 2026, 11:42 AM, is removed from this device and never sent',
    );
    fireEvent.click(within(confirm).getByText('Keep it'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('says the same in Spanish, and names the signed-in person for an entry kept without a name', async () => {
    const fake = createFakeSync();
    const lunch = makeEntry({
      resource: 'nslp_records',
      status: 'attention',
      data: { id: 'x', scholar_id: 'scholar-1', meal_type: 'lunch', served_at: '2026-03-02T19:42:00.000Z' },
      recorded_by: '0190f000-0000-7000-8000-00000000abcd',
      last_error: 'This scholar already had lunch that day.',
      server_record: { id: 'r2', meal_type: 'lunch', served_at: '2026-03-02T19:30:00.000Z' },
    });
    const refused = makeEntry({
      status: 'attention',
      data: { kind: 'arrival', scholar_id: 'nobody-here', occurred_at: '2026-03-02T15:05:00.000Z' },
      recorded_by: 'someone-else',
      last_error: 'You do not have permission to do that.',
    });
    fake.setEntries({ attention: [lunch, refused] });
    fake.source.recorderName = (id) => (id === lunch.recorded_by ? 'Carmen Cafeteria' : null);
    const panel = await renderPanel(fake);
    await act(() => setLanguage('es'));
    const attention = within(panel).getByRole('region', { name: /^Requieren atención/ });
    const [first, second] = within(attention)
      .getAllByRole('listitem')
      .map((item) => [...item.querySelectorAll('p')].slice(0, 3).map((line) => plain(line.textContent)));
    expect(first).toEqual([
      'Almuerzo · Jasmine Adams · 11:42',
      'Anotado por Carmen Cafeteria',
      'Jasmine Adams ya tiene almuerzo anotado ese día. Descarte este, salvo que el otro sea un error.',
    ]);
    expect(second).toEqual([
      'Llegada · un alumno que no está en la lista de este dispositivo · 7:05',
      'Anotado por otro miembro del personal en este dispositivo',
      'La persona que ha iniciado sesión aquí no puede anotar llegada. Inicie sesión con alguien que pueda y elija Reintentar.',
    ]);
    expect(plain(attention.textContent)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|someone-else|nobody-here/);
  });

  it('retries an entry', async () => {
    const fake = createFakeSync();
    const entry = rejected();
    fake.setEntries({ attention: [entry] });
    const panel = await renderPanel(fake);
    fireEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.source.retryEntry).toHaveBeenCalledWith(entry.id));
    expect(fake.source.discardEntry).not.toHaveBeenCalled();
  });

  it('discards only after a confirmation that says what goes and that it cannot be undone', async () => {
    const fake = createFakeSync();
    const entry = rejected();
    fake.setEntries({ attention: [entry] });
    const panel = await renderPanel(fake);

    fireEvent.click(within(panel).getByRole('button', { name: 'Discard' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Discard this entry?' });
    expect(confirm.textContent).toMatch(
      /Arrival · Jasmine Adams · .+, recorded .+, is removed from this device and never sent/,
    );
    expect(within(confirm).getByText('This cannot be undone.')).toBeTruthy();
    // By text: in jsdom the drawer's "hide the rest from assistive technology" sometimes runs after the nested
    // confirmation opened and leaves it aria-hidden, which role queries then skip (not seen in Chromium).
    fireEvent.click(within(confirm).getByText('Keep it'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.source.discardEntry).not.toHaveBeenCalled();

    fireEvent.click(within(panel).getByRole('button', { name: 'Discard' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Discard this entry?' });
    fireEvent.click(within(confirm).getByText('Discard entry'));
    await waitFor(() => expect(fake.source.discardEntry).toHaveBeenCalledWith(entry.id));
    expect(fake.source.discardEntry).toHaveBeenCalledOnce();
  });

  it("corrects a check-in's reason only, keeping the rest of what the station recorded", async () => {
    const fake = createFakeSync();
    const entry = rejected();
    fake.setEntries({ attention: [entry] });
    const panel = await renderPanel(fake);
    fireEvent.click(within(panel).getByRole('button', { name: 'Correct' }));
    const form = within(panel).getByRole('form', { name: 'Correct the entry' });
    expect(within(form).getAllByRole('textbox')).toHaveLength(1);
    const reason = within(form).getByRole('textbox', { name: 'Reason' });
    expect(within(form).getByText('Must be at most 500 characters.')).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'Doctor appointment' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and send' }));
    await waitFor(() =>
      expect(fake.source.correctEntry).toHaveBeenCalledWith(entry.id, { ...entry.data, reason: 'Doctor appointment' }),
    );
    await waitFor(() => expect(within(panel).queryByRole('form')).toBeNull());
  });

  it('keeps the form open with the reason the outbox still refuses', async () => {
    const fake = createFakeSync();
    fake.setEntries({ attention: [rejected()] });
    const refusal = Object.assign(new Error('The entry is not valid.'), {
      name: 'OutboxValidationError',
      errors: { reason: ['Too long.'] },
    });
    fake.source.correctEntry.mockRejectedValueOnce(refusal);
    const panel = await renderPanel(fake);
    fireEvent.click(within(panel).getByRole('button', { name: 'Correct' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save and send' }));
    expect(await within(panel).findByText('Too long.')).toBeTruthy();
    expect(within(panel).getByRole('form', { name: 'Correct the entry' })).toBeTruthy();
  });

  it('offers Retry and Discard but no Correct for a resource the panel has no form for', async () => {
    const fake = createFakeSync();
    fake.setEntries({ attention: [makeEntry({ status: 'attention', resource: 'meals' as string as 'check_ins' })] });
    const panel = await renderPanel(fake);
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Discard' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Correct' })).toBeNull();
  });

  it("exports the list as needs-attention-<today>.csv, today on the school's clock", async () => {
    // 06:30 UTC on 3 March is still 22:30 on 2 March at the school.
    vi.setSystemTime(new Date('2026-03-03T06:30:00.000Z'));
    const fake = createFakeSync();
    fake.setEntries({ attention: [rejected()] });
    fake.source.attentionCsv.mockResolvedValueOnce('id,resource\r\nx,check_ins\r\n');
    const panel = await renderPanel(fake);
    fireEvent.click(within(panel).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(downloadText).toHaveBeenCalledWith('needs-attention-2026-03-02.csv', 'id,resource\r\nx,check_ins\r\n'),
    );
  });

  it('cannot export an empty list', async () => {
    const panel = await renderPanel();
    expect(within(panel).getByText('No entry needs attention.')).toBeTruthy();
    expect((within(panel).getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('<DevicePanel /> storage and app', () => {
  it('says how much room there is and that the waiting entries are at risk, and asks for persistent storage', async () => {
    const fake = createFakeSync({ waiting: 12 });
    fake.source.storageEstimate.mockResolvedValue({ usage: 12_500_000, quota: 200_000_000, persisted: false });
    fake.source.requestPersistence.mockResolvedValueOnce(false);
    const storage = section(await renderPanel(fake), /^Storage$/);
    expect(
      await within(storage).findByText('This app uses 12.5 MB of the 200 MB the browser allows it: plenty of room.'),
    ).toBeTruthy();
    expect(within(storage).getByRole('progressbar', { name: 'Storage used' }).getAttribute('aria-valuenow')).toBe(
      '12500000',
    );
    expect(
      within(storage).getByText(
        'If space runs short, the browser may delete the 12 entries not yet sent. To keep them safe, choose “Keep data on this device”, or install the app.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(storage).getByRole('button', { name: 'Keep data on this device' }));
    expect(await within(storage).findByText(/The browser said no\. Installing the app/)).toBeTruthy();
    expect(fake.source.requestPersistence).toHaveBeenCalledOnce();
  });

  it('says when storage is almost full and what to do, and that kept entries are safe', async () => {
    const fake = createFakeSync({ waiting: 1 });
    fake.source.storageEstimate.mockResolvedValue({ usage: 1_850_000_000, quota: 2_000_000_000, persisted: true });
    const storage = section(await renderPanel(fake), /^Storage$/);
    expect(
      await within(storage).findByText(
        'Storage is almost full: 1.9 GB of 2 GB in use. Send the waiting entries with “Sync now”, then ask whoever looks after this device to free some space on it.',
      ),
    ).toBeTruthy();
    expect(
      within(storage).getByText(
        'This device keeps the 1 entry waiting here safe until it is sent, even without the internet and when space runs short.',
      ),
    ).toBeTruthy();
    expect(within(storage).queryByRole('button', { name: 'Keep data on this device' })).toBeNull();
  });

  it('shows the version, updates on request and syncs now', async () => {
    const fake = createFakeSync({ lastError: NETWORK_ERROR });
    const app = createFakeApp({ updateAvailable: true });
    const appSection = section(await renderPanel(fake, app), /^App$/);
    expect(await within(appSection).findByText('This device runs version 1.4.0.')).toBeTruthy();
    expect(
      within(appSection).getByText(
        'A new version is ready: choose “Update now” when the line is empty. It takes a few seconds and nothing recorded is lost.',
      ),
    ).toBeTruthy();
    expect(
      within(appSection).getByText(
        'The last try to sync did not work. The server could not be reached. This device tries again by itself; check the Wi-Fi if it lasts.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(appSection).getByRole('button', { name: 'Update now' }));
    expect(app.applyUpdate).toHaveBeenCalledOnce();
    fireEvent.click(within(appSection).getByRole('button', { name: 'Sync now' }));
    expect(fake.source.syncEngine.syncNow).toHaveBeenCalledOnce();
  });

  it('says when the version is unknown and that syncing waits for the connection', async () => {
    const fake = createFakeSync({ online: false });
    const app = createFakeApp({ loadVersion: () => Promise.reject(new Error('offline')) });
    const appSection = section(await renderPanel(fake, app), /^App$/);
    expect(
      await within(appSection).findByText(
        'The version shows once the server can be reached again. Nothing to do meanwhile.',
      ),
    ).toBeTruthy();
    expect(within(appSection).queryByRole('button', { name: 'Update now' })).toBeNull();
    expect((within(appSection).getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => fake.setStatus({ online: true }));
    expect((within(appSection).getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
