import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { LANGUAGE_STORAGE_KEY } from '../../../ui/language';
import { CONFIG_STORAGE_KEY } from '../../../ui/school-name';
import {
  ada,
  EARLY,
  type Fixture,
  familyReport,
  LATE,
  makeFixture,
  mei,
  SETTINGS,
  serverCheckIn,
  USER,
} from '../test/station-fixture';
import ArrivalsPage from './arrivals-page';
import { CHILD_TURN_IDLE_MS } from './turn-language';

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

async function renderArrivals(permissions = RECORD, options: Parameters<typeof makeFixture>[0] = {}) {
  fixture = await makeFixture(options);
  await renderWithProviders(fixture.wrap(<ArrivalsPage permissions={permissions} resetAfterMs={60_000} />), {
    route: '/check-in',
    queryClient: fixture.queryClient,
  });
  return screen.findByRole('searchbox', { name: 'Find a scholar by name or student number' });
}

async function search(text: string) {
  const box = await screen.findByRole('searchbox', { name: 'Find a scholar by name or student number' });
  fireEvent.change(box, { target: { value: text } });
}

const clean = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

describe('Arrivals', () => {
  it('records an arrival once with a large confirmation; a second tap says the scholar already arrived', async () => {
    await renderArrivals();
    await search('lovelace');
    fireEvent.click(await screen.findByRole('button', { name: 'Record the arrival of Ada Lovelace' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeTruthy();
    expect(clean(screen.getByText(/Arrival recorded at/).textContent)).toBe('Arrival recorded at 7:50 AM');
    expect(screen.queryByText('Late')).toBeNull();
    expect(await fixture.written()).toEqual([
      expect.objectContaining({
        kind: 'arrival',
        scholar_id: ada.id,
        occurred_at: EARLY,
        method: 'kiosk',
        reason: null,
      }),
    ]);

    // A tap anywhere goes back to the search, where the recent list has her.
    fireEvent.click(screen.getByRole('button', { name: 'Tap anywhere to continue' }));
    const recent = await screen.findByRole('button', { name: 'Record the arrival of Ada Lovelace' });
    expect(screen.getByRole('heading', { name: 'Recent' })).toBeTruthy();
    fireEvent.click(recent);
    expect(clean((await screen.findByText(/Already arrived at/)).textContent)).toBe('Already arrived at 7:50 AM');
    expect(await fixture.written()).toHaveLength(1);
  });

  it('records a double tap, or a badge read twice in a row, once', async () => {
    await renderArrivals();
    await search('ada');
    const row = await screen.findByRole('button', { name: 'Record the arrival of Ada Lovelace' });
    fireEvent.click(row);
    fireEvent.click(row);
    await screen.findByRole('heading', { name: 'Welcome, Ada!' });
    act(() => {
      for (let i = 0; i < 2; i++)
        for (const key of [...'H8TR4K2XQ9MZ', 'Enter']) fireEvent.keyDown(document.body, { key });
    });
    await screen.findByRole('heading', { name: 'Welcome, Mei!' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await fixture.written()).map((data) => data.scholar_id)).toEqual([ada.id, mei.id]);
  });

  it('knows about arrivals pulled from other devices', async () => {
    await renderArrivals(RECORD, {
      checkIns: [serverCheckIn({ scholar_id: mei.id, occurred_at: '2026-03-02T15:40:00Z' })],
    });
    await search('mei');
    expect(clean((await screen.findByText(/Arrived at/)).textContent)).toBe('Arrived at 7:40 AM');
    fireEvent.click(screen.getByRole('button', { name: 'Record the arrival of Mei Chen' }));
    expect(clean((await screen.findByText(/Already arrived at/)).textContent)).toBe('Already arrived at 7:40 AM');
    expect(await fixture.written()).toEqual([]);
  });

  it('asks a late arrival for a reason from the list, and records it with the time of the tap', async () => {
    vi.setSystemTime(new Date(LATE));
    await renderArrivals();
    await search('1001');
    fireEvent.click(await screen.findByRole('button', { name: 'Record the arrival of Ada Lovelace' }));
    expect(await screen.findByRole('heading', { name: 'You are late. Why?' })).toBeTruthy();
    expect(await fixture.written()).toEqual([]);

    vi.setSystemTime(new Date('2026-03-02T16:31:00.000Z'));
    fireEvent.click(screen.getByRole('button', { name: 'Bus was late' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeTruthy();
    expect(screen.getByText('Late')).toBeTruthy();
    expect(await fixture.written()).toEqual([
      expect.objectContaining({ kind: 'arrival', occurred_at: LATE, reason: 'Bus was late' }),
    ]);
  });

  it('records a late arrival the family reported without asking a reason again, and greets it as expected', async () => {
    vi.setSystemTime(new Date(LATE));
    await renderArrivals(RECORD, {
      reports: [familyReport({ scholar_id: ada.id, kind: 'late', at_time: '08:30', reason: 'appointment' })],
    });
    await search('1001');
    fireEvent.click(await screen.findByRole('button', { name: 'Record the arrival of Ada Lovelace' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeTruthy();
    expect(screen.getByText('Your family told us you would be late. Thank you!')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'You are late. Why?' })).toBeNull();
    expect(await fixture.written()).toEqual([
      expect.objectContaining({ kind: 'arrival', reason: 'Other: Reported by family (appointment)' }),
    ]);
  });

  it("asks whether an arrival after the school day's end is meant before recording it", async () => {
    // 15:45 at the school, the day having ended at 15:30.
    vi.setSystemTime(new Date('2026-03-02T23:45:00.000Z'));
    await renderArrivals();
    await search('1001');
    fireEvent.click(await screen.findByRole('button', { name: 'Record the arrival of Ada Lovelace' }));
    expect(await screen.findByText('The school day is over. Record an arrival anyway?')).toBeTruthy();
    expect(await fixture.written()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await search('1001');
    fireEvent.click(await screen.findByRole('button', { name: 'Record the arrival of Ada Lovelace' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Record arrival' }));
    // Meant: on as any arrival that late, with its reason.
    fireEvent.click(await screen.findByRole('button', { name: 'Bus was late' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeTruthy();
    expect(await fixture.written()).toEqual([
      expect.objectContaining({ kind: 'arrival', occurred_at: '2026-03-02T23:45:00.000Z', reason: 'Bus was late' }),
    ]);
  });

  it("takes an 'Other' reason as typed, and not an empty one", async () => {
    vi.setSystemTime(new Date(LATE));
    await renderArrivals();
    await search('jose');
    fireEvent.click(await screen.findByRole('button', { name: 'Record the arrival of José Núñez' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Other' }));
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Other reason/ }), { target: { value: ' Flat tyre ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await screen.findByRole('heading', { name: 'Welcome, José!' });
    expect(await fixture.written()).toEqual([expect.objectContaining({ reason: 'Other: Flat tyre' })]);
  });

  it('asks an early departure for a reason and records a departure', async () => {
    vi.setSystemTime(new Date('2026-03-02T19:00:00.000Z'));
    await renderArrivals(RECORD, { checkIns: [serverCheckIn({ scholar_id: ada.id })] });
    await search('ada');
    fireEvent.click(await screen.findByRole('button', { name: 'Ada Lovelace is leaving early' }));
    expect(await screen.findByRole('heading', { name: 'Why are you leaving early?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Doctor appointment' }));
    expect(await screen.findByRole('heading', { name: 'Goodbye, Ada!' })).toBeTruthy();
    expect(await fixture.written()).toEqual([
      expect.objectContaining({ kind: 'departure', scholar_id: ada.id, reason: 'Doctor appointment' }),
    ]);
  });

  it('records a badge scanned anywhere on the page, but not normal typing', async () => {
    await renderArrivals();
    // The device's roster loaded first (a scan is looked up in it): the keys below come all at once, not waited for.
    await search('Ada');
    await screen.findByRole('button', { name: 'Record the arrival of Ada Lovelace' });
    await search('');
    const keys = [...'K7QX2M9RT4HB', 'Enter'];
    // A person typing the code: 150 ms between keys.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 150));
    act(() => {
      for (const key of keys) fireEvent.keyDown(document.body, { key });
    });
    expect(screen.queryByRole('heading', { name: 'Welcome, Ada!' })).toBeNull();
    // The scanner: 5 ms between keys.
    now.mockImplementation(() => (clock += 5));
    act(() => {
      for (const key of keys) fireEvent.keyDown(document.body, { key });
    });
    now.mockRestore();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeTruthy();
    expect(await fixture.written()).toEqual([expect.objectContaining({ scholar_id: ada.id, method: 'scan' })]);
  });

  it('opens the scholar whose badge code is typed into the search box by a scanner', async () => {
    await renderArrivals();
    await search('h8tr4k2xq9mz');
    expect(await screen.findByRole('heading', { name: 'Welcome, Mei!' })).toBeTruthy();
    expect(await fixture.written()).toEqual([expect.objectContaining({ scholar_id: mei.id, method: 'scan' })]);
  });

  it('recognises a scan typed into the search box after other text', async () => {
    const box = await renderArrivals();
    box.focus();
    fireEvent.change(box, { target: { value: 'jo' } });
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 5));
    act(() => {
      for (const key of [...'K7QX2M9RT4HB', 'Enter']) fireEvent.keyDown(box, { key });
    });
    now.mockRestore();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeTruthy();
    expect(await fixture.written()).toEqual([expect.objectContaining({ scholar_id: ada.id, method: 'scan' })]);
  });

  it('shows the photo kept on the device, and goes back to the search by itself', async () => {
    // jsdom has no object URLs, and fake-indexeddb stores a jsdom Blob as a plain object: enough to follow the URL.
    const created = vi.fn(() => 'blob:ada');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    fixture = await makeFixture();
    await fixture.db.photos.put({
      id: ada.photo_id ?? '',
      blob: new Blob(['x']),
      content_type: 'image/png',
      sha256: 'x',
    });
    await renderWithProviders(fixture.wrap(<ArrivalsPage permissions={RECORD} resetAfterMs={300} />), {
      queryClient: fixture.queryClient,
    });
    await search('ada');
    await waitFor(() => expect(document.querySelector('img[src="blob:ada"]')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Record the arrival of Ada Lovelace' }));
    const confirmation = await screen.findByRole('status');
    expect(within(confirmation).getByRole('heading', { name: 'Welcome, Ada!' })).toBeTruthy();
    await waitFor(() => expect(confirmation.querySelector('img[src="blob:ada"]')).not.toBeNull());
    await screen.findByRole('searchbox', {}, { timeout: 3000 });
    expect(created).toHaveBeenCalled();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('only looks scholars up without the permission to create check-ins', async () => {
    await renderArrivals(['demographics-view_any']);
    expect(screen.getByText(/only looks scholars up/)).toBeTruthy();
    await search('ada');
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Record the arrival/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /leaving early/ })).toBeNull();
  });

  it('says when the roster is being downloaded, or cannot be while offline', async () => {
    fixture = await makeFixture({ scholars: [], online: true });
    const view = await renderWithProviders(fixture.wrap(<ArrivalsPage permissions={RECORD} />), {
      queryClient: fixture.queryClient,
    });
    expect(await screen.findByText('Downloading the roster…')).toBeTruthy();
    view.unmount();
    fixture.db.close();
    fixture = await makeFixture({ scholars: [], online: false });
    await renderWithProviders(fixture.wrap(<ArrivalsPage permissions={RECORD} />), {
      queryClient: fixture.queryClient,
    });
    expect(await screen.findByText(/You are offline and the roster has not been downloaded/)).toBeTruthy();
  });
});

describe('staff badges at the kiosk', () => {
  const CODE = 'AbCdEfGhIjKlMnOpQrStUvWx';
  const scan = (text: string) =>
    act(() => {
      for (const key of [...text, 'Enter']) fireEvent.keyDown(document.body, { key });
    });

  it('queues a punch for the server to decide, says it is saved offline, then who was clocked in', async () => {
    await renderArrivals([...RECORD, 'timesheets-create']);
    scan(`STAFF:${CODE}`);
    expect(clean((await screen.findByRole('heading', { name: /Badge read at/ })).textContent)).toBe(
      'Badge read at 7:50 AM',
    );
    expect(screen.getByText(/Saved on this device/)).toBeTruthy();
    const [entry] = await fixture.db.outbox.toArray();
    expect(entry).toMatchObject({ resource: 'timesheet_punches', action: 'create', data: { badge: CODE, at: EARLY } });
    // The server's answer, as the sync engine files it: the record it clocked in, under the punch's id.
    await act(async () => {
      await fixture.db.outbox.delete(entry?.id as string);
      await fixture.db.timesheets.put({
        id: entry?.id as string,
        user_id: USER,
        user_name: 'Rivera, Ana',
        work_date: '2026-03-02',
        started_at: EARLY,
        ended_at: null,
        break_minutes: 0,
        category: 'regular',
        leave_type: null,
        note: null,
        method: 'badge',
        version: 1,
        worked_minutes: null,
        locked: false,
        recorded_by: USER,
        device_id: 'd',
        created_at: EARLY,
        updated_at: EARLY,
      });
    });
    expect(await screen.findByRole('heading', { name: 'Clocked in' })).toBeTruthy();
    expect(clean(screen.getByText(/clocked in at/).textContent)).toBe('Rivera, Ana: clocked in at 7:50 AM');
    // A later pull taking the record away leaves the answer on screen.
    await act(() => fixture.db.timesheets.clear());
    expect(screen.getByRole('heading', { name: 'Clocked in' })).toBeTruthy();
  });

  it('shows the reason the server refused a punch', async () => {
    await renderArrivals([...RECORD, 'timesheets-create']);
    scan(`STAFF:${CODE}`);
    await screen.findByRole('heading', { name: /Badge read at/ });
    const [entry] = await fixture.db.outbox.toArray();
    await act(() =>
      fixture.db.outbox.update(entry?.id as string, {
        status: 'attention',
        last_error: 'This badge is not valid. Ask the office for a new one.',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Not recorded' })).toBeTruthy();
    expect(screen.getByText('This badge is not valid. Ask the office for a new one.')).toBeTruthy();
  });

  it('records nothing for a staff badge on a kiosk whose person may not record timesheets', async () => {
    await renderArrivals();
    scan(`STAFF:${CODE}`);
    expect(
      await screen.findByText(
        'Staff badges clock in and out only on a kiosk started by someone who may record timesheets.',
      ),
    ).toBeTruthy();
    expect(await fixture.written()).toEqual([]);
  });
});

describe('Arrivals in front of children (station mode)', () => {
  async function renderForChildren(settings: Partial<typeof SETTINGS> = {}) {
    fixture = await makeFixture({ settings: { ...SETTINGS, ...settings } });
    await renderWithProviders(
      fixture.wrap(<ArrivalsPage permissions={['check_ins-create']} resetAfterMs={60_000} audience="children" />),
      { route: '/check-in', queryClient: fixture.queryClient },
    );
  }

  it('shows a child only a photo, the preferred name and last initial, and one large "I\'m here"', async () => {
    await renderForChildren();
    await screen.findByText('Type your name or your number to find yourself.');
    expect(screen.queryByRole('heading', { name: 'Recent' })).toBeNull();
    await search('lovelace');
    const here = await screen.findByRole('button', { name: "I'm here: Ada L." });
    expect(here.textContent).toBe("I'm here");
    const row = here.closest('li') as HTMLElement;
    expect(row.textContent).not.toContain('Lovelace');
    expect(row.textContent).not.toMatch(/Grade|#|Room/);
    // Not arrived yet: no "Leaving early".
    expect(within(row).queryByRole('button', { name: /leaving early/ })).toBeNull();

    fireEvent.click(here);
    expect(await screen.findByRole('heading', { name: "Welcome, Ada! You're checked in." })).toBeTruthy();
    expect(screen.queryByText(/Ada Lovelace/)).toBeNull();

    // Back at the search: no list of who came before; found again, she may now say she is leaving early.
    fireEvent.click(screen.getByRole('button', { name: 'Tap anywhere to continue' }));
    await screen.findByText('Type your name or your number to find yourself.');
    await search('lovelace');
    expect(await screen.findByRole('button', { name: 'Ada L. is leaving early' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: "I'm here: Ada L." })).toBeNull();
  });

  it('shows the homeroom and student number only when the school turns them on', async () => {
    await renderForChildren({ kiosk_show_homeroom: true, kiosk_show_student_number: true });
    await search('lovelace');
    const here = await screen.findByRole('button', { name: "I'm here: Ada L." });
    expect((here.closest('li') as HTMLElement).textContent).toContain('5A · #1001');
  });
});

describe('the language button in front of children', () => {
  const ENGLISH_HINT = 'Type your name or your number to find yourself.';
  const SPANISH_HINT = 'Escribe tu nombre o tu número para encontrarte.';

  async function renderForChildren() {
    fixture = await makeFixture();
    await renderWithProviders(
      fixture.wrap(<ArrivalsPage permissions={['check_ins-create']} resetAfterMs={60_000} audience="children" />),
      { route: '/check-in', queryClient: fixture.queryClient },
    );
    await screen.findByText(ENGLISH_HINT);
  }

  const typeInSearch = (text: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });

  it("switches to Spanish for one child's turn, and the station's English is back when the outcome closes", async () => {
    await renderForChildren();
    fireEvent.click(screen.getByRole('button', { name: 'English / Español' }));
    await screen.findByText(SPANISH_HINT);
    // Not remembered: the device keeps its own language.
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();

    typeInSearch('lovelace');
    fireEvent.click(await screen.findByRole('button', { name: 'Ya llegué: Ada L.' }));
    expect(await screen.findByRole('heading', { name: '¡Bienvenido, Ada! Ya registraste tu llegada.' })).toBeTruthy();
    // The button stays through the turn, so the child can switch back.
    expect(screen.getByRole('button', { name: 'English / Español' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Toque en cualquier lugar para continuar' }));
    expect(await screen.findByText(ENGLISH_HINT)).toBeTruthy();
    expect(screen.queryByText(SPANISH_HINT)).toBeNull();
  });

  it('ends the turn after a while without a touch: back in English with an empty search', async () => {
    await renderForChildren();
    fireEvent.click(screen.getByRole('button', { name: 'English / Español' }));
    await screen.findByText(SPANISH_HINT);
    typeInSearch('lov');
    await screen.findByRole('button', { name: 'Ya llegué: Ada L.' });

    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    act(() => vi.advanceTimersByTime(CHILD_TURN_IDLE_MS - 1000));
    expect(screen.getByRole('button', { name: 'Ya llegué: Ada L.' })).toBeTruthy();
    // A touch starts the wait again.
    fireEvent.pointerDown(screen.getByRole('searchbox'));
    act(() => vi.advanceTimersByTime(CHILD_TURN_IDLE_MS - 1));
    expect(screen.getByRole('button', { name: 'Ya llegué: Ada L.' })).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();

    expect(await screen.findByText(ENGLISH_HINT)).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: /Ada L\./ })).toBeNull();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('switches back to English within the turn when pressed again', async () => {
    await renderForChildren();
    const button = screen.getByRole('button', { name: 'English / Español' });
    fireEvent.click(button);
    await screen.findByText(SPANISH_HINT);
    fireEvent.click(button);
    expect(await screen.findByText(ENGLISH_HINT)).toBeTruthy();
  });

  it("shows the school's Spanish wording of its reasons in a Spanish turn, and records the English reason", async () => {
    vi.setSystemTime(new Date(LATE));
    fixture = await makeFixture({
      settings: { ...SETTINGS, reasons_es: { 'Bus was late': 'El autobús llegó tarde' } },
    });
    await renderWithProviders(
      fixture.wrap(<ArrivalsPage permissions={['check_ins-create']} resetAfterMs={60_000} audience="children" />),
      { route: '/check-in', queryClient: fixture.queryClient },
    );
    await screen.findByText(ENGLISH_HINT);
    fireEvent.click(screen.getByRole('button', { name: 'English / Español' }));
    await screen.findByText(SPANISH_HINT);
    typeInSearch('lovelace');
    fireEvent.click(await screen.findByRole('button', { name: 'Ya llegué: Ada L.' }));
    // The school's own wording, and the app's for a reason it knows.
    expect(await screen.findByRole('button', { name: 'El autobús llegó tarde' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cita médica' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'El autobús llegó tarde' }));
    await waitFor(async () =>
      expect(await fixture.written()).toEqual([expect.objectContaining({ reason: 'Bus was late' })]),
    );
  });

  it('is not on the staff kiosk', async () => {
    await renderArrivals();
    expect(screen.queryByRole('button', { name: 'English / Español' })).toBeNull();
  });
});

describe('Arrivals on a day the school is closed', () => {
  afterEach(() => localStorage.removeItem(CONFIG_STORAGE_KEY));

  it("says so from the config the device kept, on the school's day", async () => {
    // The school's day of EARLY is 2 March 2026; the kept config closes it, and not the day after.
    const keep = (starts_on: string, ends_on: string) =>
      localStorage.setItem(
        CONFIG_STORAGE_KEY,
        JSON.stringify({
          school_name: 'Demo',
          time_zone: 'America/Los_Angeles',
          closures: [{ name: 'Staff Development Day', starts_on, ends_on }],
        }),
      );
    keep('2026-03-02', '2026-03-02');
    await renderArrivals();
    expect(screen.getByText('The school is closed today: Staff Development Day.')).toBeTruthy();
    // The kiosk still records: a summer program or staff at work may come in.
    await search('lovelace');
    expect(await screen.findByRole('button', { name: 'Record the arrival of Ada Lovelace' })).toBeTruthy();
  });

  it('says nothing on a school day', async () => {
    localStorage.setItem(
      CONFIG_STORAGE_KEY,
      JSON.stringify({
        school_name: 'Demo',
        time_zone: 'America/Los_Angeles',
        closures: [{ name: 'Spring break', starts_on: '2026-03-03', ends_on: '2026-03-07' }],
      }),
    );
    await renderArrivals();
    expect(screen.queryByText(/The school is closed today/)).toBeNull();
  });
});
