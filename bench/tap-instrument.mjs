/**
 * The tap benches' one instrumentation: installed in the page before the app's scripts, it times
 * a press on a station's button until the station's confirmation is in the DOM and until the frame showing it is
 * painted, and notes what happens between: the click, the first frame after the press, the DOM writes of the click's
 * render, the app's add to the outbox store and IndexedDB's commit of it. Arrivals (tap-to-confirmed.mjs) and the
 * lunch line (meal-tap.mjs, lunch-line.mjs) differ only in which button and which confirmation, given as options.
 *
 * Install with `page.addInitScript(tapInstrumentScript(options))`; read `window.__bench.samples` and wait with
 * `window.__bench.settled()`. The frame timing and the waiting are lib-browser's `pageKit`, shared with the other
 * instrumentations.
 */
import { pageScript } from './lib-browser.mjs';

/**
 * @typedef {object} TapOptions
 * @property {string} labelPrefix The pressed button's aria-label starts with this ('Record lunch for ').
 * @property {string | null} headingPrefix The confirmation is a status region whose h2 starts with this, or
 * @property {string | null} statusText when null, whose h2 is the name after the prefix and whose text has this.
 */

/** The script to install: the instrumentation with its options. */
export const tapInstrumentScript = (options) => pageScript(instrumentTaps, options);

/** Runs in the page, with lib-browser's `pageKit` as the second argument. */
export function instrumentTaps({ labelPrefix, headingPrefix, statusText }, { whenPainted, oneAtATime }) {
  const taps = oneAtATime(10_000, (p, ms) => `no confirmation for '${p?.label}' within ${ms} ms`);
  const done = (p) => {
    observer.disconnect();
    taps.finish(p);
  };
  const confirmed = (p) => {
    for (const status of document.querySelectorAll('[role="status"]')) {
      const heading = status.querySelector('h2')?.textContent ?? '';
      if (
        headingPrefix !== null
          ? heading.startsWith(headingPrefix)
          : heading === p.name && status.textContent.includes(statusText)
      ) {
        return heading;
      }
    }
    return null;
  };
  const observer = new MutationObserver(() => {
    const p = taps.current();
    if (p === null || p.dom !== undefined) return;
    const heading = confirmed(p);
    if (heading === null) return;
    p.dom = performance.now();
    p.heading = heading;
    whenPainted(p, () => done(p));
  });
  window.addEventListener(
    'pointerdown',
    (event) => {
      const button =
        event.target instanceof Element ? event.target.closest(`button[aria-label^="${labelPrefix}"]`) : null;
      if (!button) return;
      const label = button.getAttribute('aria-label');
      const p = { down: event.timeStamp, label, name: label.slice(labelPrefix.length) };
      taps.start(p);
      // The first frame after the press: Chromium holds every task that follows a tap (IndexedDB's answers included)
      // until then.
      requestAnimationFrame(() => {
        p.nextFrame = performance.now();
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    },
    true,
  );
  const add = IDBObjectStore.prototype.add;
  IDBObjectStore.prototype.add = function (...args) {
    const p = taps.current();
    if (p !== null && this.name === 'outbox' && p.add === undefined) {
      p.add = performance.now();
      this.transaction.addEventListener('complete', () => {
        p.committed = performance.now();
      });
    }
    return add.apply(this, args);
  };
  // What the click does to the page before the write: React's render and commit.
  for (const method of ['appendChild', 'insertBefore', 'removeChild']) {
    const original = Node.prototype[method];
    Node.prototype[method] = function (...args) {
      const p = taps.current();
      if (p !== null && p.click !== undefined && p.add === undefined) {
        p.firstWrite ??= performance.now();
        p.lastWrite = performance.now();
      }
      return original.apply(this, args);
    };
  }
  window.addEventListener(
    'click',
    (event) => {
      const p = taps.current();
      if (p !== null && p.click === undefined) p.click = event.timeStamp;
    },
    true,
  );
  window.__bench = { samples: taps.samples, settled: taps.settled };
}
