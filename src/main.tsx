/**
 * Entry point: mounts the app into <div id="app"> (index.html). The colour mode is applied before the first paint,
 * the remembered language is loaded, the session check starts (it does not hold up the first paint: a cached user
 * shows at once), and the service worker is registered (its module fetched on its own) so the shell works offline
 * from the first visit. TanStack
 * Query is provided by the section layout, not here: the login and kiosk screens do not use it, and it would count
 * against their initial JavaScript budget (DESIGN section 8).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './app/fonts';
import { initI18n } from './app/i18n';
import { startOffline } from './app/offline-wiring';
import { AppRoutes } from './app/router';
import { AppThemeProvider, applyStoredColorMode } from './app/theme';
import { session } from './features/auth/session-instance';
import { LazyNotificationHost } from './ui/notifications/lazy-notification-host';

applyStoredColorMode();
void session.check();

void initI18n().then(() => {
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
  void startOffline();
});

// Its own chunk (1.2 kB gzip off the first screen's budget), fetched at once: registration starts as soon as it is
// there, and the app bar's update prompt reads the same module.
void import('./app/pwa/register').then((pwa) => pwa.registerServiceWorker());
