import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueue } from '../../../offline/outbox';
import { nslpRecord } from '../../../offline/test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CONFIG_STORAGE_KEY } from '../../../ui/school-name';
import { ada, type Fixture, jose, LUNCH_TIME, makeFixture, mei } from '../test/meals-fixture';
import EnterMealsPage from './enter-meals-page';

let fixture: Fixture;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(LUNCH_TIME));
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.removeItem(CONFIG_STORAGE_KEY);
  fixture.db.close();
});

/** Renders the screen on the current fixture. */
async function renderLine() {
  await renderWithProviders(fixture.wrap(<EnterMealsPage />), { route: '/meals', queryClient: fixture.queryClient });
  return screen.findByRole('searchbox', { name: 'Find a scholar by name or student number' });
}

async function start(options: Parameters<typeof makeFixture>[0] = {}) {
  fixture = await makeFixture(options);
  return renderLine();
}

const outcome = () => screen.getByRole('status');
const clean = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

/** A USB scanner typing a code on the page (5 ms between keys), once the screen's effects have run. */
async function scan(code: string) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  let clock = 0;
  const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 5));
  act(() => {
    // Each 12-character code is one read; two codes in a row are two reads before anything re-renders.
    for (let i = 0; i < code.length; i += 12)
      for (const key of [...code.slice(i, i + 12), 'Enter']) fireEvent.keyDown(document.body, { key });
  });
  now.mockRestore();
}

describe('Enter Meals', () => {
  it('starts on the service of the time of day, and records a searched scholar in one tap with the running count', async () => {
    const box = await start();
    expect(screen.getByRole('button', { name: 'Lunch' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Lunch today: 0 meals')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'lovelace' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Record lunch for Ada Lovelace' }));

    await waitFor(() => expect(within(outcome()).getByText('Lunch counted')).toBeTruthy());
    expect(within(outcome()).getByText('Ada Lovelace')).toBeTruthy();
    expect(clean(within(outcome()).getByText(/Recorded at/).textContent)).toBe('Recorded at 11:50 AM');
    expect(await screen.findByText('Lunch today: 1 meal')).toBeTruthy();
    expect(await fixture.written()).toEqual([
      expect.objectContaining({ scholar_id: ada.id, meal_type: 'lunch', served_at: LUNCH_TIME }),
    ]);
    // The box is cleared for the next scholar.
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('shows the outcome first and takes the results down after that frame, the class grid back in their place', async () => {
    const box = await start();
    fireEvent.change(box, { target: { value: 'lovelace' } });
    const button = await screen.findByRole('button', { name: 'Record lunch for Ada Lovelace' });
    // What the page holds when the outcome first appears, seen before any frame can run.
    let first: { results: boolean; gridHidden: boolean } | undefined;
    const grid = () => screen.getByRole('combobox', { name: 'Class', hidden: true }).closest('[hidden]');
    const watch = new MutationObserver(() => {
      if (first || !screen.queryByRole('status')?.textContent?.includes('Lunch counted')) return;
      first = { results: screen.queryByRole('list', { name: 'Scholars found' }) !== null, gridHidden: grid() !== null };
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    fireEvent.click(button);
    await waitFor(() => expect(first).toBeDefined());
    watch.disconnect();
    expect(first).toEqual({ results: true, gridHidden: true });
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Scholars found' })).toBeNull());
    expect(grid()).toBeNull();
    // Typing again shows results at once.
    fireEvent.change(box, { target: { value: 'chen' } });
    expect(await screen.findByRole('button', { name: 'Record lunch for Mei Chen' })).toBeTruthy();
  });

  it('records a badge scanned anywhere on the page; the same badge again is not counted and records nothing', async () => {
    await start();
    await scan('H8TR4K2XQ9MZ');
    await waitFor(() => expect(within(outcome()).getByText('Lunch counted')).toBeTruthy());
    expect(within(outcome()).getByText('Mei Chen')).toBeTruthy();
    await scan('H8TR4K2XQ9MZ');
    await waitFor(() => expect(within(outcome()).getByText('Not counted')).toBeTruthy());
    expect(clean(within(outcome()).getByText(/Already had/).textContent)).toBe(
      'Already had lunch today at 11:50 AM. Nothing was recorded.',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await fixture.written()).map((d) => d.scholar_id)).toEqual([mei.id]);
    expect(screen.getByText('Lunch today: 1 meal')).toBeTruthy();
  });

  it('records a badge read twice in a row, or a double tap, once', async () => {
    await start();
    // Both reads land before the first write has finished: the second sees what the first is writing.
    await scan('K7QX2M9RT4HBK7QX2M9RT4HB');
    await waitFor(() => expect(screen.getByText('Lunch today: 1 meal')).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Class' }), { target: { value: 'homeroom:5B' } });
    const tile = await screen.findByRole('button', { name: 'Record lunch for Mei Chen' });
    act(() => {
      tile.click();
      tile.click();
    });
    await waitFor(() => expect(screen.getByText('Lunch today: 2 meals')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await fixture.written()).map((d) => d.scholar_id)).toEqual([ada.id, mei.id]);
  });

  it('records the scholar whose badge a scanner types into the search box', async () => {
    const box = await start();
    fireEvent.change(box, { target: { value: 'p3wz8n6vc1da' } });
    await waitFor(() => expect(within(outcome()).getByText('José Núñez')).toBeTruthy());
    expect(await fixture.written()).toEqual([expect.objectContaining({ scholar_id: jose.id, meal_type: 'lunch' })]);
  });

  it('does not count a meal pulled from another tablet, with the time of the first one', async () => {
    const box = await start({
      meals: [nslpRecord({ scholar_id: ada.id, served_at: '2026-03-02T19:20:00.000Z' })],
    });
    expect(await screen.findByText('Lunch today: 1 meal')).toBeTruthy();
    fireEvent.change(box, { target: { value: '1001' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Record lunch for Ada Lovelace' }));
    await waitFor(() => expect(within(outcome()).getByText('Not counted')).toBeTruthy());
    expect(clean(within(outcome()).getByText(/Already had/).textContent)).toContain('at 11:20 AM');
    expect(await fixture.written()).toEqual([]);
  });

  it('does not count a meal still waiting in the outbox, and counts a voided one again', async () => {
    fixture = await makeFixture({
      meals: [nslpRecord({ scholar_id: mei.id, voided: true, void_reason: 'Wrong scholar' })],
    });
    await enqueue(
      fixture.db,
      {
        resource: 'nslp_records',
        action: 'create',
        data: { scholar_id: jose.id, meal_type: 'lunch', served_at: '2026-03-02T19:10:00.000Z' },
      },
      { recordedBy: null, deviceId: 'this-tablet' },
    );
    const box = await renderLine();
    expect(await screen.findByText('Lunch today: 1 meal')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'jose' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Record lunch for José Núñez' }));
    await waitFor(() => expect(within(outcome()).getByText('Not counted')).toBeTruthy());
    fireEvent.change(box, { target: { value: 'mei' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Record lunch for Mei Chen' }));
    await waitFor(() => expect(within(outcome()).getByText('Lunch counted')).toBeTruthy());
    expect((await fixture.written()).map((d) => d.scholar_id)).toEqual([jose.id, mei.id]);
  });

  it('records a tap in the grid of a homeroom, and counts each service on its own', async () => {
    await start({ meals: [nslpRecord({ scholar_id: ada.id })] });
    fireEvent.change(screen.getByRole('combobox', { name: 'Class' }), { target: { value: 'grade:5' } });
    const grid = await screen.findByRole('list', { name: 'Scholars of the class' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Record lunch for Mei Chen', 'Record lunch for Ada Lovelace']);
    expect(within(grid).getByText('Had lunch')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Snack' }));
    expect(screen.getByText('Snack today: 0 meals')).toBeTruthy();
    fireEvent.click(within(grid).getByRole('button', { name: 'Record a snack for Ada Lovelace' }));
    await waitFor(() => expect(within(outcome()).getByText('Snack counted')).toBeTruthy());
    expect(await screen.findByText('Snack today: 1 meal')).toBeTruthy();
    expect(await fixture.written()).toEqual([expect.objectContaining({ scholar_id: ada.id, meal_type: 'snack' })]);
  });

  it('says so when a badge is not on the roster', async () => {
    await start();
    await scan('ZZZZZZZZZZZZ');
    expect((await screen.findByRole('alert')).textContent).toContain("This badge is not on this device's roster.");
    expect(await fixture.written()).toEqual([]);
  });

  it('says when the roster is being downloaded, cannot be while offline, or is empty', async () => {
    fixture = await makeFixture({ scholars: [], online: true });
    const view = await renderWithProviders(fixture.wrap(<EnterMealsPage />), { queryClient: fixture.queryClient });
    expect(await screen.findByText('Downloading the roster…')).toBeTruthy();
    view.unmount();
    fixture.db.close();
    fixture = await makeFixture({ scholars: [], online: false });
    await renderWithProviders(fixture.wrap(<EnterMealsPage />), { queryClient: fixture.queryClient });
    expect(await screen.findByText(/You are offline and the roster has not been downloaded/)).toBeTruthy();
  });

  it("offers only the school's services and starts on the one whose window holds now, from the kept config", async () => {
    // 11:50 in Los Angeles: inside this school's lunch, which ends late; it serves no snack and no supper.
    localStorage.setItem(
      CONFIG_STORAGE_KEY,
      JSON.stringify({
        school_name: 'Lincoln Elementary',
        time_zone: 'America/Los_Angeles',
        meal_services: { breakfast: { start: '07:00', end: '08:30' }, lunch: { start: '11:45', end: '13:15' } },
      }),
    );
    await start();
    const services = screen.getByRole('group', { name: 'Meal service' });
    expect(
      within(services)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Breakfast', 'Lunch']);
    expect(screen.getByRole('button', { name: 'Lunch' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('between two services, starts on the next one of the day', async () => {
    localStorage.setItem(
      CONFIG_STORAGE_KEY,
      JSON.stringify({
        school_name: 'Lincoln Elementary',
        time_zone: 'America/Los_Angeles',
        meal_services: { breakfast: { start: '07:00', end: '08:30' }, snack: { start: '12:00', end: '13:00' } },
      }),
    );
    // Before the snack's window opens, the line waits on the snack: the next service of the day.
    await start();
    expect(screen.getByRole('button', { name: 'Snack' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryAllByRole('button', { name: 'Lunch' })).toHaveLength(0);
  });
});
