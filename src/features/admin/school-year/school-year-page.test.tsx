import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { setLanguage } from '../../../ui/language';
import SchoolYearPage from './school-year-page';
import { FakeSchoolYearServer } from './test/fake-school-year-server';

let server: FakeSchoolYearServer;
beforeEach(() => {
  server = new FakeSchoolYearServer().install();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('en'));
});

const yearDates = () => screen.getByRole('group', { name: 'The new year' });
const fillYear = (starts: string, ends: string) => {
  fireEvent.change(within(yearDates()).getByLabelText(/First day/), { target: { value: starts } });
  fireEvent.change(within(yearDates()).getByLabelText(/Last day/), { target: { value: ends } });
};

/** Chooses to keep the homerooms; the radio group tells its value after the click's event. */
async function keepHomerooms() {
  const keep = screen.getByRole('radio', { name: 'Keep the homerooms as they are' }) as HTMLInputElement;
  fireEvent.click(keep);
  await waitFor(() => expect(keep.checked).toBe(true));
}

describe('<SchoolYearPage />', () => {
  it('previews the new year, then starts it after the confirm, and shows what was done', async () => {
    await renderWithProviders(<SchoolYearPage />, { route: '/admin/school-year' });
    expect(await screen.findByText('Current school year: Wed, Aug 12, 2026 to Fri, Jun 4, 2027.')).toBeTruthy();
    fillYear('2027-08-11', '2028-06-02');
    await keepHomerooms();
    fireEvent.click(screen.getByRole('button', { name: 'Add a non-work day' }));
    const day = screen.getByRole('listitem', { name: 'Non-work day 1' });
    fireEvent.change(within(day).getByLabelText(/Name/), { target: { value: 'Labor Day' } });
    fireEvent.change(within(day).getByLabelText(/First day/), { target: { value: '2027-09-06' } });
    fireEvent.change(within(day).getByLabelText(/Last day/), { target: { value: '2027-09-06' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const summary = await screen.findByRole('region', { name: 'What the new year will do' });
    expect(server.calls('POST', 'v2/school_year/preview')[0]?.body).toEqual({
      starts_on: '2027-08-11',
      ends_on: '2028-06-02',
      homerooms: 'keep',
      non_work_days: [{ name: 'Labor Day', kind: 'holiday', starts_on: '2027-09-06', ends_on: '2027-09-06' }],
    });
    const moves = within(summary).getByRole('table', { name: 'Grade moves' });
    expect(within(moves).getAllByRole('row')).toHaveLength(14);
    expect(within(moves).getByRole('row', { name: 'TK K 12' })).toBeTruthy();
    expect(
      within(summary).getByText('3 twelfth graders graduate and leave the rosters on Fri, Jun 4, 2027.'),
    ).toBeTruthy();
    expect(within(summary).getByText('Ana Alvarez (120001)')).toBeTruthy();
    expect(within(summary).getByText('2 independent study agreements end on Fri, Jun 4, 2027.')).toBeTruthy();
    expect(within(summary).getByText('Homerooms are kept.')).toBeTruthy();
    expect(within(summary).getByText('1 non-work day is added.')).toBeTruthy();
    // Nothing is started before the confirm; Cancel leaves it so.
    fireEvent.click(screen.getByRole('button', { name: 'Start the new school year' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Start the new school year?' });
    expect(within(dialog).getByText(/^156 scholars move up a grade and 3 graduate\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls('POST', 'v2/school_year')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Start the new school year' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Start the new school year?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start the new school year' }));
    const done = await screen.findByRole('region', { name: 'The new school year has started' });
    expect(
      within(done).getByText('3 twelfth graders graduated and left the rosters on Fri, Jun 4, 2027.'),
    ).toBeTruthy();
    const [sent] = server.calls('POST', 'v2/school_year');
    expect(sent?.body).toMatchObject({ starts_on: '2027-08-11', homerooms: 'keep', id: expect.any(String) });
    expect(screen.getByText('Current school year: Wed, Aug 11, 2027 to Fri, Jun 2, 2028.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the school settings' }).getAttribute('href')).toBe(
      '/admin/school',
    );
  });

  it("shows the server's refusal under its field, in the reader's language, and asks for a new preview after a change", async () => {
    await renderWithProviders(<SchoolYearPage />, { route: '/admin/school-year' });
    await screen.findByText(/^Current school year/);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(within(yearDates()).getAllByText('Give a date.')).toHaveLength(2);
    expect(server.calls('POST', 'v2/school_year/preview')).toHaveLength(0);

    fillYear('2026-08-01', '2027-06-01');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await within(yearDates()).findByText("The new year starts after the current year's first day."),
    ).toBeTruthy();
    expect(server.calls('POST', 'v2/school_year/preview')).toHaveLength(1);

    await act(() => setLanguage('es'));
    fireEvent.click(screen.getByRole('button', { name: 'Vista previa' }));
    const group = screen.getByRole('group', { name: 'El nuevo año' });
    expect(await within(group).findByText('El nuevo año comienza después del primer día del año actual.')).toBeTruthy();
    await act(() => setLanguage('en'));

    fillYear('2027-08-11', '2028-06-02');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'What the new year will do' });
    await keepHomerooms();
    expect(screen.queryByRole('region', { name: 'What the new year will do' })).toBeNull();
    expect(
      screen.getByText('The form changed since the preview: preview again before starting the year.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start the new school year' })).toBeNull();
  });

  it('says so when there is no connection', async () => {
    server.offline = true;
    await renderWithProviders(<SchoolYearPage />, { route: '/admin/school-year' });
    expect(await screen.findByText('The school year cannot be read without a connection.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
  });

  it('says when no year dates are set yet', async () => {
    server.year = { starts_on: null, ends_on: null };
    await renderWithProviders(<SchoolYearPage />, { route: '/admin/school-year' });
    expect(await screen.findByText('No school year dates are set yet.')).toBeTruthy();
  });
});
