import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { SchoolSettings } from '../../../contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { fetchSchoolSettings, saveSchoolSettings } from '../api/school-settings';
import SchoolSettingsPage from './school-settings-page';

vi.mock('../api/school-settings', () => ({
  schoolSettingsKey: ['school_settings'],
  fetchSchoolSettings: vi.fn(),
  saveSchoolSettings: vi.fn(),
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
  updated_at: '2026-11-17T19:40:00Z',
};

beforeEach(() => {
  vi.mocked(fetchSchoolSettings).mockResolvedValue(SETTINGS);
  vi.mocked(saveSchoolSettings).mockReset();
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
});
