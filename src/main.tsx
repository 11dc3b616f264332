/**
 * Entry point: mounts the app into <div id="app"> (index.html). The colour mode is applied before the first paint,
 * the remembered language is loaded, the session check starts (it does not hold up the first paint: a cached user
 * shows at once), and the service worker is registered once the first screen has loaded (its module fetched on its
 * own) so the shell works offline from the first visit. TanStack
 * Query is provided by the section layout, not here: the login and kiosk screens do not use it, and it would count
 * against their initial JavaScript budget (DESIGN section 8).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './app/fonts';
import './app/theme/static-global';
import { initI18n } from './app/i18n';
import { startOffline } from './app/offline-wiring';
import { AppRoutes, preloadPortal } from './app/router';
import { AppThemeProvider, applyStoredColorMode } from './app/theme';
import { session } from './features/auth/session-instance';
import { LazyNotificationHost } from './ui/notifications/lazy-notification-host';

applyStoredColorMode();
void session.check();

const i18nReady = initI18n();
preloadPortal();
void i18nReady.then(() => {
  const container = document.getElementById('app');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <AppThemeProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <LazyNotificationHost />
      </AppThemeProvider>
    </StrictMode>,
  );
  // The portal (scholars and parents on phones) needs no station sync at once: its first screen comes first.
  if (window.location.pathname.startsWith('/scholar')) afterFirstScreen(() => void startOffline());
  else void startOffline();
});

/**
 * Runs `task` once the page has loaded, a few seconds have passed and the main thread is idle: the service worker's
 * install downloads every file of the app (about 630 kB compressed), which on a phone's first visit would share the
 * connection with the screen being opened (DESIGN section 8: the portal's first visit).
 */
function afterFirstScreen(task: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 0);
  const later = () => setTimeout(idle, 3000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

// Its own chunk (1.2 kB gzip off the first screen's budget); the app bar's update prompt reads the same module.
afterFirstScreen(() => void import('./app/pwa/register').then((pwa) => pwa.registerServiceWorker()));
