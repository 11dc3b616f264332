import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../api/client';
import { ApiError } from '../../api/errors';
import { renderWithProviders } from '../../test/render-with-providers';
import { ROSA } from '../../test/session-user';
import { matchZones, timeZoneList } from '../../ui/form/time-zone-field';
import { fetchSetupInfo, postSetup } from './api/auth-api';
import { session } from './session-instance';
import SetupPage from './setup-page';
import { refreshConfig } from './use-config';

vi.mock('./use-config', () => ({ refreshConfig: vi.fn(async () => ({ school_name: 'Lincoln Elementary' })) }));
vi.mock('./api/auth-api', () => ({
  fetchSetupInfo: vi.fn(),
  postSetup: vi.fn(),
}));

const TOKEN = 'tok_ABCdef0123456789abcdefghijklmnop';
const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

beforeEach(() => {
  vi.mocked(fetchSetupInfo).mockResolvedValue({
    school_name: null,
    time_zone: 'America/Denver',
    google_sign_in: false,
  });
  vi.mocked(postSetup).mockReset();
});
afterEach(() => {
  void session.signOut();
  localStorage.clear();
});

async function fill() {
  type(await screen.findByRole('textbox', { name: /School name/ }), 'Lincoln Elementary');
  type(field(/First name/), 'Rosa');
  type(field(/Last name/), 'Alvarez');
  type(field(/Email/), 'rosa@lincoln.example.org');
  type(screen.getByLabelText(/^Password(?! again)/), 'correct horse battery');
  type(screen.getByLabelText(/Password again/), 'correct horse battery');
}

describe('time zones', () => {
  it('lists the IANA zones with UTC and finds them by any words of the name', () => {
    const zones = timeZoneList();
    expect(zones).toEqual(expect.arrayContaining(['America/Los_Angeles', 'Europe/Madrid', 'UTC']));
    expect(matchZones(zones, 'los angeles')).toEqual(['America/Los_Angeles']);
    expect(matchZones(zones, 'america new')).toContain('America/New_York');
    expect(matchZones(zones, 'nowhere at all')).toEqual([]);
  });
});

describe('<SetupPage />', () => {
  it('says what to open when there is no token, and what went wrong with a stale one', async () => {
    await renderWithProviders(<SetupPage />, { route: '/setup' });
    expect(screen.getByText(/Open the setup address the server printed/)).toBeTruthy();
    expect(fetchSetupInfo).not.toHaveBeenCalled();
  });

  it('names a replaced address, and a school already set up with a way to sign in', async () => {
    vi.mocked(fetchSetupInfo).mockRejectedValueOnce(new ApiError('Not valid', 403));
    const first = await renderWithProviders(<SetupPage />, { route: `/setup?token=${TOKEN}` });
    expect(await screen.findByText(/replaced by a newer one or has been used/)).toBeTruthy();
    first.unmount();
    vi.mocked(fetchSetupInfo).mockRejectedValueOnce(new ApiError('Set up', 409));
    await renderWithProviders(<SetupPage />, { route: `/setup?token=${TOKEN}` });
    expect(await screen.findByText('This school is already set up.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says which fields are wrong before sending, and keeps what was typed', async () => {
    await renderWithProviders(<SetupPage />, { route: `/setup?token=${TOKEN}` });
    await fill();
    type(screen.getByLabelText(/^Password(?! again)/), 'short one');
    type(field(/Email/), 'not an email');
    fireEvent.click(screen.getByRole('button', { name: 'Set up the school' }));
    expect(await screen.findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(screen.getByText('Use at least 12 characters.')).toBeTruthy();
    expect(screen.getByText('Invalid email address.')).toBeTruthy();
    type(screen.getByLabelText(/^Password(?! again)/), 'correct horse battery staple');
    type(field(/Email/), 'rosa@lincoln.example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Set up the school' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(postSetup).not.toHaveBeenCalled();
    expect(field(/School name/).value).toBe('Lincoln Elementary');
  });

  it('starts from the server’s time zone, searches the list, and signs the administrator in', async () => {
    vi.mocked(postSetup).mockResolvedValue({ token: 'session-1', user: ROSA });
    const view = await renderWithProviders(<SetupPage />, { route: `/setup?token=${TOKEN}` });
    await fill();
    const zone = screen.getByRole('combobox', { name: /^Time zone/ }) as HTMLSelectElement;
    expect(zone.value).toBe('America/Denver');
    type(screen.getByRole('searchbox', { name: 'Search time zones' }), 'chicago');
    const options = [...zone.options].map((o) => o.value);
    expect(options).toEqual(['America/Denver', 'America/Chicago']);
    fireEvent.change(zone, { target: { value: 'America/Chicago' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set up the school' }));
    await waitFor(() => expect(view.location().pathname).toBe('/'));
    expect(postSetup).toHaveBeenCalledWith({
      token: TOKEN,
      school_name: 'Lincoln Elementary',
      time_zone: 'America/Chicago',
      fname: 'Rosa',
      lname: 'Alvarez',
      email: 'rosa@lincoln.example.org',
      password: 'correct horse battery',
    });
    expect(session.getState().user?.id).toBe(ROSA.id);
    expect(getToken()).toBe('session-1');
    // The device's config is fetched again before the kiosk home shows the school's name.
    expect(refreshConfig).toHaveBeenCalled();
  });

  it('shows the server’s refusal under its field, and offers Google when the school has it', async () => {
    vi.mocked(fetchSetupInfo).mockResolvedValue({ school_name: 'Env School', time_zone: null, google_sign_in: true });
    vi.mocked(postSetup).mockRejectedValue(
      new ApiError('Invalid', 422, { email: ['An account with this email already exists.'] }),
    );
    await renderWithProviders(<SetupPage />, { route: `/setup?token=${TOKEN}` });
    expect(((await screen.findByRole('textbox', { name: /School name/ })) as HTMLInputElement).value).toBe(
      'Env School',
    );
    type(field(/First name/), 'Rosa');
    type(field(/Last name/), 'Alvarez');
    type(field(/Email/), 'rosa@lincoln.example.org');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I will sign in with Google' }));
    await waitFor(() => expect(screen.queryByLabelText(/^Password/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Set up the school' }));
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();
    expect(vi.mocked(postSetup).mock.calls[0]?.[0]).not.toHaveProperty('password');
    expect(field(/Email/).value).toBe('rosa@lincoln.example.org');
  });
});
