/**
 * The app's language as the screens change it: English (default and fallback) and Spanish, the one remembered on
 * this device (a kiosk keeps its language whoever signs in), the browser's while nobody has chosen (the first of
 * English or Spanish `navigator.languages` lists, English when neither, and a change of it followed at once), a
 * language for a child's turn at a station, and the school's own words in the texts.
 *
 * It lives below the app (the app's floor, `src/app/i18n`, creates the i18next instance with its texts and hands it
 * here with `adoptI18n`), so features and shared components switch the language without importing `src/app`.
 */
import type { i18n } from 'i18next';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'settings.language';

/** The app's i18next instance (`adoptI18n`), the one these functions change. */
let current: i18n | null = null;

/**
 * The school's own words that texts name through interpolation, per language: `{{terms.en.autowork}}` in the English
 * files and `{{terms.es.autowork}}` in the Spanish ones (a text that falls back to English keeps the English word).
 * These are the app's words; `setSchoolTerms` puts the school's in their place (Portal Settings).
 */
export const DEFAULT_TERMS = {
  en: { autowork: 'AutoWork' },
  es: { autowork: 'AutoWork' },
} as const satisfies Record<Language, Record<string, string>>;
type TermWords = { [L in Language]: { [K in keyof (typeof DEFAULT_TERMS)[L]]: string } };

/** The school's words, as the portal's settings carry them. */
export type SchoolTermWords = { [L in Language]?: { [K in keyof TermWords[L]]?: string } };

function mergedTerms(terms: SchoolTermWords | null | undefined): TermWords {
  const out = { en: { ...DEFAULT_TERMS.en }, es: { ...DEFAULT_TERMS.es } } as TermWords;
  for (const lng of SUPPORTED_LANGUAGES) {
    for (const [key, word] of Object.entries(terms?.[lng] ?? {})) {
      if (key in out[lng] && typeof word === 'string' && word.trim()) (out[lng] as Record<string, string>)[key] = word;
    }
  }
  return out;
}

let termWords: TermWords = mergedTerms(null);

/**
 * Makes `instance` the one these functions change, before its `init`: `<html lang>` follows its language, and the
 * browser's language is followed while nobody has chosen one here. The app's `initI18n` calls it, and gives the
 * school's words it answers (as they are now) to the instance's `interpolation.defaultVariables`.
 */
export function adoptI18n(instance: i18n): TermWords {
  instance.on('languageChanged', syncDocumentLanguage);
  current = instance;
  watchBrowserLanguage();
  return termWords;
}

/** Narrows any string (a stored value, `i18n.resolvedLanguage`) to a supported language, English when unknown. */
export function toLanguage(value: string | null | undefined): Language {
  return SUPPORTED_LANGUAGES.find((lng) => lng === value) ?? 'en';
}

/** The language someone chose on this device, or null while nobody has (or it is one the app no longer has). */
export function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return SUPPORTED_LANGUAGES.find((lng) => lng === stored) ?? null;
  } catch {
    return null;
  }
}

/**
 * The first supported language among the browser's preferred ones (`es-MX` counts as Spanish), English when it lists
 * neither.
 */
export function browserLanguage(): Language {
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const primary = tag?.toLowerCase().split('-')[0];
    const found = SUPPORTED_LANGUAGES.find((lng) => lng === primary);
    if (found) return found;
  }
  return 'en';
}

/** The device's language: the one chosen here, else the browser's. */
export function deviceLanguage(): Language {
  return readStoredLanguage() ?? browserLanguage();
}

function writeStoredLanguage(lng: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode or a full quota: the language still changes for this session.
  }
}

/** Mirrors a language in `<html lang>` (screen readers, spell checking, hyphenation). */
export function syncDocumentLanguage(lng: string): void {
  document.documentElement.lang = toLanguage(lng);
}

let watchingBrowser = false;

/** While nobody has chosen a language here, a change of the browser's language (`languagechange`) is followed. */
function watchBrowserLanguage(): void {
  if (watchingBrowser) return;
  watchingBrowser = true;
  window.addEventListener('languagechange', () => {
    if (readStoredLanguage() !== null || !current) return;
    const lng = browserLanguage();
    if (toLanguage(current.resolvedLanguage ?? current.language) !== lng) void current.changeLanguage(lng);
  });
}

/**
 * Puts the school's words in the texts that name them (the app's own where the school set none), and renders the
 * screens again when they changed.
 */
export function setSchoolTerms(terms: SchoolTermWords | null | undefined): void {
  const next = mergedTerms(terms);
  if (JSON.stringify(next) === JSON.stringify(termWords)) return;
  termWords = next;
  if (!current) return;
  current.options.interpolation = { ...current.options.interpolation, defaultVariables: { terms: next } };
  // The same language again: nothing is loaded, and every translated screen renders with the new words.
  void current.changeLanguage(current.resolvedLanguage ?? current.language);
}

/** Switches the app's language (loading it if needed) and remembers the choice on this device. */
export async function setLanguage(lng: Language): Promise<void> {
  writeStoredLanguage(lng);
  if (current) await current.changeLanguage(lng);
}

/**
 * Switches the language for a while without remembering it (a child's turn at the Arrivals station); the device's
 * own language comes back with `restoreDeviceLanguage`.
 */
export async function switchLanguageForNow(lng: Language): Promise<void> {
  if (current) await current.changeLanguage(lng);
}

/** Returns to the device's language (the one chosen here, else the browser's) after `switchLanguageForNow`. */
export async function restoreDeviceLanguage(): Promise<void> {
  if (!current) return;
  const lng = deviceLanguage();
  if (toLanguage(current.resolvedLanguage ?? current.language) !== lng) await current.changeLanguage(lng);
}
