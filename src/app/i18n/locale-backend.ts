/**
 * A tiny i18next backend of our own: it loads a language's namespace through Vite's `import.meta.glob`, so each
 * non-English language becomes its own small chunks, fetched only when someone picks that language (and precached by
 * the service worker for offline use). No HTTP backend package is needed and the files keep their hashed names.
 */
import type { BackendModule, ResourceKey } from 'i18next';

/** Lazy JSON imports keyed by file path, as `import.meta.glob(pattern, { import: 'default' })` returns them. */
export type LocaleLoaders = Record<string, () => Promise<unknown>>;

function isResource(value: unknown): value is ResourceKey {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Builds a backend that reads `…/<language>/<namespace>.json` from the given glob loaders. */
export function createLocaleBackend(loaders: LocaleLoaders): BackendModule {
  const byLanguageAndNamespace = new Map<string, () => Promise<unknown>>();
  for (const [path, load] of Object.entries(loaders)) {
    const match = /\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match) byLanguageAndNamespace.set(`${match[1]}/${match[2]}`, load);
  }

  return {
    type: 'backend',
    callbackApi: false,
    init() {},
    async read(language: string, namespace: string): Promise<ResourceKey> {
      const load = byLanguageAndNamespace.get(`${language}/${namespace}`);
      // A namespace a language does not translate yet falls back to English key by key: an empty bundle, not an error.
      if (!load) return {};
      const data = await load();
      if (!isResource(data)) throw new Error(`locales/${language}/${namespace}.json is not a JSON object`);
      return data;
    },
  };
}
