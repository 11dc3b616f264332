import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { validateNewPassword } from './new-password';
import { session } from './session-instance';
import SetPasswordPage from './set-password-page';
import { FakePasswordServer, LIVE_TOKEN } from './test/fake-password-server';

let server: FakePasswordServer;
beforeEach(() => {
  server = new FakePasswordServer().install();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.expire();
});

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('the new password checks', () => {
  it('asks for 12 characters and the same password twice', () => {
    expect(validateNewPassword({ password: '', confirm: '' })).toEqual({
      password: 'common:form.required',
      confirm: 'common:form.required',
    });
    expect(validateNewPassword({ password: 'x'.repeat(11), confirm: 'x'.repeat(11) })).toEqual({
      password: 'auth:setPassword.tooShort',
    });
    expect(validateNewPassword({ password: 'x'.repeat(12), confirm: 'y'.repeat(12) })).toEqual({
      confirm: 'auth:setPassword.mismatch',
    });
    expect(validateNewPassword({ password: 'x'.repeat(12), confirm: 'x'.repeat(12) })).toEqual({});
  });
});

describe('Set password', () => {
  it('welcomes the invited person, shows the field errors, then sets the password and signs them in', async () => {
    const view = await renderWithProviders(<SetPasswordPage />, { route: `/set-password?token=${LIVE_TOKEN}` });
    expect(await screen.findByRole('heading', { name: 'Welcome, Lena' })).toBeTruthy();
    type('New password', 'short');
    type('Confirm the password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('Use at least 12 characters.')).toBeTruthy();
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');
    type('New password', 'a long enough password');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(server.calls('POST', 'v2/auth/password')).toHaveLength(0);

    type('Confirm the password', 'a long enough password');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expect(view.location().pathname).toBe('/'));
    expect(server.calls('POST', 'v2/auth/password')[0]?.body).toEqual({
      token: LIVE_TOKEN,
      password: 'a long enough password',
    });
    expect(session.getState().user?.fname).toBe('Lena');
  });

  it('titles a reset as a new password', async () => {
    server.purpose = 'reset';
    await renderWithProviders(<SetPasswordPage />, { route: `/set-password?token=${LIVE_TOKEN}` });
    expect(await screen.findByText('Lena, choose a new password: at least 12 characters.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeTruthy();
  });

  it('says a used or unknown link no longer works and offers a new one', async () => {
    server.spent = true;
    await renderWithProviders(<SetPasswordPage />, { route: `/set-password?token=${LIVE_TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toContain('This link was already used');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says so when the link is spent between the check and the save', async () => {
    await renderWithProviders(<SetPasswordPage />, { route: `/set-password?token=${LIVE_TOKEN}` });
    await screen.findByRole('heading', { name: 'Welcome, Lena' });
    server.spent = true;
    type('New password', 'a long enough password');
    type('Confirm the password', 'a long enough password');
    fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This link was already used');
  });
});
