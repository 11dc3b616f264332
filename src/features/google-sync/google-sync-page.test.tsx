import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GoogleSyncRun, GoogleSyncSettings, GoogleSyncStatus } from '../../contract/google-sync';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../ui/notifications';
import GoogleSyncPage from './google-sync-page';

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}

const KEY = JSON.stringify({
  type: 'service_account',
  client_email: 'sync@school.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n',
});

const ALL = ['google_sync-view_any', 'google_sync-view', 'google_sync-create', 'google_sync-update'];

/** `v2/google_sync/...`: the status, the settings as saved (the key never answered), run now and the runs. */
class FakeGoogleSync extends FakeServer<Recorded> {
  settings: GoogleSyncSettings = {
    has_key: false,
    client_email: null,
    subject: null,
    calendar_ids: [],
    classroom_enabled: false,
    calendar_enabled: false,
    updated_at: '2026-03-01T10:00:00.000Z',
  };
  runs: GoogleSyncRun[] = [];
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: request.method === 'GET' ? null : await jsonBody(request) };
  }
  protected route(request: Request, { path, body, query }: Recorded): Response {
    if (path === 'v2/google_sync/status') {
      const last = (kind: string) => this.runs.find((r) => r.kind === kind) ?? null;
      const status: GoogleSyncStatus = {
        settings: this.settings,
        last: { classroom: last('classroom'), calendar: last('calendar') },
        scheduled: true,
      };
      return json(200, { data: status });
    }
    if (path === 'v2/google_sync/settings' && request.method === 'PUT') {
      const { key, ...fields } = body ?? {};
      if (typeof key === 'string' && !key.includes('service_account'))
        return json(422, { message: 'Invalid.', errors: { key: ['Not a service account key.'] } });
      this.settings = {
        ...this.settings,
        ...(fields as Partial<GoogleSyncSettings>),
        ...(typeof key === 'string' ? { has_key: true, client_email: 'sync@school.iam.gserviceaccount.com' } : {}),
        ...(key === null ? { has_key: false, client_email: null } : {}),
      };
      return json(200, { data: this.settings });
    }
    if (path === 'v2/google_sync/runs' && request.method === 'POST') {
      const started = ((body?.kinds as string[]) ?? []).map(
        (kind, i): GoogleSyncRun => ({
          id: `run-${this.runs.length + i}`,
          kind: kind as 'classroom',
          mode: body?.mode as 'full',
          trigger: 'manual',
          status: 'running',
          started_at: '2026-03-02T10:00:00.000Z',
          finished_at: null,
          counts: {},
          errors: [],
        }),
      );
      this.runs = [...started, ...this.runs];
      return json(202, { data: started });
    }
    if (path === 'v2/google_sync/runs') return pageOf(this.runs, query);
    return json(404, { message: 'No such record.' });
  }
}

let server: FakeGoogleSync;
beforeEach(() => clearNotifications());
afterEach(() => vi.unstubAllGlobals());

describe('Google Sync', () => {
  it('before any setup: no runs, run now waits for the settings; saving the key, subject and calendars', async () => {
    server = new FakeGoogleSync().install();
    await renderWithProviders(<GoogleSyncPage permissions={ALL} />, { route: '/admin/google-sync' });
    const form = await screen.findByRole('form', { name: 'Google sync settings' });
    expect(screen.getAllByText('Not run yet.')).toHaveLength(2);
    expect(screen.getByText('No runs yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sync changes now' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Set the service account key/)).toBeTruthy();
    expect(within(form).getByText('No key is set.')).toBeTruthy();

    // A wrong subject is named before anything is sent.
    fireEvent.change(within(form).getByLabelText('Administrator'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText(/Google Workspace administrator/)).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);

    // The key is uploaded as the downloaded file.
    const file = new File([KEY], 'key.json', { type: 'application/json' });
    fireEvent.change(within(form).getByLabelText('Upload JSON key file'), { target: { files: [file] } });
    await waitFor(() =>
      expect((within(form).getByLabelText('Service account key') as HTMLTextAreaElement).value).toBe(KEY),
    );
    fireEvent.change(within(form).getByLabelText('Administrator'), { target: { value: 'admin@school.org' } });
    fireEvent.change(within(form).getByLabelText('Calendars'), {
      target: { value: 'school@school.org\n sports@school.org \n' },
    });
    const classroom = within(form).getByRole('checkbox', { name: 'Sync Google Classroom' }) as HTMLInputElement;
    fireEvent.click(classroom);
    await waitFor(() => expect(classroom.checked).toBe(true));
    fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      key: KEY,
      subject: 'admin@school.org',
      calendar_ids: ['school@school.org', 'sports@school.org'],
      classroom_enabled: true,
      calendar_enabled: false,
    });
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Google sync settings saved.'));
    expect(await screen.findByText(/A key is set for sync@school.iam.gserviceaccount.com/)).toBeTruthy();
  });

  it('shows the last runs with counts and errors, and runs the switched-on syncs now', async () => {
    server = new FakeGoogleSync();
    server.settings = {
      ...server.settings,
      has_key: true,
      client_email: 'sync@x',
      subject: 'admin@school.org',
      classroom_enabled: true,
      calendar_enabled: true,
      calendar_ids: ['school@school.org'],
    };
    server.runs = [
      {
        id: 'r2',
        kind: 'calendar',
        mode: 'incremental',
        trigger: 'scheduled',
        status: 'failed',
        started_at: '2026-03-01T09:00:00.000Z',
        finished_at: '2026-03-01T09:00:05.000Z',
        counts: { calendars: 0 },
        errors: ['Calendar school@school.org: Not Found'],
      },
      {
        id: 'r1',
        kind: 'classroom',
        mode: 'full',
        trigger: 'scheduled',
        status: 'succeeded',
        started_at: '2026-03-01T08:00:00.000Z',
        finished_at: '2026-03-01T08:01:00.000Z',
        counts: { courses: 3, course_work: 42, course_work_removed: 2 },
        errors: [],
      },
    ];
    server.install();
    await renderWithProviders(<GoogleSyncPage permissions={ALL} />, { route: '/admin/google-sync' });
    expect(await screen.findByText('Calendar school@school.org: Not Found')).toBeTruthy();
    expect(screen.getByText('1 error')).toBeTruthy();
    expect(screen.getByText('Course work removed')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getAllByText('Failed').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Full reconcile now' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      kinds: ['classroom', 'calendar'],
      mode: 'full',
    });
    await waitFor(() => expect(getSnapshot().current?.text).toMatch(/The sync has started/));
    expect((await screen.findAllByText('Running')).length).toBeGreaterThan(0);
  });

  it('without the update and run permissions, reads only', async () => {
    server = new FakeGoogleSync().install();
    await renderWithProviders(<GoogleSyncPage permissions={['google_sync-view']} />, { route: '/admin/google-sync' });
    await screen.findByRole('form', { name: 'Google sync settings' });
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync changes now' })).toBeNull();
    expect(screen.getByText(/You may read these settings/)).toBeTruthy();
  });

  it('says when it is offline', async () => {
    server = new FakeGoogleSync().install();
    server.offline = true;
    await renderWithProviders(<GoogleSyncPage permissions={ALL} />, { route: '/admin/google-sync' });
    expect((await screen.findAllByText(/You are offline/)).length).toBeGreaterThan(0);
  });
});
