/**
 * /portal-start.js (src/app/pwa/portal-start.js, filled in by scripts/portal-start.mjs): run in the page as index.html
 * runs it, against the app's own storage keys and readers, so a renamed key or path fails here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/token';
import { USER_KEY } from '../../features/auth/session';
import { flushPortalWrites, readPortal, takeStarted } from '../../features/scholar/data/use-portal-query';
import { writeLastShown } from '../../features/scholar/layout/use-chosen-scholar';
import { FakeServer, json } from '../../test/fake-server';
import template from './portal-start.js?raw';

// The build's marker (scripts/portal-start.mjs FILES_MARKER), written out: the template must keep it verbatim.
const MARKER = '/* filled by the build (scripts/portal-start.mjs) */ {}';

const SCHOLARS = 'v2/scholar/scholars';
const ZONE = 'America/Los_Angeles';
// The tests' clock: 06:30 UTC on 1 December, still 30 November at the school. The school's today as the server
// would answer it; the script computes the same from the zone shown last, never from the device's UTC day.
const NOW = '2026-12-01T06:30:00Z';
const TODAY = '2026-11-30';
const homeOf = (id: string, date: string) => `v2/scholar/scholars/${id}/home?date=${date}`;
const workOf = (id: string) => `v2/scholar/scholars/${id}/work?type=current`;

class PortalServer extends FakeServer {
  protected route(_request: Request, recorded: { path: string; query: URLSearchParams }): Response {
    if (recorded.path === SCHOLARS) {
      return json(200, { data: [{ id: 's1' }, { id: 's2' }], today: TODAY, time_zone: ZONE });
    }
    return json(200, { path: recorded.path, date: recorded.query.get('date') });
  }
}

let server: PortalServer;
const requested = () => server.requests.map((r) => (r.query.size ? `${r.path}?${r.query}` : r.path));

/** Runs the script as the page does, with the build's file lists when given. */
function runScript(files?: Record<string, string[] | string>): void {
  const source = files ? template.replace(MARKER, JSON.stringify(files)) : template;
  new Function(source)();
}

function signIn(type: string, id = 'u1'): void {
  localStorage.setItem(TOKEN_KEY, 'token-1');
  localStorage.setItem(USER_KEY, JSON.stringify({ id, type, fname: 'Ana' }));
}

/** A PerformanceObserver that keeps each callback, for a test to say which files have arrived. */
function stubObserver(): PerformanceObserverCallback[] {
  const callbacks: PerformanceObserverCallback[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: PerformanceObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return callbacks;
}

beforeEach(() => {
  vi.setSystemTime(NOW);
  server = new PortalServer().install();
  localStorage.clear();
  window.history.replaceState(null, '', '/scholar');
  delete (window as { __portalStart?: unknown }).__portalStart;
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
});
afterEach(async () => {
  await flushPortalWrites();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the portal start script', () => {
  it('keeps the marker the build fills in', () => {
    expect(template).toContain(MARKER);
  });

  it("a scholar opening Home: the scholars, then the chosen scholar's home, with the token; the app takes both", async () => {
    signIn('student');
    localStorage.setItem('portal.scholar.u1', 's2');
    runScript();
    await vi.waitFor(() => expect(requested()).toEqual([SCHOLARS, homeOf('s2', TODAY), workOf('s2')]));
    expect(server.requests.length).toBe(3);
    const scholars = await readPortal<{ data: unknown[] }>('u1', SCHOLARS);
    const home = await readPortal<{ date: string }>('u1', homeOf('s2', TODAY));
    await readPortal('u1', workOf('s2'));
    expect(scholars.data.data).toHaveLength(2);
    expect(home.data.date).toBe(TODAY);
    // The answers came from the script's calls: the app asked for nothing more.
    expect(server.requests.length).toBe(3);
    // Each is taken once: the next read asks the server.
    expect(takeStarted('u1', SCHOLARS)).toBeNull();
  });

  it('a repeat visit asks for the home shown last beside the scholars, not after them', async () => {
    signIn('parent');
    writeLastShown('u1', 's1', ZONE);
    const release = server.holdWhen((r) => r.path === SCHOLARS);
    runScript();
    await vi.waitFor(() => expect(requested()).toHaveLength(3));
    expect(requested()[0]).toBe(homeOf('s1', TODAY));
    expect(requested()[1]).toBe(workOf('s1'));
    release();
    // The scholars answer names s1 first, whose home was asked for already: nothing more.
    await vi.waitFor(() => expect(window.__portalStart?.started.has(SCHOLARS)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.length).toBe(3);
  });

  it("makes the page's first date formatter at once on a repeat visit, on a first visit once the home's calls are out", async () => {
    // The formatter that loads the browser's date and time-zone data ahead of the first screen (long weekday, hour).
    const warmed: string[] = [];
    let warmedHook = () => {};
    // A class (a constructor), as the script calls it with `new`.
    class Watched extends Intl.DateTimeFormat {
      constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
        if (options?.weekday === 'long' && options.hour === 'numeric') {
          warmedHook();
          warmed.push(String(locales));
        }
        super(locales, options);
      }
    }
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(Watched as unknown as typeof Intl.DateTimeFormat);
    signIn('student');
    // A first visit to Home: the scholars' answer (which the home's calls wait on) is handled without it.
    const release = server.holdWhen((r) => r.path === SCHOLARS);
    runScript();
    await vi.waitFor(() => expect(requested()).toEqual([SCHOLARS]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warmed).toEqual([]);
    const sentBeforeWarming: string[][] = [];
    warmedHook = () => sentBeforeWarming.push([...(window.__portalStart?.started.keys() ?? [])]);
    release();
    await vi.waitFor(() => expect(warmed).toEqual(['en']));
    // Made after the home and the work were asked for, in the same handler.
    expect(sentBeforeWarming).toEqual([[SCHOLARS, homeOf('s1', TODAY), workOf('s1')]]);
    warmedHook = () => {};
    // A repeat visit (Home's calls already out) and another portal page (no calls wait): made at once.
    writeLastShown('u1', 's1', ZONE);
    runScript();
    expect(warmed).toEqual(['en', 'en']);
    window.history.replaceState(null, '', '/scholar/work');
    localStorage.setItem('settings.language', 'es');
    runScript();
    expect(warmed).toEqual(['en', 'en', 'es']);
  });

  it("asks for the build's chunks and the device language's texts as module preloads", () => {
    signIn('student');
    localStorage.setItem('settings.language', 'es');
    runScript({
      code: ['assets/portal-1.js', 'assets/ui-2.js'],
      en: ['assets/portal-en.js'],
      es: ['assets/portal-es.js'],
    });
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((l) => new URL(l.href).pathname)).toEqual([
      '/assets/portal-1.js',
      '/assets/ui-2.js',
      '/assets/portal-es.js',
    ]);
  });

  it("waits for the app's entry to arrive before asking for the chunks (its calls go at once)", async () => {
    signIn('student');
    const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        record: { callback: PerformanceObserverCallback; disconnected: boolean };
        constructor(callback: PerformanceObserverCallback) {
          this.record = { callback, disconnected: false };
          observers.push(this.record);
        }
        observe(options: PerformanceObserverInit) {
          expect(options).toEqual({ type: 'resource', buffered: true });
        }
        disconnect() {
          this.record.disconnected = true;
        }
      },
    );
    runScript({ code: ['assets/portal-1.js'], entry: 'assets/index-9.js', en: ['assets/portal-en.js'] });
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
    const links = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (l) => new URL(l.href).pathname,
      );
    expect(links()).toEqual([]);
    const [observer] = observers;
    if (!observer) throw new Error('no resource observer');
    const arrived = (...names: string[]) =>
      observer.callback(
        { getEntries: () => names.map((name) => ({ name })) } as unknown as PerformanceObserverEntryList,
        {} as PerformanceObserver,
      );
    // Another file arriving changes nothing; the entry does.
    arrived('http://school.test/portal-start.js', 'http://school.test/assets/index-9.css');
    expect(links()).toEqual([]);
    arrived('http://school.test/assets/index-9.js');
    expect(links()).toEqual(['/assets/portal-1.js', '/assets/portal-en.js']);
    expect(observer.disconnected).toBe(true);
  });

  it("asks for the chunks a round trip before the entry is due, told when the system's file arrives", async () => {
    signIn('student');
    const observers = stubObserver();
    // The page's files so far, as resource timing gives them: the system (20 kB) took 400 ms from its first byte,
    // beside the entry; the stylesheet (4 kB) arrived before it. 20 + 20 (the entry's share) + 4 kB in 400 ms: 110
    // bytes a ms, so the entry's other 80 kB take 727 ms more. Headers come at once; the round trip is the browser's.
    const timing = (name: string, requestStart: number, responseEnd: number, encodedBodySize: number) => ({
      name: `http://school.test/${name}`,
      requestStart,
      responseStart: requestStart + 5,
      responseEnd,
      encodedBodySize,
    });
    const resources = [timing('assets/system-9.js', 100, 600, 20_000), timing('assets/index-9.css', 100, 300, 4_000)];
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => resources as unknown as PerformanceEntryList);
    vi.spyOn(performance, 'now').mockReturnValue(600);
    vi.stubGlobal('navigator', { ...navigator, onLine: true, connection: { rtt: 100 } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      runScript({
        code: ['assets/portal-1.js'],
        entry: 'assets/index-9.js',
        entryBytes: 100_000,
        system: 'assets/system-9.js',
        en: [],
      } as unknown as Record<string, string[] | string>);
      const [callback] = observers;
      if (!callback) throw new Error('no resource observer');
      const links = () => document.head.querySelectorAll('link[rel="modulepreload"]').length;
      callback(
        { getEntries: () => [resources[0]] } as unknown as PerformanceObserverEntryList,
        {} as PerformanceObserver,
      );
      // Due at 600 + 727 = 1327 ms: asked for at 1227, 627 ms from now.
      vi.advanceTimersByTime(620);
      expect(links()).toBe(0);
      vi.advanceTimersByTime(10);
      expect(links()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("without the system's file or the entry's size, waits for the entry itself", () => {
    signIn('student');
    const observers = stubObserver();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      runScript({ code: ['assets/portal-1.js'], entry: 'assets/index-9.js', system: 'assets/system-9.js', en: [] });
      const [callback] = observers;
      if (!callback) throw new Error('no resource observer');
      const arrived = (name: string) =>
        callback(
          { getEntries: () => [{ name: `http://school.test/${name}` }] } as unknown as PerformanceObserverEntryList,
          {} as PerformanceObserver,
        );
      arrived('assets/system-9.js');
      vi.advanceTimersByTime(10_000);
      expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
      arrived('assets/index-9.js');
      expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a failed early call is asked again by the app (the app's own 401 and error handling)", async () => {
    signIn('student');
    server.failNext('GET', /^v2\/scholar\/scholars$/, 503, { message: 'Down.' });
    runScript();
    await vi.waitFor(() => expect(server.requests.length).toBe(1));
    const answer = await readPortal<{ data: unknown[] }>('u1', SCHOLARS);
    expect(answer.data.data).toHaveLength(2);
    expect(requested().filter((p) => p === SCHOLARS)).toHaveLength(2);
  });

  it('another person signed in since: the early calls are not theirs', async () => {
    signIn('student', 'u1');
    runScript();
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThan(0));
    expect(takeStarted('u2', SCHOLARS)).toBeNull();
  });

  it.each([
    ['staff on the portal path', 'staff', '/scholar'],
    ['a scholar on a staff path', 'student', '/kiosk'],
  ])('does nothing for %s', (_name, type, path) => {
    signIn(type);
    window.history.replaceState(null, '', path);
    runScript({ code: ['assets/portal-1.js'] });
    expect(server.requests).toHaveLength(0);
    expect(document.head.querySelector('link[rel="modulepreload"]')).toBeNull();
    expect(window.__portalStart).toBeUndefined();
  });

  it('does nothing signed out or offline', () => {
    runScript();
    signIn('student');
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    runScript();
    expect(server.requests).toHaveLength(0);
  });

  it("the installed app opening at / (a scholar's home is the portal) starts the same calls", async () => {
    signIn('student');
    window.history.replaceState(null, '', '/');
    runScript();
    await vi.waitFor(() => expect(requested()).toEqual([SCHOLARS, homeOf('s1', TODAY), workOf('s1')]));
  });
});

declare global {
  interface Window {
    __portalStart?: { userId: string; started: Map<string, Promise<unknown>> };
  }
}
