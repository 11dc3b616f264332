/**
 * What the Calendar, Scholar Resources and Library screen tests share: a fake of the server's `v2/scholar` calendar
 * and resources calls (answering as the server does: the events overlapping the range, the links of one kind), a
 * portal context as the portal layout provides it, the screen width (`matchMedia`), and the device's portal cache
 * emptied between tests.
 */
import type { ReactElement } from 'react';
import type { PortalEvent, PortalResource, PortalSettings } from '../../../../contract/scholar-portal';
import { portalCache } from '../../../../offline';
import { FakeServer, json } from '../../../../test/fake-server';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { flushPortalWrites } from '../../data/use-portal-query';
import { PortalContext, type PortalContextValue } from '../../portal-context';

export const USER_ID = '01900000-0000-7000-8000-000000000001';
export const SCHOLAR_ID = '01900000-0000-7000-8000-0000000000a1';

/** The fake server of the portal's calendar and resources. */
export class FakePortalServer extends FakeServer {
  events: PortalEvent[] = [];
  resources: PortalResource[] = [];

  protected route(request: Request, { path, query }: { path: string; query: URLSearchParams }): Response {
    if (request.method === 'GET' && path === 'v2/scholar/calendar') {
      const from = query.get('from') ?? '';
      const to = query.get('to') ?? '';
      // Generous overlap by date, as the server's range is in the school's zone: the screen places the events.
      const data = this.events.filter((e) => e.start.slice(0, 10) <= to && e.end.slice(0, 10) >= from);
      return json(200, { from, to, data });
    }
    const resources = /^v2\/scholar\/scholars\/([^/]+)\/resources$/.exec(path);
    if (request.method === 'GET' && resources) {
      if (resources[1] !== SCHOLAR_ID) return json(404, { message: 'Not found.' });
      const kind = query.get('kind') ?? 'resources';
      return json(200, { data: this.resources.filter((r) => r.kind === kind) });
    }
    return json(404, { message: `No route ${request.method} ${path}` });
  }
}

export const SETTINGS: PortalSettings = {
  resource_prefix: null,
  week_starts_on: 0,
  help_contact: null,
  portal_entries_off: [],
};

/** The portal context of the demo scholar on 2026-11-27 in Los Angeles; `settings` overrides some settings. */
export function portalValue(settings: Partial<PortalSettings> = {}, today = '2026-11-27'): PortalContextValue {
  const scholar = {
    id: SCHOLAR_ID,
    fname: 'Dana',
    lname: 'Reyes',
    nickname: null,
    grade: '7',
    homeroom: null,
    photo_id: null,
    relationship: null,
  };
  return {
    userId: USER_ID,
    userType: 'student',
    scholars: [scholar],
    scholar,
    setScholarId: () => {},
    settings: { ...SETTINGS, ...settings },
    timeZone: 'America/Los_Angeles',
    today,
    fetchedAt: Date.now(),
    fromDevice: false,
  };
}

/** Renders a portal screen inside the portal's context. */
export function renderPortal(ui: ReactElement, value: PortalContextValue, route = '/scholar') {
  return renderWithProviders(<PortalContext.Provider value={value}>{ui}</PortalContext.Provider>, { route });
}

/** Makes the screen `width` CSS pixels wide as `matchMedia` reports it (jsdom has no layout and no matchMedia). */
export function setScreenWidth(width: number): void {
  const rootFontSize = 16;
  const matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)(px|rem|em)/.exec(query);
    const minPx = min ? Number(min[1]) * (min[2] === 'px' ? 1 : rootFontSize) : 0;
    return {
      media: query,
      matches: width >= minPx,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
}

/** Takes `matchMedia` away again (jsdom's own state: the screen counts as wide). */
export function resetScreenWidth(): void {
  Reflect.deleteProperty(window, 'matchMedia');
}

/** Forgets what the device kept of the test user's portal. */
/** Forgets what a test kept on the device, the answers still waiting to be kept included. */
export const clearPortalCache = async () => {
  await flushPortalWrites();
  await portalCache.clear(USER_ID);
};

/** Text with every kind of space (Intl's narrow no-break spaces) as a plain space. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
