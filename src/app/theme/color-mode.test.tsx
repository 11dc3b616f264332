import '../../test/setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyStoredColorMode,
  COLOR_MODE_STORAGE_KEY,
  type ColorMode,
  ColorModeProvider,
  useColorMode,
} from './color-mode';

/** A controllable `prefers-color-scheme: dark` media query (jsdom has no matchMedia). */
function stubSystemScheme(prefersDark: boolean) {
  let matches = prefersDark;
  const listeners = new Set<() => void>();
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (media: string) => ({
      media,
      get matches() {
        return matches;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }),
  });
  return {
    set(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
  };
}

function Probe() {
  const { mode, resolved, setMode } = useColorMode();
  return (
    <div>
      <output aria-label="mode">{mode}</output>
      <output aria-label="resolved">{resolved}</output>
      {(['light', 'dark', 'system'] as ColorMode[]).map((next) => (
        <button key={next} type="button" onClick={() => setMode(next)}>
          {next}
        </button>
      ))}
    </div>
  );
}

const renderProbe = () =>
  render(
    <ColorModeProvider>
      <Probe />
    </ColorModeProvider>,
  );
const text = (label: string) => screen.getByLabelText(label).textContent;
const html = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  html.className = '';
  html.style.colorScheme = '';
});

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('colour mode', () => {
  it('is light by default, as a class and color-scheme on <html>', () => {
    renderProbe();
    expect(text('mode')).toBe('light');
    expect(text('resolved')).toBe('light');
    expect(html.classList.contains('light')).toBe(true);
    expect(html.style.colorScheme).toBe('light');
  });

  it('switches to dark and remembers it on this device', () => {
    renderProbe();
    fireEvent.click(screen.getByRole('button', { name: 'dark' }));
    expect(text('resolved')).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.classList.contains('light')).toBe(false);
    expect(html.style.colorScheme).toBe('dark');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
  });

  it('follows the system preference live in system mode', () => {
    const scheme = stubSystemScheme(false);
    renderProbe();
    fireEvent.click(screen.getByRole('button', { name: 'system' }));
    expect(text('mode')).toBe('system');
    expect(text('resolved')).toBe('light');

    act(() => scheme.set(true));
    expect(text('resolved')).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);

    act(() => scheme.set(false));
    expect(text('resolved')).toBe('light');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('system');
  });

  it('ignores the system preference unless the mode is system', () => {
    stubSystemScheme(true);
    renderProbe();
    expect(text('resolved')).toBe('light');
    fireEvent.click(screen.getByRole('button', { name: 'system' }));
    expect(text('resolved')).toBe('dark');
  });

  it('starts in the remembered mode', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    renderProbe();
    expect(text('mode')).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('falls back to light for an unknown remembered value', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'sepia');
    renderProbe();
    expect(text('mode')).toBe('light');
  });

  it('can apply the remembered mode before React renders', () => {
    stubSystemScheme(true);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'system');
    applyStoredColorMode();
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');
  });

  it('asks for its provider', () => {
    expect(() => render(<Probe />)).toThrow(/ColorModeProvider/);
  });
});
