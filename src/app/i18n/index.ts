/**
 * Languages: English (default and fallback) and Spanish, with react-i18next.
 *
 * The English texts of the first screens are bundled in the initial chunk (`resources.ts`) so they never wait; every
 * other file (Spanish, and English namespaces of sections such as `admin`) is its own lazy chunk, loaded by our own
 * backend (`locale-backend.ts`) only when needed: a language when chosen, a section's namespace with the section
 * (`loadNamespaces`, called from its route). Keys Spanish lacks fall back to English one by one. Until someone on the
 * device chooses a language, the app follows the browser's (`navigator.languages`: the first of English or Spanish it
 * lists, English when neither), so a family whose phone is in Spanish reads the sign-in screens in Spanish from the
 * first visit, and a change of the browser's language is followed at once. The choice is remembered per device (a kiosk
 * keeps its language whoever signs in) and mirrored in `<html lang>` for screen readers, spell checking and hyphenation.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createLocaleBackend } from './locale-backend';
import { DEFAULT_NAMESPACE, enInitialResources, INITIAL_NAMESPACES, type Namespace } from './resources';

export { DEFAULT_NAMESPACE, INITIAL_NAMESPACES, LAZY_NAMESPACES, NAMESPACES, type Namespace } from './resources';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const LANGUAGE_STORAGE_KEY = 'settings.language';

// Every locale file except the English ones `resources.ts` imports statically (keep this list equal to
// INITIAL_NAMESPACES: a file both imported and globbed would stay in the initial chunk and the glob would gain nothing).
const lazyLocales = import.meta.glob(
  ['../../../locales/*/*.json', '!../../../locales/en/{common,auth,kiosk,notifications,errors}.json'],
  { import: 'default' },
);

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

function syncDocumentLanguage(lng: string): void {
  document.documentElement.lang = toLanguage(lng);
}

/**
 * Creates and initialises the app's i18next instance (and makes it react-i18next's). Call once before rendering;
 * it resolves when the remembered language's texts are loaded.
 */
export async function initI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(createLocaleBackend(lazyLocales)).use(initReactI18next);
  instance.on('languageChanged', syncDocumentLanguage);
  current = instance;
  watchBrowserLanguage();
  await instance.init({
    lng: deviceLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    load: 'languageOnly',
    // A copy: i18next adds every namespace loaded later to this array, which must not change INITIAL_NAMESPACES.
    ns: [...INITIAL_NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { en: enInitialResources },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false, defaultVariables: { terms: termWords } },
    // Everything a screen needs is loaded before the first render, so components never have to suspend.
    react: { useSuspense: false },
  });
  syncDocumentLanguage(instance.resolvedLanguage ?? instance.language);
  return instance;
}

/**
 * Loads lazy namespaces (a section's texts) in the current language, with English behind it as the fallback; resolves
 * at once for namespaces already there. Call it from the section's route `lazy`, next to its `import()`, so the texts
 * arrive with the chunk and the screen never renders raw keys. Once loaded, a namespace follows language changes.
 */
export async function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  if (current) await current.loadNamespaces(namespaces);
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
