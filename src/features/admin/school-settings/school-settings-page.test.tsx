import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { SchoolSettings } from '../../../contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { fetchSchoolSettings, removeSchoolLogo, saveSchoolSettings, uploadSchoolLogo } from '../api/school-settings';
import SchoolSettingsPage from './school-settings-page';

vi.mock('../api/school-settings', () => ({
  schoolSettingsKey: ['school_settings'],
  fetchSchoolSettings: vi.fn(),
  saveSchoolSettings: vi.fn(),
  uploadSchoolLogo: vi.fn(),
  removeSchoolLogo: vi.fn(),
}));

const SETTINGS: SchoolSettings = {
  id: 's1',
  school_name: 'Lincoln Elementary',
  time_zone: 'America/Chicago',
  start_time: '08:00',
  end_time: '15:30',
  late_after_minutes: 5,
  late_reasons: ['Transportation', 'Medical', 'Overslept'],
  departure_reasons: ['Appointment', 'Illness'],
  reasons_es: { Transportation: 'Transporte' },
  attendance_factor: 0.95,
  kiosk_show_student_number: false,
  kiosk_show_homeroom: true,
  logo_url: null,
  meal_services: { breakfast: { start: '07:00', end: '08:30' }, lunch: { start: '11:00', end: '12:30' } },
  notice_kinds: ['sign_out', 'early_departure', 'late_arrival', 'agreement_to_sign'],
  not_checked_in_by: null,
  work_summary_weekday: 5,
  work_summary_time: '16:00',
  updated_at: '2026-11-17T19:40:00Z',
};

beforeEach(() => {
  vi.mocked(fetchSchoolSettings).mockResolvedValue(SETTINGS);
  vi.mocked(saveSchoolSettings).mockReset();
  vi.mocked(uploadSchoolLogo).mockReset();
  vi.mocked(removeSchoolLogo).mockReset();
});

const lateList = () => screen.getByRole('group', { name: 'Reasons for a late arrival' });

describe('<SchoolSettingsPage />', () => {
  it('renames, reorders, retires and adds reasons with their Spanish, and saves the changes together', async () => {
    vi.mocked(saveSchoolSettings).mockImplementation(async (body) => ({ ...SETTINGS, ...body }) as SchoolSettings);
    await renderWithProviders(<SchoolSettingsPage />, { route: '/admin/school' });
    expect(((await screen.findByLabelText(/School name/)) as HTMLInputElement).value).toBe('Lincoln Elementary');
    const late = lateList();
    expect((within(late).getByLabelText('Reason 1 (Spanish)') as HTMLInputElement).value).toBe('Transporte');
    fireEvent.change(within(late).getByLabelText('Reason 2 (English)'), { target: { value: 'Doctor' } });
    fireEvent.click(within(late).getByRole('button', { name: 'Move Doctor up' }));
    fireEvent.click(within(late).getByRole('button', { name: 'Retire Overslept' }));
    fireEvent.click(within(late).getByRole('button', { name: 'Add a reason' }));
    fireEvent.change(within(late).getByLabelText('Reason 3 (English)'), { target: { value: 'Weather' } });
    fireEvent.change(within(late).getByLabelText('Reason 3 (Spanish)'), { target: { value: 'El tiempo' } });
    fireEvent.change(screen.getByLabelText(/Late after/), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(saveSchoolSettings).toHaveBeenCalled());
    expect(vi.mocked(saveSchoolSettings).mock.calls[0]?.[0]).toMatchObject({
      school_name: 'Lincoln Elementary',
      time_zone: 'America/Chicago',
      late_after_minutes: 10,
      late_reasons: ['Doctor', 'Transportation', 'Weather'],
      departure_reasons: ['Appointment', 'Illness'],
      reasons_es: { Transportation: 'Transporte', Weather: 'El tiempo' },
      kiosk_show_homeroom: true,
    });
    // The stored answer is on the screen: the retired reason is gone, the new one in its place.
    await waitFor(() =>
      expect((within(lateList()).getByLabelText('Reason 3 (English)') as HTMLInputElement).value).toBe('Weather'),
    );
    expect(within(lateList()).queryByDisplayValue('Overslept')).toBeNull();
  });

  it('chooses the notices the school sends, the time for a scholar not checked in and the weekly summary', async () => {
    vi.mocked(saveSchoolSettings).mockImplementation(async (body) => ({ ...SETTINGS, ...body }) as SchoolSettings);
    await renderWithProviders(<SchoolSettingsPage />, { route: '/admin/school' });
    const notices = await screen.findByRole('group', { name: 'Notices to families' });
    const box = (name: string) => within(notices).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box('Arrived late').checked).toBe(true);
    expect(box('Not checked in').checked).toBe(false);
    // Each box shows its new state before the next click, as a person's taps do.
    const stateOf = (name: string) => box(name).closest('[data-part="root"]')?.getAttribute('data-state');
    fireEvent.click(box('Arrived late'));
    await waitFor(() => expect(stateOf('Arrived late')).toBe('unchecked'));
    fireEvent.click(box('Not checked in'));
    await waitFor(() => expect(stateOf('Not checked in')).toBe('checked'));
    const by = within(notices).getByLabelText(/not checked in by/) as HTMLInputElement;
    expect(by.value).toBe('');
    fireEvent.change(by, { target: { value: '08:30' } });
    fireEvent.change(within(notices).getByLabelText(/Weekly work summary on/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(saveSchoolSettings).toHaveBeenCalled());
    expect(vi.mocked(saveSchoolSettings).mock.calls[0]?.[0]).toMatchObject({
      notice_kinds: ['sign_out', 'early_departure', 'agreement_to_sign', 'not_checked_in'],
      not_checked_in_by: '08:30',
      work_summary_weekday: 1,
      work_summary_time: '16:00',
    });
    // Emptied, the time sends no notice at all.
    fireEvent.change(
      within(screen.getByRole('group', { name: 'Notices to families' })).getByLabelText(/not checked in by/),
      {
        target: { value: '' },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(saveSchoolSettings).toHaveBeenCalledTimes(2));
    expect(vi.mocked(saveSchoolSettings).mock.calls[1]?.[0]).toMatchObject({ not_checked_in_by: null });
  });

  it('says which field is wrong before sending and after the server refuses, and keeps what was typed', async () => {
    await renderWithProviders(<SchoolSettingsPage />, { route: '/admin/school' });
    const name = (await screen.findByLabelText(/School name/)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(/Late after/), { target: { value: '300' } });
    fireEvent.change(within(lateList()).getByLabelText('Reason 1 (English)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('A reason cannot be empty.')).toBeTruthy();
    expect(saveSchoolSettings).not.toHaveBeenCalled();

    vi.mocked(saveSchoolSettings).mockRejectedValue(
      new ApiError('Invalid', 422, { time_zone: ['Choose a time zone from the list.'] }),
    );
    fireEvent.change(name, { target: { value: 'Lincoln Elementary School' } });
    fireEvent.change(screen.getByLabelText(/Late after/), { target: { value: '15' } });
    fireEvent.change(within(lateList()).getByLabelText('Reason 1 (English)'), { target: { value: 'Bus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Choose a time zone from the list.')).toBeTruthy();
    expect(name.value).toBe('Lincoln Elementary School');
  });

  it('uploads a chosen logo at once, keeps what is typed in the form, shows a refusal, and removes the logo', async () => {
    const LOGO = '/api/v2/school_settings/logo?v=0123456789abcdef';
    vi.mocked(uploadSchoolLogo)
      .mockRejectedValueOnce(
        new ApiError('Invalid', 422, { file: ['The logo must be a PNG, JPEG, WebP, GIF, AVIF, TIFF or SVG image.'] }),
      )
      .mockResolvedValueOnce({ ...SETTINGS, logo_url: LOGO, updated_at: '2026-11-17T19:41:00Z' });
    vi.mocked(removeSchoolLogo).mockResolvedValue({ ...SETTINGS, logo_url: null, updated_at: '2026-11-17T19:42:00Z' });
    await renderWithProviders(<SchoolSettingsPage />, { route: '/admin/school' });
    const name = (await screen.findByLabelText(/School name/)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Lincoln Elementary School' } });
    expect(screen.getByText('No logo')).toBeTruthy();
    const chooser = screen.getByLabelText('Choose a logo', { selector: 'input' });

    const text = new File(['hello'], 'notes.png', { type: 'image/png' });
    fireEvent.change(chooser, { target: { files: [text] } });
    expect(await screen.findByText('The logo must be a PNG, JPEG, WebP, GIF, AVIF, TIFF or SVG image.')).toBeTruthy();

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(chooser, { target: { files: [png] } });
    await waitFor(() => expect(uploadSchoolLogo).toHaveBeenLastCalledWith(png, expect.anything()));
    const img = (await screen.findByRole('img', { name: 'Lincoln Elementary logo' })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(LOGO);
    expect(screen.queryByText('The logo must be a PNG, JPEG, WebP, GIF, AVIF, TIFF or SVG image.')).toBeNull();
    // The form was not reset by the logo's answer.
    expect(name.value).toBe('Lincoln Elementary School');

    // An image that cannot be loaded (offline) hides itself rather than showing a broken image.
    fireEvent.error(img);
    expect(screen.queryByRole('img', { name: 'Lincoln Elementary logo' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove the logo' }));
    await waitFor(() => expect(removeSchoolLogo).toHaveBeenCalled());
    expect(await screen.findByText('No logo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove the logo' })).toBeNull();
  });

  it('refuses a logo above 5 MB before sending it', async () => {
    await renderWithProviders(<SchoolSettingsPage />, { route: '/admin/school' });
    const chooser = await screen.findByLabelText('Choose a logo', { selector: 'input' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(chooser, { target: { files: [big] } });
    expect(await screen.findByText('The logo is larger than 5 MB.')).toBeTruthy();
    expect(uploadSchoolLogo).not.toHaveBeenCalled();
  });

  it('edits the meal services with their times, says which time is wrong, and saves those served', async () => {
    vi.mocked(saveSchoolSettings).mockImplementation(async (body) => ({ ...SETTINGS, ...body }) as SchoolSettings);
    await renderWithProviders(<SchoolSettingsPage />, { route: '/admin/school' });
    await screen.findByLabelText(/School name/);
    const meals = screen.getByRole('group', { name: 'Meal services' });
    expect((within(meals).getByLabelText(/Lunch starts/) as HTMLInputElement).value).toBe('11:00');
    expect(within(meals).queryByLabelText(/Snack starts/)).toBeNull();

    // None served: the list says so.
    fireEvent.click(within(meals).getByLabelText('Breakfast is served'));
    await waitFor(() => expect(within(meals).queryByLabelText(/Breakfast starts/)).toBeNull());
    fireEvent.click(within(meals).getByLabelText('Lunch is served'));
    await waitFor(() => expect(within(meals).queryByLabelText(/Lunch starts/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Offer at least one meal service.')).toBeTruthy();

    // An end before its start is named under that end.
    fireEvent.click(within(meals).getByLabelText('Lunch is served'));
    await within(meals).findByLabelText(/Lunch starts/);
    fireEvent.click(within(meals).getByLabelText('Snack is served'));
    const snackEnd = await within(meals).findByLabelText(/Snack ends/);
    fireEvent.change(snackEnd, { target: { value: '13:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The end must be after the start.')).toBeTruthy();
    expect(saveSchoolSettings).not.toHaveBeenCalled();

    // The server's refusal of one time shows under it too, and what was typed stays.
    vi.mocked(saveSchoolSettings).mockRejectedValueOnce(
      new ApiError('Invalid', 422, { 'meal_services.lunch.start': ['Use a time like 08:00.'] }),
    );
    fireEvent.change(snackEnd, { target: { value: '16:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Use a time like 08:00.')).toBeTruthy();
    expect((snackEnd as HTMLInputElement).value).toBe('16:30');

    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(saveSchoolSettings).toHaveBeenCalledTimes(2));
    expect(vi.mocked(saveSchoolSettings).mock.calls[1]?.[0].meal_services).toEqual({
      lunch: { start: '11:00', end: '12:30' },
      snack: { start: '14:00', end: '16:30' },
    });
  });

  it('links to the pay periods and the portal settings', async () => {
    await renderWithProviders(<SchoolSettingsPage />, { route: '/admin/school' });
    await screen.findByLabelText(/School name/);
    expect(screen.getByRole('link', { name: 'Edit Days Off' }).getAttribute('href')).toBe(
      '/timesheet-schedule/edit-days-off',
    );
    expect(screen.getByRole('link', { name: 'Portal Settings' }).getAttribute('href')).toBe('/portal-content/settings');
  });

  it('offers the roster export to those who may export it, and only to them', async () => {
    const { unmount } = await renderWithProviders(<SchoolSettingsPage permissions={['roster_imports-view_any']} />, {
      route: '/admin/school',
    });
    await screen.findByLabelText(/School name/);
    expect(screen.getByRole('heading', { name: 'Export the roster (OneRoster 1.1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the roster' })).toBeTruthy();
    unmount();
    await renderWithProviders(<SchoolSettingsPage permissions={['school_settings-update']} />, {
      route: '/admin/school',
    });
    await screen.findByLabelText(/School name/);
    expect(screen.queryByRole('heading', { name: 'Export the roster (OneRoster 1.1)' })).toBeNull();
  });
});
