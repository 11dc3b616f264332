import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePickUpsServer, makeScholar, testId } from '../pick-ups/test/fake-pick-ups-server';
import { renderPickUps, testServices } from '../pick-ups/test/render-pick-ups';
import BadgesPage from './badges-page';

const NAMES = ['Ana', 'Luis', 'Mei', 'Omar', 'Ines', 'Kai', 'Lena', 'Noor', 'Pia', 'Raul', 'Sara', 'Tomas'];
function roster() {
  const room12 = Array.from({ length: 17 }, (_, i) =>
    makeScholar(testId(i + 1), NAMES[i % NAMES.length] ?? 'X', `Room${String(i).padStart(2, '0')}`, {
      homeroom: 'Room 12',
      // One scholar has no badge code yet: named and left out of the print.
      badge_code: i === 16 ? '' : `B${i}K2M9`,
    }),
  );
  const room4 = Array.from({ length: 3 }, (_, i) =>
    makeScholar(testId(100 + i), NAMES[i] ?? 'X', `Other${i}`, { grade: '4', homeroom: 'Room 4' }),
  );
  return [...room12, ...room4];
}

let server: FakePickUpsServer;

beforeEach(() => {
  server = new FakePickUpsServer(roster()).install();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage(route = '/sign-out/badges') {
  const view = await renderPickUps(<BadgesPage />, testServices(), { route });
  await screen.findByRole('combobox', { name: 'Cards for' });
  return view;
}
const sheets = () => screen.queryAllByRole('region', { name: /^Sheet \d+ of \d+$/ });
const cardsOf = (sheet: HTMLElement) => within(sheet).queryAllByRole('group', { name: /^Badge of / });

describe('Badges', () => {
  it('prints a homeroom eight to a sheet, each card with its QR, and names who has no badge code', async () => {
    localStorage.setItem('school-ops.config', JSON.stringify({ school_name: 'Lincoln Elementary', time_zone: 'UTC' }));
    const view = await renderPage();
    expect(screen.getByRole('status').textContent).toBe('Choose a grade or a homeroom.');
    expect(sheets()).toHaveLength(0);
    fireEvent.change(screen.getByRole('combobox', { name: 'Homeroom' }), { target: { value: 'Room 12' } });
    await waitFor(() => expect(sheets()).toHaveLength(2));
    expect(sheets().map((s) => cardsOf(s).length)).toEqual([8, 8]);
    const first = cardsOf(sheets()[0] as HTMLElement)[0] as HTMLElement;
    expect(within(first).getByText('Ana Room00')).toBeTruthy();
    // The school's name on every card.
    expect(within(first).getByText('Lincoln Elementary')).toBeTruthy();
    const qr = within(first).getByRole('img', { name: 'Badge QR code of Ana Room00' });
    expect(qr.getAttribute('shape-rendering')).toBe('crispEdges');
    expect(qr.getAttribute('viewBox')).toBe('0 0 29 29');
    expect(screen.getByRole('status').textContent).toBe('16 cards · 2 sheets');
    expect(screen.getByText('1 scholar has no badge code and is left out: Ines Room16.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Room16 ·');
    expect(new URLSearchParams(view.location().search).get('homeroom')).toBe('Room 12');
    // The demographics list asked for active scholars, every page at the largest size.
    expect(server.calls('GET', 'v2/demographics')[0]?.query.get('filter[active]')).toBe('true');
  });

  it('sets the paper for the print and prints with the browser', async () => {
    await renderPage('/sign-out/badges?grade=4');
    await waitFor(() => expect(sheets()).toHaveLength(1));
    expect(cardsOf(sheets()[0] as HTMLElement)).toHaveLength(3);
    const style = () => [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(style()).toContain('@page { size: letter; margin: 0.5in; }');
    fireEvent.change(screen.getByRole('combobox', { name: 'Paper' }), { target: { value: 'a4' } });
    await waitFor(() => expect(style()).toContain('@page { size: A4; margin: 10mm; }'));
    expect(style()).toContain('@media print');
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('prints a selection made with search and checkboxes', async () => {
    await renderPage();
    fireEvent.change(screen.getByRole('combobox', { name: 'Cards for' }), { target: { value: 'selection' } });
    const search = await screen.findByRole('searchbox', { name: 'Search scholars by name or student number' });
    fireEvent.change(search, { target: { value: 'other' } });
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(3));
    for (const box of screen.getAllByRole('checkbox').slice(0, 2)) fireEvent.click(box);
    await waitFor(() => expect(screen.getByText('2 scholars chosen')).toBeTruthy());
    expect(sheets()).toHaveLength(1);
    expect(cardsOf(sheets()[0] as HTMLElement).map((c) => c.getAttribute('aria-label'))).toEqual([
      'Badge of Ana Other0',
      'Badge of Luis Other1',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear the selection' }));
    await waitFor(() => expect(sheets()).toHaveLength(0));
  });

  it('says so offline before the roster is here', async () => {
    server.offline = true;
    await renderPickUps(<BadgesPage />, testServices());
    expect(await screen.findByText('You are offline: the roster for the badges needs the connection.')).toBeTruthy();
  });
});
