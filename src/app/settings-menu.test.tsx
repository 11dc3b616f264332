/**
 * The shared settings menu (src/ui/settings-menu.tsx) as the app wires it: the theme and the language it changes are
 * the app's (AppThemeProvider gives them to it through src/ui/device-settings.tsx), remembered on this device.
 */
import '../test/setup';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../ui/language';
import { SettingsMenu } from '../ui/settings-menu';
import { initI18n } from './i18n';
import { AppThemeProvider, COLOR_MODE_STORAGE_KEY } from './theme';

async function renderMenu() {
  const i18n = await initI18n();
  render(
    <AppThemeProvider>
      <SettingsMenu />
    </AppThemeProvider>,
  );
  return i18n;
}

async function openMenu(name: string) {
  const trigger = screen.getByRole('button', { name });
  act(() => trigger.click());
  await waitFor(() => expect(screen.getByRole('menu')).toBeTruthy());
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

describe('<SettingsMenu />', () => {
  it('offers the theme and the language as labelled radio groups', async () => {
    await renderMenu();
    await openMenu('Settings');
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy();
    const light = screen.getByRole('menuitemradio', { name: 'Light' });
    expect(light.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('menuitemradio', { name: 'Español' }).getAttribute('lang')).toBe('es');
  });

  it('switches to the dark theme and remembers it on this device', async () => {
    await renderMenu();
    await openMenu('Settings');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');

    await openMenu('Settings');
    expect(screen.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
  });

  it('switches to Spanish, relabels itself and remembers the language', async () => {
    const i18n = await renderMenu();
    await openMenu('Settings');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Español' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Configuración' })).toBeTruthy());
    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');

    await openMenu('Configuración');
    expect(screen.getByRole('group', { name: 'Tema' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'Oscuro' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'Español' }).getAttribute('aria-checked')).toBe('true');
  });
});

/** A fresh copy of the settings menu module (and what it reads), so its code is not loaded yet. */
async function freshMenuModules() {
  vi.resetModules();
  const [menu, theme, i18n] = await Promise.all([import('../ui/settings-menu'), import('./theme'), import('./i18n')]);
  await i18n.initI18n();
  return { ...menu, AppThemeProvider: theme.AppThemeProvider };
}

describe('<SettingsMenu /> before its menu code is loaded', () => {
  it('shows only the gear button, announced as opening a menu', async () => {
    const { SettingsMenu: FreshMenu, AppThemeProvider: FreshProvider } = await freshMenuModules();
    render(
      <FreshProvider>
        <FreshMenu />
      </FreshProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Settings' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens the real menu on the first click, and gives the focus back to the gear on Escape', async () => {
    const { SettingsMenu: FreshMenu, AppThemeProvider: FreshProvider } = await freshMenuModules();
    render(
      <FreshProvider>
        <FreshMenu />
      </FreshProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const menu = await screen.findByRole('menu');
    expect(screen.getByRole('menuitemradio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' })));
    expect(screen.getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('opens from the keyboard as the menu does: Enter on the first item, ArrowUp on the last', async () => {
    const { SettingsMenu: FreshMenu, AppThemeProvider: FreshProvider } = await freshMenuModules();
    const { unmount } = render(
      <FreshProvider>
        <FreshMenu />
      </FreshProvider>,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'Settings' }), { key: 'Enter' });
    await screen.findByRole('menu');
    await waitFor(() =>
      expect(screen.getByRole('menuitemradio', { name: 'Light' }).hasAttribute('data-highlighted')).toBe(true),
    );
    unmount();

    const again = await freshMenuModules();
    render(
      <again.AppThemeProvider>
        <again.SettingsMenu />
      </again.AppThemeProvider>,
    );
    fireEvent.keyDown(screen.getByRole('button', { name: 'Settings' }), { key: 'ArrowUp' });
    await screen.findByRole('menu');
    await waitFor(() =>
      expect(screen.getByRole('menuitemradio', { name: 'Español' }).hasAttribute('data-highlighted')).toBe(true),
    );
  });

  it('renders the real menu at once where the code was already loaded', async () => {
    const { SettingsMenu: FreshMenu, AppThemeProvider: FreshProvider, loadSettingsMenu } = await freshMenuModules();
    await loadSettingsMenu();
    render(
      <FreshProvider>
        <FreshMenu />
      </FreshProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Settings' });
    // Zag's trigger, not the stand-in: Zag marks its parts.
    expect(trigger.getAttribute('data-scope')).toBe('menu');
    act(() => trigger.click());
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  it('keeps the gear working when the menu code cannot be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.doMock('../ui/settings-menu-full', () => {
      throw new Error('chunk missing');
    });
    try {
      const { SettingsMenu: FreshMenu, AppThemeProvider: FreshProvider } = await freshMenuModules();
      render(
        <FreshProvider>
          <FreshMenu />
        </FreshProvider>,
      );
      const trigger = screen.getByRole('button', { name: 'Settings' });
      fireEvent.click(trigger);
      expect(trigger.getAttribute('aria-busy')).toBe('true');
      await waitFor(() => expect(trigger.hasAttribute('aria-busy')).toBe(false));
      expect(error).toHaveBeenCalled();
      expect(screen.queryByRole('menu')).toBeNull();
    } finally {
      vi.doUnmock('../ui/settings-menu-full');
      error.mockRestore();
    }
  });
});
