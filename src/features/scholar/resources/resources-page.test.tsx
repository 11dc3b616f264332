import 'fake-indexeddb/auto';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalResource } from '../../../contract/scholar-portal';
import { clearPortalCache, FakePortalServer, portalValue, renderPortal } from '../calendar/test/portal-fixture';
import LibraryPage from './library-page';
import ResourcesPage from './resources-page';

let server: FakePortalServer;

const res = (
  id: string,
  kind: 'resources' | 'library',
  subject: string,
  title: string,
  position: number,
  description: string | null = null,
): PortalResource => ({
  id,
  kind,
  subject,
  title,
  url: `https://example.org/${id}`,
  description,
  position,
  updated_at: '2026-11-01T00:00:00Z',
});

const RESOURCES = [
  res('r1', 'resources', 'Science', 'Lab safety', 2, 'Rules for the lab'),
  res('r2', 'resources', 'Math', 'Khan Academy', 0, 'Videos and practice'),
  res('r3', 'resources', 'Science', 'Periodic table', 1, 'Elements and their symbols'),
  res('r4', 'resources', 'English', 'Álgebra vocabulary', 0),
  res('l1', 'library', 'Fiction', 'Wonder', 0, 'R. J. Palacio'),
];

/** Each subject section: its heading and its links' names, in order. */
const shownGroups = () =>
  screen.queryAllByRole('region').map((section) => [
    within(section).getByRole('heading', { level: 2 }).textContent,
    within(section)
      .getAllByRole('link')
      .map((a) => a.textContent?.replace(' ↗ (opens in a new tab)', '')),
  ]);

beforeEach(async () => {
  await clearPortalCache();
  server = new FakePortalServer().install();
  server.resources = RESOURCES;
});

afterEach(() => vi.unstubAllGlobals());

describe('Scholar Resources', () => {
  it('groups the links by subject, sorted, each opening in a new tab with its description', async () => {
    await renderPortal(<ResourcesPage />, portalValue({ resource_prefix: 'Demo' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Demo Scholar Resources' })).toBeTruthy();
    await screen.findByRole('link', { name: /Lab safety/ });
    expect(server.requests.at(-1)?.path).toBe('v2/scholar/scholars/01900000-0000-7000-8000-0000000000a1/resources');
    expect(server.requests.at(-1)?.query.get('kind')).toBe('resources');
    expect(shownGroups()).toEqual([
      ['English', ['Álgebra vocabulary']],
      ['Math', ['Khan Academy']],
      ['Science', ['Periodic table', 'Lab safety']],
    ]);
    const link = screen.getByRole('link', { name: 'Lab safety (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://example.org/r1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noreferrer');
    expect(screen.getByText('Rules for the lab')).toBeTruthy();
  });

  it('filters as one types by title, description or subject, and says when nothing matches', async () => {
    await renderPortal(<ResourcesPage />, portalValue());
    expect(screen.getByRole('heading', { level: 1, name: 'Scholar Resources' })).toBeTruthy();
    const search = await screen.findByRole('searchbox', { name: 'Search scholar resources' });
    fireEvent.change(search, { target: { value: 'SYMBOLS' } });
    expect(await screen.findByRole('link', { name: /Periodic table/ })).toBeTruthy();
    expect(shownGroups()).toEqual([['Science', ['Periodic table']]]);
    // A subject's name finds its links.
    fireEvent.change(search, { target: { value: 'math' } });
    expect(await screen.findByRole('link', { name: /Khan Academy/ })).toBeTruthy();
    expect(shownGroups()).toEqual([['Math', ['Khan Academy']]]);
    // Typed without the accent.
    fireEvent.change(search, { target: { value: 'algebra' } });
    expect(await screen.findByRole('link', { name: /Álgebra vocabulary/ })).toBeTruthy();
    expect(shownGroups()).toEqual([['English', ['Álgebra vocabulary']]]);
    fireEvent.change(search, { target: { value: 'zebra' } });
    expect(await screen.findByText('Nothing matches “zebra”.')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    act(() => screen.getByRole('button', { name: 'Clear search' }).click());
    expect(await screen.findByRole('link', { name: /Lab safety/ })).toBeTruthy();
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('says so when the school has no resources for the scholar', async () => {
    server.resources = [];
    await renderPortal(<ResourcesPage />, portalValue());
    expect(await screen.findByText('No scholar resources yet.')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('says offline when the device kept nothing', async () => {
    server.offline = true;
    await renderPortal(<ResourcesPage />, portalValue());
    expect(
      await screen.findByText('You are offline and this has not been downloaded to this device yet.'),
    ).toBeTruthy();
  });
});

describe('Library', () => {
  it('shows the library’s links only, under its own title', async () => {
    await renderPortal(<LibraryPage />, portalValue({ resource_prefix: 'Demo' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Library' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Wonder/ })).toBeTruthy();
    expect(server.requests.at(-1)?.query.get('kind')).toBe('library');
    expect(shownGroups()).toEqual([['Fiction', ['Wonder']]]);
    expect(screen.getByRole('searchbox', { name: 'Search the library' })).toBeTruthy();
  });
});
