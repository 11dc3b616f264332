/** The sign-in cards' heading shows the school's logo from the public config, and hides it when it cannot load. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfigResponse } from '../../contract';
import { CONFIG_STORAGE_KEY } from '../../ui/school-name';

const CONFIG: ConfigResponse = {
  google_client_id: null,
  school_name: 'Lincoln Elementary',
  time_zone: 'America/Los_Angeles',
  version: '1',
  logo_url: '/api/v2/school_settings/logo?v=0123456789abcdef',
};

/** The heading over a fresh config store that answers `config`. */
async function renderHeading(config: ConfigResponse) {
  vi.resetModules();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } })),
  );
  const { CardHeading } = await import('./sign-in-card');
  const { renderWithProviders } = await import('../../test/render-with-providers');
  await renderWithProviders(<CardHeading schoolName={config.school_name} title="Sign in" />, { route: '/login' });
}

beforeEach(() => localStorage.removeItem(CONFIG_STORAGE_KEY));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem(CONFIG_STORAGE_KEY);
});

describe('the sign-in heading', () => {
  it("shows the school's logo with its name as the alt text, and hides it if the image cannot load", async () => {
    await renderHeading(CONFIG);
    const logo = await screen.findByRole('img', { name: 'Lincoln Elementary' });
    expect(logo.getAttribute('src')).toBe(CONFIG.logo_url);
    fireEvent.error(logo);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Lincoln Elementary')).toBeTruthy();
  });

  it('shows no image without a logo', async () => {
    await renderHeading({ ...CONFIG, logo_url: null });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await screen.findByText('Lincoln Elementary');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
