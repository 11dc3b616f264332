import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import ForgotPasswordPage from './forgot-password-page';
import { FakePasswordServer } from './test/fake-password-server';

let server: FakePasswordServer;
beforeEach(() => {
  server = new FakePasswordServer().install();
});
afterEach(() => vi.unstubAllGlobals());

const SENT = 'If an account uses this address, a link to set a new password is on its way. It works once, for 1 hour.';

describe('Forgot your password?', () => {
  it('checks the email before sending, then sends it and shows the one confirmation', async () => {
    await renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Invalid email address.')).toBeTruthy();
    expect(server.calls('POST', 'v2/auth/password_reset')).toHaveLength(0);

    fireEvent.change(email, { target: { value: ' Someone@Demo.School ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toContain(SENT);
    expect(server.calls('POST', 'v2/auth/password_reset')[0]?.body).toEqual({ email: 'Someone@Demo.School' });
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });

  it('says to wait when the server limits the requests, and keeps what was typed', async () => {
    server.failNext('POST', /^v2\/auth\/password_reset$/, 429, { message: 'Too many requests.' });
    await renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'a@demo.school' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'a@demo.school'),
    );
  });
});
