import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { createFakeSync } from './test/fake-source';
import { UnauthorizedBanner } from './unauthorized-banner';

describe('<UnauthorizedBanner />', () => {
  it('shows nothing while sending is not paused, then asks for a new sign-in naming the waiting entries', async () => {
    const fake = createFakeSync({ waiting: 4 });
    const onSignIn = vi.fn();
    await renderWithProviders(<UnauthorizedBanner source={fake.source} onSignIn={onSignIn} />);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => fake.setStatus({ paused: 'unauthorized' }));
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain(
      'Your sign-in has ended.Sign in again to send the 4 entries waiting on this device.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });

  it('uses the singular for one entry and a plain request for none', async () => {
    const fake = createFakeSync({ paused: 'unauthorized', waiting: 1 });
    await renderWithProviders(<UnauthorizedBanner source={fake.source} onSignIn={vi.fn()} />);
    expect(screen.getByText('Sign in again to send the 1 entry waiting on this device.')).toBeTruthy();
    act(() => fake.setStatus({ waiting: 0 }));
    expect(screen.getByText('Sign in again to keep this device in sync.')).toBeTruthy();
  });
});
