/**
 * Languages: English (default and fallback) and Spanish, with react-i18next: the instance and its texts. Switching
 * the language, the device's and the browser's language and the school's words are in `src/ui/language.ts`, a floor
 * below, so that features and shared components use them without importing the app.
 *
 * The English texts of the first screens are bundled in the initial chunk (`resources.ts`) so they never wait; every
 * other file (Spanish, and English namespaces of sections such as `admin`) is its own lazy chunk, loaded by our own
 * backend (`locale-backend.ts`) only when needed: a language when chosen, a section's namespace with the section
 * (`loadNamespaces`, called from its route). Keys Spanish lacks fall back to English one by one. The instance starts
 * in the device's language (`deviceLanguage`): the one chosen here, else the browser's, so a family whose phone is in
 * Spanish reads the sign-in screens in Spanish from the first visit.
 */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { adoptI18n, deviceLanguage, SUPPORTED_LANGUAGES, syncDocumentLanguage } from '../../ui/language';
import { createLocaleBackend } from './locale-backend';
import { DEFAULT_NAMESPACE, enInitialResources, INITIAL_NAMESPACES, type Namespace } from './resources';

export { DEFAULT_NAMESPACE, INITIAL_NAMESPACES, LAZY_NAMESPACES, NAMESPACES, type Namespace } from './resources';

// Every locale file except the English ones `resources.ts` imports statically (keep this list equal to
// INITIAL_NAMESPACES: a file both imported and globbed would stay in the initial chunk and the glob would gain nothing).
const lazyLocales = import.meta.glob(
  ['../../../locales/*/*.json', '!../../../locales/en/{common,auth,kiosk,notifications,errors}.json'],
  { import: 'default' },
);

/** The app's instance, once `initI18n` made it (for `loadNamespaces`). */
let current: i18n | null = null;

/**
 * Creates and initialises the app's i18next instance (and makes it react-i18next's). Call once before rendering;
 * it resolves when the remembered language's texts are loaded.
 */
export async function initI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  instance.use(createLocaleBackend(lazyLocales)).use(initReactI18next);
  const terms = adoptI18n(instance);
  current = instance;
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
    interpolation: { escapeValue: false, defaultVariables: { terms } },
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
