/*
 * The Scholar Portal's first calls and code, started by the page itself while the app's entry still downloads (DESIGN
 * section 8: the portal's first visit on a phone). index.html loads this small classic script `async`: on a phone over
 * a cellular connection it runs about a second before the app's code, so the answers and the first screen's chunks
 * are there when the app asks for them. The build (scripts/portal-start.mjs) writes the chunks' names into FILES and
 * emits the result as /portal-start.js; the dev server serves this template as is (no chunks to name).
 *
 * Only for a scholar or a parent remembered on this device, online, opening the portal (or '/', where the installed app
 * opens and the portal is their home). It asks for the scholars and, for Home, the home and the current work of the
 * scholar shown last (at once) and of the scholar chosen (once the scholars answer), as src/features/scholar/data/prefetch.ts does;
 * the app takes each answer once (src/features/scholar/data/use-portal-query.ts, `takeStarted`) and asks itself for
 * anything that failed, so a 401 or a network error goes through the app's own handling. Nothing here is kept.
 *
 * Keys and paths are the app's (src/api/token.ts, src/features/auth/session.ts, use-chosen-scholar.ts); a unit test
 * (src/features/scholar/data/portal-start.test.ts) runs this file against the app's own readers.
 */
(() => {
  const FILES = /* filled by the build (scripts/portal-start.mjs) */ {};
  const started = new Map();
  const read = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const parse = (raw) => {
    try {
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  };
  const user = parse(read('auth.user'));
  const token = read('auth.token');
  if (!user || typeof user.id !== 'string' || !token) return;
  if (user.type !== 'student' && user.type !== 'parent') return;
  if (navigator.onLine === false) return;
  const page = location.pathname.replace(/\/+$/, '') || '/';
  if (page !== '/' && page !== '/scholar' && !page.startsWith('/scholar/')) return;
  const home = page === '/' || page === '/scholar';

  const get = (path) => {
    const answer = fetch(`/api/${path}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      credentials: 'include',
    }).then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))));
    // Taken by the app, or dropped: an unhandled rejection here would only be noise in the console.
    answer.catch(() => undefined);
    started.set(path, answer);
    return answer;
  };
  const homePath = (scholarId, date) => `v2/scholar/scholars/${scholarId}/home?date=${date}`;
  // Home's work due today and tomorrow comes from the scholar's Current Work list (src/features/scholar/work).
  const currentWork = (scholarId) => `v2/scholar/scholars/${scholarId}/work?type=current`;
  const schoolDay = (timeZone) => {
    try {
      return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
        new Date(),
      );
    } catch {
      return null;
    }
  };

  window.__portalStart = { userId: user.id, started };
  // The calls first: over HTTP/1.1 a browser opens six connections to the server, and the chunks below would take
  // them all for a round trip or two ahead of the answers the first screen waits for.
  const last = home ? parse(read(`portal.last.${user.id}`)) : null;
  const lastDay = last && typeof last.scholarId === 'string' ? schoolDay(last.timeZone) : null;
  const early = lastDay ? homePath(last.scholarId, lastDay) : null;
  if (early) {
    get(early);
    get(currentWork(last.scholarId));
  }
  const scholars = get('v2/scholar/scholars');
  // The first screen's code (and the texts of the language this device uses), asked for all at once, a round trip
  // before the app's entry is due to have arrived, or once it has: on a slow connection the entry (the largest file,
  // and the first to run) downloads alone at full speed instead of sharing the line with files it does not need until
  // it has run, and theirs start as its last bytes come, so they arrive while it runs (asked for once the
  // entry had arrived, the line stood idle for that round trip and the page then waited for them, 0.2 s at CPU 4x).
  const language = read('settings.language') === 'es' ? 'es' : 'en';
  let preloaded = false;
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    for (const file of [...(FILES.code ?? []), ...(FILES[language] ?? [])]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = `/${file}`;
      document.head.appendChild(link);
    }
  };
  const entry = FILES.entry;
  // When the entry's last bytes are due (ms since the page's start), and the round trip; null if that cannot be told.
  // From the system's file (FILES.system, about a quarter of the entry's size), which index.html asks for beside the
  // entry: the two share the line, so when the system's file has arrived the entry has had about as many bytes, and
  // the rest (its compressed size is FILES.entryBytes) come at the rate the page's files have come so far. The round
  // trip is the quickest answer's wait, or the browser's estimate when larger (a throttled line delays the bytes, not
  // the headers).
  const entryDue = () => {
    const all = performance.getEntriesByType('resource');
    const system = all.find((e) => e.name.endsWith(`/${FILES.system}`));
    if (!system || !(FILES.entryBytes > 0) || !(system.encodedBodySize > 0)) return null;
    const arrived = all.filter((e) => e.responseEnd > 0 && e.responseEnd <= system.responseEnd);
    // The system's own entry is among them.
    const waits = arrived.map((e) => e.responseStart - e.requestStart);
    const roundTrip = Math.max(0, Math.min(...waits), navigator.connection?.rtt || 0);
    const since = Math.max(
      Math.min(...arrived.map((e) => e.responseStart)),
      Math.min(...arrived.map((e) => e.requestStart)) + roundTrip,
    );
    if (!(system.responseEnd > since)) return null;
    const bytes = arrived.reduce((sum, e) => sum + e.encodedBodySize, 0) + system.encodedBodySize;
    const rate = bytes / (system.responseEnd - since);
    return { at: system.responseEnd + Math.max(0, FILES.entryBytes - system.encodedBodySize) / rate, roundTrip };
  };
  try {
    if (!entry) throw new Error('no entry named');
    let timer = null;
    // Resource timing names a file once it has arrived; `buffered` also gives one that arrived before this ran.
    const observer = new PerformanceObserver((list) => {
      const names = list.getEntries().map((e) => e.name);
      if (names.some((name) => name.endsWith(`/${entry}`))) {
        observer.disconnect();
        clearTimeout(timer);
        preload();
      } else if (timer === null && FILES.system && names.some((name) => name.endsWith(`/${FILES.system}`))) {
        const due = entryDue();
        if (due) timer = setTimeout(preload, Math.max(0, due.at - due.roundTrip - performance.now()));
      }
    });
    observer.observe({ type: 'resource', buffered: true });
  } catch {
    preload();
  }
  // The page's first date formatter loads the browser's date and time-zone data: a tenth of a second or more on a slow
  // phone (measured at CPU 4x: 80 to 500 ms), which the first screen would otherwise spend as it renders its dates.
  // Made here, while the page waits for the entry, in the language and the school's zone (src/ui/intl-format.ts). When
  // Home's calls wait on the scholars' answer (a first visit), made once that answer's handler has asked for the home
  // and the work, not before: the formatter would hold the page while the answer arrives, and both the handler and
  // the first screen's preloads would wait behind it (measured at CPU 4x: the home asked for 1.3 s later, the preloads
  // 0.8 s later). After it, the page waits about half a second for the entry with nothing to do (the first
  // visit's render was 50 ms shorter at CPU 4x).
  const warmDates = () => {
    try {
      new Intl.DateTimeFormat(language, {
        timeZone: read('school.timeZone') || undefined,
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(Date.now());
    } catch {
      // An unknown zone: the app falls back to the browser's own.
    }
  };
  if (!home || early) warmDates();
  if (!home) return;
  scholars
    .then((answer) => {
      const chosen = read(`portal.scholar.${user.id}`);
      const list = Array.isArray(answer?.data) ? answer.data : [];
      const scholar = list.find((s) => s.id === chosen) ?? list[0];
      const path = scholar ? homePath(scholar.id, answer.today) : null;
      if (path && path !== early) {
        get(path);
        get(currentWork(scholar.id));
      }
      if (!early) warmDates();
    })
    .catch(() => undefined);
})();
