import { defaultSystem } from '@chakra-ui/react';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { EVENT_COLORS } from '../../contract/portal-constants';
import { MORE_RECIPES, MORE_SLOT_RECIPES } from './more-recipes';
import { COMPACT_RECIPES, OVERLAY_Z_INDEX, system, UNUSED_PALETTES } from './system';

/** Every CSS variable the system declares, with the selector path it is declared under. */
function cssVariables(node: unknown, path: string[] = []): { path: string; name: string; value: string }[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' && key.startsWith('--')
      ? [{ path: path.join(' > '), name: key, value }]
      : cssVariables(value, [...path, key]),
  );
}

const variables = cssVariables(system.getTokenCss());
const declared = (name: string, mode: 'light' | 'dark') =>
  variables.find((v) => v.name === name && v.path.includes('.dark') === (mode === 'dark'))?.value;
const resolve = (name: string, mode: 'light' | 'dark'): string | undefined => {
  const value = declared(name, mode) ?? declared(name, 'light');
  const reference = value && /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  return reference ? resolve(reference, mode) : value;
};

/** WCAG contrast ratio of two #rrggbb colours (or 'white' and 'black'). */
function contrast(a: string, b: string): number {
  const named: Record<string, string> = { white: '#ffffff', black: '#000000' };
  const luminance = (color: string) => {
    const hex = (named[color] ?? color).replace('#', '');
    const [r, g, b2] = [0, 2, 4].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b2 ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('system', () => {
  it('gives text of every palette the app uses at least 4.5:1 against its background, in both modes', () => {
    const pairs: [string, string][] = [];
    for (const palette of ['red', 'orange', 'green', 'teal', 'blue', 'gray', 'primary']) {
      pairs.push([`--chakra-colors-${palette}-contrast`, `--chakra-colors-${palette}-solid`]);
      pairs.push([`--chakra-colors-${palette}-fg`, `--chakra-colors-${palette}-subtle`]);
    }
    pairs.push(['--chakra-colors-fg-error', '--chakra-colors-bg'], ['--chakra-colors-fg-muted', '--chakra-colors-bg']);
    for (const mode of ['light', 'dark'] as const) {
      for (const [text, background] of pairs) {
        const ratio = contrast(resolve(text, mode) ?? '', resolve(background, mode) ?? '');
        expect(ratio, `${text} on ${background} (${mode})`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('uses the specification breakpoints, xxl as 2xl', () => {
    expect(system.breakpoints.up('sm')).toBe('@media screen and (min-width: 37.5rem)');
    expect(system.breakpoints.up('md')).toBe('@media screen and (min-width: 60rem)');
    expect(system.breakpoints.up('lg')).toBe('@media screen and (min-width: 80rem)');
    expect(system.breakpoints.up('xl')).toBe('@media screen and (min-width: 120rem)');
    expect(system.breakpoints.up('2xl')).toBe('@media screen and (min-width: 160rem)');
  });

  it('has a primary palette: #344955 in light mode and #B15DFF in dark mode', () => {
    expect(resolve('--chakra-colors-primary-solid', 'light')).toBe('#344955');
    expect(resolve('--chakra-colors-primary-solid', 'dark')).toBe('#B15DFF');
    expect(resolve('--chakra-colors-primary-focus-ring', 'dark')).toBe('#B15DFF');
  });

  it("keeps the app bar in the school's slate in both modes, white text, the dark theme's violet as its accent", () => {
    expect(resolve('--chakra-colors-app-bar-bg', 'light')).toBe('#344955');
    expect(resolve('--chakra-colors-app-bar-bg', 'dark')).toBe('#26363E');
    expect(resolve('--chakra-colors-app-bar-fg', 'dark')).toBe('#FFFFFF');
    expect(resolve('--chakra-colors-app-bar-accent', 'dark')).toBe('#B15DFF');
  });

  it('defines every key colorPalette="primary" needs, in both modes', () => {
    for (const key of ['solid', 'contrast', 'fg', 'muted', 'subtle', 'emphasized', 'focus-ring']) {
      expect(declared(`--chakra-colors-primary-${key}`, 'light'), key).toBeDefined();
      expect(declared(`--chakra-colors-primary-${key}`, 'dark'), key).toBeDefined();
    }
  });

  it('uses Roboto for body and headings', () => {
    expect(system.token('fonts.body')).toBe('Roboto, system-ui, sans-serif');
    expect(system.token('fonts.heading')).toBe('Roboto, system-ui, sans-serif');
  });

  it('puts overlays at 2000 and notifications above them', () => {
    expect(OVERLAY_Z_INDEX).toBe(2000);
    for (const layer of ['overlay', 'modal', 'popover']) {
      expect(Number(system.token(`zIndex.${layer}`))).toBeGreaterThanOrEqual(2000);
    }
    expect(Number(system.token('zIndex.toast'))).toBeGreaterThan(Number(system.token('zIndex.popover')));
    expect(Number(system.token('zIndex.sticky'))).toBeLessThan(2000);
  });

  it('is compact by default', () => {
    expect(system.getRecipe('button').defaultVariants?.size).toBe('sm');
    expect(system.getRecipe('input').defaultVariants?.size).toBe('sm');
    expect(system.getSlotRecipe('table').defaultVariants?.size).toBe('sm');
    for (const key of COMPACT_RECIPES) {
      const recipe = system.isSlotRecipe(key) ? system.getSlotRecipe(key) : system.getRecipe(key);
      expect(recipe?.defaultVariants?.size, key).toBe('sm');
    }
    // Only the size changes: the default variants keep the rest.
    expect(system.getRecipe('button').defaultVariants?.variant).toBe('solid');
    expect(system.getSlotRecipe('table').defaultVariants?.variant).toBe('line');
  });

  it("keeps the rest of Chakra's theme: tokens, semantic tokens, text and layer styles, global css", () => {
    expect(system.getPreflightCss()).toEqual(defaultSystem.getPreflightCss());
    // Chakra's global css and keyframes, plus our notification countdown keyframes.
    expect(system.getGlobalCss()).toMatchObject(defaultSystem.getGlobalCss());
    for (const query of ['textStyles', 'layerStyles', 'animationStyles'] as const) {
      expect(system.query[query].list(), query).toEqual(defaultSystem.query[query].list());
    }
    expect(system.query.keyframes.list()).toEqual(expect.arrayContaining(defaultSystem.query.keyframes.list()));
    expect(system.token('colors.red.500')).toBe(defaultSystem.token('colors.red.500'));
    expect(system.token('spacing.4')).toBe('1rem');
    expect(declared('--chakra-colors-fg-muted', 'dark')).toBeDefined();
  });

  it('leaves out the palettes no source file names, and keeps every one a calendar event can have', () => {
    const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const named: string[] = [];
    for (const [path, source] of Object.entries(sources)) {
      if (path === './system.ts') continue;
      for (const palette of UNUSED_PALETTES)
        if (new RegExp(`\\b${palette}\\b`).test(source)) named.push(`${palette} in ${path}`);
    }
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(named).toEqual([]);
    for (const palette of UNUSED_PALETTES) {
      expect(
        variables.some((v) => v.name.startsWith(`--chakra-colors-${palette}-`)),
        palette,
      ).toBe(false);
      expect(defaultSystem.token(`colors.${palette}.500`), palette).toBeDefined();
    }
    for (const palette of EVENT_COLORS) {
      for (const key of ['solid', 'contrast', 'fg', 'subtle', 'muted', 'emphasized', 'focusRing', '500']) {
        expect(
          declared(`--chakra-colors-${palette}-${key.replace('focusRing', 'focus-ring')}`, 'light'),
          `${palette}.${key}`,
        ).toBeDefined();
      }
    }
  });
});

describe('recipes', () => {
  // Components whose recipe has another name than the component.
  const ALIASES: Record<string, string> = {
    IconButton: 'button',
    CloseButton: 'button',
    ButtonGroup: 'button',
    InputGroup: 'inputAddon',
    InputAddon: 'inputAddon',
    Toaster: 'toast',
  };
  const modules = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const chakraKeys = new Set([...Object.keys(chakraRecipes), ...Object.keys(chakraSlotRecipes)]);
  const sources = import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('leaves out the recipes of components the app does not use', () => {
    for (const key of ['accordion', 'datePicker', 'colorPicker', 'treeView', 'kbd', 'toast']) {
      expect(system.hasRecipe(key), key).toBe(false);
    }
    expect(Object.keys(chakraRecipes).filter((key) => system.isRecipe(key)).length).toBeLessThan(20);
  });

  it('has a recipe for every Chakra component the app imports, with more-recipes.ts (a missing one would render unstyled)', () => {
    const missing: string[] = [];
    for (const [path, source] of Object.entries(sources)) {
      for (const [, names = ''] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
        for (const name of names.split(',').map((n) => n.trim().replace(/^type\s+/, ''))) {
          const key = ALIASES[name] ?? name.charAt(0).toLowerCase() + name.slice(1);
          if (chakraKeys.has(key) && !system.hasRecipe(key)) missing.push(`${name} (${key}) in ${path}`);
        }
      }
    }
    expect(Object.keys(sources).length).toBeGreaterThan(3);
    expect(missing).toEqual([]);
  });

  it('builds in every recipe the first screens use: the rest (more-recipes.ts) is not loaded before they render', () => {
    // The modules the first screens evaluate before anything has imported more-recipes.ts: the entry (main.tsx and its
    // static imports) and the lazy modules of /login, /parent-login, / (kiosk home) and the not-found page, with the
    // notification host and the settings menu's button. Keep in step with router.tsx and bench/initial-js.mjs.
    const roots = [
      'src/main.tsx',
      'src/app/layouts/centered-layout.tsx',
      'src/features/auth/login-page.tsx',
      'src/features/auth/parent-login-page.tsx',
      'src/app/layouts/plain-layout.tsx',
      'src/features/kiosk/kiosk-home.tsx',
      'src/app/station/start-station.tsx',
      'src/app/layouts/not-found.tsx',
      'src/ui/notifications/notification-host.tsx',
      'src/ui/settings-menu.tsx',
    ];
    // Module paths from the repository root ('src/app/...'); the glob's keys are relative to this file.
    const join = (from: string, specifier: string) =>
      [...from.split('/').slice(0, -1), ...specifier.split('/')]
        .reduce<string[]>((parts, part) => {
          if (part === '..') parts.pop();
          else if (part !== '.') parts.push(part);
          return parts;
        }, [])
        .join('/');
    const files = new Map(Object.entries(modules).map(([key, source]) => [join('src/ui/theme/x', key), source]));
    const resolveImport = (from: string, specifier: string) => {
      const path = join(from, specifier);
      return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => path + ext).find((p) => files.has(p));
    };
    const visited = new Set<string>();
    const queue = [...roots];
    const used: string[] = [];
    while (queue.length > 0) {
      const path = queue.pop() as string;
      if (visited.has(path)) continue;
      visited.add(path);
      const source = files.get(path);
      expect(source, path).toBeDefined();
      // A module that imports more-recipes.ts has them before it (or anything it imports) renders.
      if (!source || /import\s+'[./]*(ui\/)?theme\/more-recipes'/.test(source)) continue;
      for (const [, names = ''] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
        for (const name of names.split(',').map((n) => n.trim().replace(/^type\s+/, ''))) {
          const key = ALIASES[name] ?? name.charAt(0).toLowerCase() + name.slice(1);
          if (chakraKeys.has(key)) used.push(`${name} (${key}) in ${path}`);
        }
      }
      // Static imports and re-exports only (not `import type`, not `import()`): what evaluates with the module.
      for (const [, specifier = ''] of source.matchAll(
        /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s*)?'(\.[^']+)'/gm,
      )) {
        const target = resolveImport(path, specifier);
        if (target) queue.push(target);
      }
    }
    expect(visited.size).toBeGreaterThan(20);
    const later = new Set([...Object.keys(MORE_RECIPES), ...Object.keys(MORE_SLOT_RECIPES)]);
    expect(used.filter((entry) => later.has(/\((\w+)\)/.exec(entry)?.[1] ?? ''))).toEqual([]);
    expect(used.length).toBeGreaterThan(5);
  });

  it('declares every theme variable the plain-element style sheets and inline styles use (a typo would fall back)', () => {
    const names = new Set(variables.map((v) => v.name));
    const unknown: string[] = [];
    let used = 0;
    for (const [path, source] of Object.entries(sources)) {
      for (const [, name = ''] of source.matchAll(/var\((--chakra-[\w-]+)/g)) {
        used += 1;
        if (!names.has(name)) unknown.push(`${name} in ${path}`);
      }
    }
    expect(used).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
  });
});
