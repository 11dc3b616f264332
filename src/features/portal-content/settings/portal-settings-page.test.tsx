import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalSettings } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import PortalSettingsPage from './portal-settings-page';

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

/** `v2/portal_content/settings`: answers the settings, and a save with the settings as saved. */
class FakeSettings extends FakeServer<Recorded> {
  settings: PortalSettings = {
    resource_prefix: 'Demo School',
    week_starts_on: 0,
    help_contact: null,
    portal_entries_off: ['library'],
    terms: { es: { autowork: 'Trabajo automático' } },
  };
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: request.method === 'GET' ? null : await jsonBody(request) };
  }
  protected route(request: Request, { path, body }: Recorded): Response {
    if (path !== 'v2/portal_content/settings') return json(404, { message: 'No such record.' });
    if (request.method === 'GET') return json(200, { data: this.settings });
    const { _method, ...fields } = body ?? {};
    this.settings = { ...this.settings, ...(fields as Partial<PortalSettings>) };
    return json(200, { data: this.settings });
  }
}

let server: FakeSettings;
beforeEach(() => clearNotifications());
afterEach(() => vi.unstubAllGlobals());

describe('Portal Settings', () => {
  it("shows the school's settings and saves the prefix, the first weekday, the help contact and the entries shown", async () => {
    server = new FakeSettings().install();
    await renderWithProviders(
      <PortalSettingsPage permissions={['portal_content-view_any', 'portal_content-update']} />,
      {
        route: '/portal-content/settings',
      },
    );
    const form = await screen.findByRole('form', { name: 'Portal settings' });
    const prefix = within(form).getByLabelText('Before “Scholar Resources”') as HTMLInputElement;
    expect(prefix.value).toBe('Demo School');
    expect((within(form).getByRole('checkbox', { name: 'Library' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.change(prefix, { target: { value: 'Lincoln' } });
    fireEvent.change(within(form).getByLabelText('Technical help contact'), { target: { value: 'help@lincoln.org' } });
    const library = within(form).getByRole('checkbox', { name: 'Library' }) as HTMLInputElement;
    fireEvent.click(library);
    // The box is ticked in the page as soon as it is clicked; the form has it once the checkbox shows its new state.
    const stateOf = (box: HTMLInputElement) => box.closest('[data-part="root"]')?.getAttribute('data-state');
    await waitFor(() => expect(stateOf(library)).toBe('checked'));
    const arrivals = within(form).getByRole('checkbox', { name: 'Arrivals' }) as HTMLInputElement;
    fireEvent.click(arrivals);
    await waitFor(() => expect(stateOf(arrivals)).toBe('unchecked'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));
    const saved = server.requests.find((r) => r.method === 'POST')?.body;
    expect(saved).toMatchObject({ resource_prefix: 'Lincoln', help_contact: 'help@lincoln.org', week_starts_on: 0 });
    expect(saved?.portal_entries_off).toEqual(['arrivals']);
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Portal settings saved.'));
  });

  it("shows and saves the school's words for AutoWork in each language; an empty one is the app's own", async () => {
    server = new FakeSettings().install();
    await renderWithProviders(
      <PortalSettingsPage permissions={['portal_content-view_any', 'portal_content-update']} />,
      { route: '/portal-content/settings' },
    );
    const form = await screen.findByRole('form', { name: 'Portal settings' });
    const words = within(form).getByRole('group', { name: "The school's words" });
    const english = within(words).getByLabelText('AutoWork, in English') as HTMLInputElement;
    const spanish = within(words).getByLabelText('AutoWork, in Spanish') as HTMLInputElement;
    expect(english.value).toBe('');
    expect(spanish.value).toBe('Trabajo automático');
    expect(spanish.getAttribute('lang')).toBe('es');
    fireEvent.change(english, { target: { value: ' Practice Work ' } });
    fireEvent.change(spanish, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(server.requests.find((r) => r.method === 'POST')?.body?.terms).toEqual({
      en: { autowork: 'Practice Work' },
      es: { autowork: null },
    });
  });

  it('without the permission to update, the settings are read only', async () => {
    server = new FakeSettings().install();
    await renderWithProviders(<PortalSettingsPage permissions={['portal_content-view_any']} />, {
      route: '/portal-content/settings',
    });
    await screen.findByRole('form', { name: 'Portal settings' });
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.getByText(/You may read these settings/)).toBeTruthy();
  });
});
