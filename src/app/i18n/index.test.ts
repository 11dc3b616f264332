import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LANGUAGE_STORAGE_KEY,
  restoreDeviceLanguage,
  setLanguage,
  setSchoolTerms,
  switchLanguageForNow,
} from '../../ui/language';
import { INITIAL_NAMESPACES, initI18n, LAZY_NAMESPACES, loadNamespaces, NAMESPACES } from './index';

const localeFiles = import.meta.glob<unknown>('../../../locales/*/*.json', { eager: true, import: 'default' });

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => flatKeys(inner, prefix ? `${prefix}.${key}` : key));
}

function filesOf(lng: string): [string, unknown][] {
  return Object.entries(localeFiles)
    .filter(([path]) => path.includes(`/locales/${lng}/`))
    .map(([path, json]) => [path.replace(/^.*\/([\w-]+)\.json$/, '$1'), json]);
}

function keysOf(lng: string): string[] {
  return filesOf(lng).flatMap(([ns, json]) => flatKeys(json).map((key) => `${ns}:${key}`));
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

/** Makes the browser prefer these languages, as a phone set to them would. */
function browserPrefers(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('initI18n', () => {
  it('starts in English, with the English texts bundled and Spanish not loaded', async () => {
    const i18n = await initI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('sections.checkIn')).toBe('Check In');
    expect(i18n.t('form.incomplete')).toBe('This form is incomplete. Please correct the fields in red.');
    expect(i18n.t('form.required')).toBe('This field is required.');
    expect(i18n.t('form.invalidEmail')).toBe('Invalid email address.');
    expect(i18n.t('auth:loginFailed')).toBe('Username or password is incorrect.');
    expect(i18n.t('errors:serverError')).toBe('Server Error. Please try again in a few minutes.');
    expect(i18n.t('errors:notFound')).toBe('404: Not Found');
    expect(i18n.t('account.waiting', { count: 3 })).toMatch(/^3 entries recorded here have not been sent yet\./);
    expect(i18n.hasResourceBundle('es', 'common')).toBe(false);
    expect(document.documentElement.lang).toBe('en');
  });

  it("bundles only the first screens' English namespaces and loads a section's namespace on demand", async () => {
    const i18n = await initI18n();
    expect([...INITIAL_NAMESPACES].sort()).toEqual(['auth', 'common', 'errors', 'kiosk', 'notifications']);
    for (const ns of INITIAL_NAMESPACES) expect(i18n.hasResourceBundle('en', ns), ns).toBe(true);
    expect(LAZY_NAMESPACES).toContain('admin');
    for (const ns of LAZY_NAMESPACES) expect(i18n.hasResourceBundle('en', ns), ns).toBe(false);

    await loadNamespaces(...LAZY_NAMESPACES);
    for (const ns of LAZY_NAMESPACES) expect(i18n.hasResourceBundle('en', ns), ns).toBe(true);
    expect(i18n.t('admin:addRole')).toBe('Add role');

    // A namespace loaded once follows later language changes.
    await setLanguage('es');
    expect(i18n.hasResourceBundle('es', 'admin')).toBe(true);
    expect(i18n.t('admin:addRole')).not.toBe('Add role');
  });

  it("loads a section's namespace in the chosen language with English behind it", async () => {
    const i18n = await initI18n();
    await setLanguage('es');
    expect(i18n.hasResourceBundle('es', 'admin')).toBe(false);
    await loadNamespaces('admin');
    expect(i18n.hasResourceBundle('es', 'admin')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'admin')).toBe(true);
  });

  it('loads Spanish when chosen and shows Spanish texts', async () => {
    const i18n = await initI18n();
    await setLanguage('es');
    expect(i18n.language).toBe('es');
    for (const ns of INITIAL_NAMESPACES) expect(i18n.hasResourceBundle('es', ns)).toBe(true);
    expect(i18n.t('settings.title')).toBe('Configuración');
    expect(i18n.t('form.required')).toBe('Este campo es obligatorio.');
    expect(i18n.t('account.waiting', { count: 1 })).toMatch(/^1 registro anotado aquí aún no se ha enviado\./);
    expect(document.documentElement.lang).toBe('es');
  });

  it('has the section titles in Spanish, and falls back to English for a key Spanish lacks', async () => {
    const i18n = await initI18n();
    await setLanguage('es');
    expect(i18n.t('sections.arrivals')).toBe('Llegadas');
    expect(i18n.t('sections.checkIn')).toBe('Control de entrada');
    expect(i18n.t('sections.checkInOut')).toBe('Entrada/Salida');
    i18n.addResourceBundle('en', 'fallback-test', { onlyInEnglish: 'Only in English' });
    i18n.addResourceBundle('es', 'fallback-test', {});
    expect(i18n.t('fallback-test:onlyInEnglish' as 'appName')).toBe('Only in English');
  });

  it('remembers the language on this device and starts in it next time', async () => {
    await initI18n();
    await setLanguage('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');

    document.documentElement.lang = '';
    const next = await initI18n();
    expect(next.language).toBe('es');
    expect(next.t('settings.language')).toBe('Idioma');
    expect(document.documentElement.lang).toBe('es');

    await setLanguage('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(next.t('settings.language')).toBe('Language');
  });

  it('ignores an unknown remembered language', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    const i18n = await initI18n();
    expect(i18n.language).toBe('en');
  });
});

describe("the browser's language", () => {
  it('is followed until someone chooses: the first of English or Spanish the browser lists', async () => {
    browserPrefers('fr-FR', 'es-MX', 'en-US');
    const i18n = await initI18n();
    expect(i18n.language).toBe('es');
    expect(i18n.t('settings.language')).toBe('Idioma');
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('falls back to English when the browser lists neither', async () => {
    browserPrefers('fr-FR', 'de');
    const i18n = await initI18n();
    expect(i18n.language).toBe('en');
  });

  it('gives way to the choice made on the device, which is remembered', async () => {
    browserPrefers('es-ES');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const i18n = await initI18n();
    expect(i18n.language).toBe('en');

    await setLanguage('es');
    browserPrefers('en-US');
    const next = await initI18n();
    expect(next.language).toBe('es');
  });

  it("follows a change of the browser's language only while nobody has chosen", async () => {
    browserPrefers('en-US');
    const i18n = await initI18n();
    expect(i18n.language).toBe('en');

    browserPrefers('es-US');
    window.dispatchEvent(new Event('languagechange'));
    await vi.waitFor(() => expect(i18n.language).toBe('es'));

    await setLanguage('en');
    window.dispatchEvent(new Event('languagechange'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(i18n.language).toBe('en');
  });
});

describe('a language for now', () => {
  it('switches without remembering, and the device language comes back', async () => {
    await initI18n();
    await setLanguage('en');
    const i18n = await initI18n();
    await switchLanguageForNow('es');
    expect(i18n.language).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    await restoreDeviceLanguage();
    expect(i18n.language).toBe('en');
  });
});

describe("the school's words", () => {
  afterEach(() => setSchoolTerms(null));

  it("are the app's own until the school sets its own, per language", async () => {
    const i18n = await initI18n();
    await loadNamespaces('portal-work');
    expect(i18n.t('sections.missingAutowork')).toBe('Missing AutoWork');
    expect(i18n.t('portal-work:empty.noAutowork')).toBe('No overdue AutoWork.');

    setSchoolTerms({ en: { autowork: 'Practice Work' }, es: { autowork: 'Trabajo de práctica' } });
    expect(i18n.t('sections.missingAutowork')).toBe('Missing Practice Work');
    expect(i18n.t('portal-work:item.autowork')).toBe('Practice Work');
    await setLanguage('es');
    expect(i18n.t('sections.missingAutowork')).toBe('Trabajo de práctica pendiente');
    expect(i18n.t('portal-work:empty.noAutowork')).toBe('No hay Trabajo de práctica atrasado.');

    // A word left empty is the app's own again.
    setSchoolTerms({ en: { autowork: 'Practice Work' }, es: { autowork: ' ' } });
    expect(i18n.t('sections.missingAutowork')).toBe('AutoWork pendiente');
  });

  it('render the screens again when they change', async () => {
    const i18n = await initI18n();
    let changes = 0;
    i18n.on('languageChanged', () => changes++);
    setSchoolTerms({ en: { autowork: 'Practice Work' } });
    setSchoolTerms({ en: { autowork: 'Practice Work' } });
    await vi.waitFor(() => expect(changes).toBe(1));
  });
});

describe('locale files', () => {
  it('have one file per namespace in each language', () => {
    const expected = [...NAMESPACES].sort();
    expect(
      filesOf('en')
        .map(([ns]) => ns)
        .sort(),
    ).toEqual(expected);
    expect(
      filesOf('es')
        .map(([ns]) => ns)
        .sort(),
    ).toEqual(expected);
  });

  it('translate every English key into Spanish', () => {
    const spanish = new Set(keysOf('es'));
    expect(keysOf('en').filter((key) => !spanish.has(key))).toEqual([]);
  });

  it('have no Spanish key that English lacks', () => {
    const english = new Set(keysOf('en'));
    expect(keysOf('es').filter((key) => !english.has(key))).toEqual([]);
  });
});
