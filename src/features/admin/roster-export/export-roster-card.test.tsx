import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BaseRecordedRequest, FakeServer, json } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { setLanguage } from '../../../ui/language';
import { notificationQueue } from '../../../ui/notifications/queue';
import { attachmentName } from './download-roster-export';
import { ExportRosterCard } from './export-roster-card';

const FILE = 'lincoln-elementary-oneroster-2026-11-17.zip';
const ZIP = zipSync({ 'manifest.csv': strToU8('propertyName,value\r\noneroster.version,1.1\r\n') });

/** `v2/roster_exports/oneroster` answering a small zip, as the server does. */
class ExportServer extends FakeServer<BaseRecordedRequest & { authorization: string | null }> {
  protected override async readRequest(request: Request, base: BaseRecordedRequest) {
    return { ...base, authorization: request.headers.get('authorization') };
  }

  protected route(request: Request): Response {
    if (request.method === 'GET' && new URL(request.url).pathname === '/api/v2/roster_exports/oneroster') {
      return new Response(ZIP, {
        status: 200,
        headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${FILE}"` },
      });
    }
    return json(404, { message: 'No such route.' });
  }
}

let server: ExportServer;
let saved: { name: string; blob: Blob }[];

beforeEach(() => {
  server = new ExportServer().install();
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test-${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ name: this.download, blob });
  });
  notificationQueue.clearNotifications();
});
afterEach(async () => {
  localStorage.removeItem('auth.token');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => setLanguage('en'));
});

const button = () => screen.getByRole('button', { name: /Download the roster|Preparing the file/ });

describe('<ExportRosterCard />', () => {
  it('downloads the zip with the bearer token through the API client and saves it under the server’s name', async () => {
    localStorage.setItem('auth.token', 'T0KEN');
    await renderWithProviders(<ExportRosterCard />);
    expect(screen.getByRole('heading', { name: 'Export the roster (OneRoster 1.1)' })).toBeTruthy();
    fireEvent.click(button());
    await waitFor(() => expect(saved).toHaveLength(1));
    const [file] = saved;
    expect(file?.name).toBe(FILE);
    const files = unzipSync(new Uint8Array(await (file as { blob: Blob }).blob.arrayBuffer()));
    expect(strFromU8(files['manifest.csv'] as Uint8Array)).toContain('oneroster.version,1.1');
    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.authorization}`)).toEqual([
      'GET v2/roster_exports/oneroster Bearer T0KEN',
    ]);
    await waitFor(() => expect(notificationQueue.getSnapshot().current?.text).toBe(`Saved ${FILE}.`));
  });

  it('is busy while the server builds the file, and ready again afterwards', async () => {
    const release = server.holdWhen(() => true);
    await renderWithProviders(<ExportRosterCard />);
    fireEvent.click(button());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe("A large school's file can take a minute."),
    );
    expect(button().hasAttribute('data-loading') && button().hasAttribute('disabled')).toBe(true);
    fireEvent.click(button());
    release();
    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(button().textContent).toBe('Download the roster');
    expect(server.requests).toHaveLength(1);
  });

  it('says why an export failed, and clears it when the next try works', async () => {
    server.failNext('GET', /roster_exports/, 403, { message: 'You do not have permission to do that.' });
    await renderWithProviders(<ExportRosterCard />);
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The roster could not be exported: You do not have permission to do that.',
    );
    server.failNext('GET', /roster_exports/, 500, { message: 'boom: a stack trace' });
    fireEvent.click(button());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The roster could not be exported: Server Error. Please try again in a few minutes.',
      ),
    );
    fireEvent.click(button());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saved.length).toBe(1);
  });

  it('says so when the connection is lost during the call, and waits for one while offline', async () => {
    server.offline = true;
    await renderWithProviders(<ExportRosterCard />);
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The roster could not be exported: .*connection/i);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('You are offline. The export needs a connection.')).toBeTruthy();
    expect(button().hasAttribute('disabled')).toBe(true);
    onLine.mockReturnValue(true);
    server.offline = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText('You are offline. The export needs a connection.')).toBeNull();
    fireEvent.click(button());
    await waitFor(() => expect(saved).toHaveLength(1));
  });

  it('speaks Spanish', async () => {
    await act(() => setLanguage('es'));
    await renderWithProviders(<ExportRosterCard />);
    expect(screen.getByRole('heading', { name: 'Exportar la lista (OneRoster 1.1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar la lista' })).toBeTruthy();
  });
});

describe('attachmentName', () => {
  it('reads the file name of a Content-Disposition header', () => {
    expect(attachmentName(`attachment; filename="${FILE}"`)).toBe(FILE);
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});
