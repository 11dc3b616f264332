/**
 * The Chakra UI v3 styling system for the whole app, built once at module load.
 *
 * Why these choices:
 * - Bundle budget (DESIGN section 8): `defaultConfig` carries the recipes of every Chakra component
 *   (accordion to tree view, about 20 kB gzip of the login screen's JavaScript). The system is built instead from
 *   `defaultBaseConfig` (conditions and style utilities), Chakra's tokens and semantic tokens (both without the colour
 *   palettes in `UNUSED_PALETTES`), text/layer/animation styles and global CSS, plus only the recipes listed in
 *   `RECIPES` and `SLOT_RECIPES` below. Each recipe is imported by name from '@chakra-ui/react/theme', so the bundler
 *   drops the rest (checked with `npm run bench`).
 * - Only the recipes of the first screens (sign-in, kiosk home, the app's error and loading states) are built in here.
 *   The rest (tables, tabs, dialogs, drawers, menus, badges...: about 6 kB gzip) are added to this same system by
 *   `more-recipes.ts` when a module that renders them loads: the section, portal and station layouts, the settings
 *   menu and the kiosk's start-station panel import it. Chakra reads a recipe only when a component first renders,
 *   so adding them before any such component renders styles it exactly as if it had been here from the start.
 * - Breakpoints follow the product specification (sm 600, md 960, lg 1280, xl 1920, xxl 2560). Chakra's responsive
 *   props know the widest one as `2xl`, so the spec's `xxl` is mapped to that key (see `BREAKPOINTS`).
 * - `primary` is a semantic palette (slate #344955 in light mode, violet #B15DFF in dark mode) with every key a Chakra
 *   recipe reads through `colorPalette` (solid, contrast, fg, muted, subtle, emphasized, focusRing), so
 *   `colorPalette="primary"` works on any component. The two modes use different hues, so each has its own raw scale.
 * - Stations show dense lists on small tablets: Button, Input (and its addons), Textarea, NativeSelect and
 *   Table default to size `sm` (`COMPACT_RECIPES`). Chakra's Select, Tooltip and Container are not used (the app's
 *   selects are native ones), so their recipes are left out.
 * - Dialogs, drawers, menus and popovers take their z-index from `zIndex.popover` in Chakra v3; raising overlay, modal
 *   and popover to 2000 keeps them above the app bar (sticky/banner, 1100-1200). Toasts and our notifications sit
 *   above dialogs (2100) so a sync error is never hidden behind an open form.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/** The specification's breakpoint names and widths; `xxl` is Chakra's `2xl`. */
export const BREAKPOINTS = { sm: '600px', md: '960px', lg: '1280px', xl: '1920px', xxl: '2560px' } as const;

/** Base z-index of every overlay (dialog, drawer, menu, popover); notifications use `OVERLAY_Z_INDEX + 100`. */
export const OVERLAY_Z_INDEX = 2000;

const FONT_STACK = 'Roboto, system-ui, sans-serif';

/**
 * The recipes of the Chakra components the first screens use (the entry chunk, /login and its centred layout, the
 * kiosk home, the not-found page, notifications); every other component's recipe is in `more-recipes.ts`. A component
 * whose recipe is missing still renders, but UNSTYLED (Chakra falls back to an empty recipe without a warning): when
 * a screen starts using another Chakra component (Popover, Accordion, Stat, Toaster...), add its recipe to
 * `more-recipes.ts` (here only if a first screen uses it: it then costs the login screen's budget), imported by name
 * from '@chakra-ui/react/theme', and check the budget with `npm run bench`. system.test.ts checks both rules.
 *
 * Button also styles IconButton and CloseButton; inputAddon styles InputGroup's addons; checkmark and radiomark are
 * the indicators inside Checkbox, Menu's checkbox items and RadioGroup; icon styles Icon.
 */
const RECIPES = {
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
};

/** The slot recipes (multi-part components) of the first screens; the same rule as `RECIPES` applies. */
const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  field: fieldSlotRecipe,
};

/** The recipes and slot recipes whose default size is `sm` (dense station screens). */
export const COMPACT_RECIPES = ['button', 'input', 'inputAddon', 'textarea', 'nativeSelect', 'table'] as const;

/** The same recipe with `size: 'sm'` as its default; the other default variants stay as Chakra has them. */
function compact<T extends { defaultVariants?: object }>(recipe: T): T {
  return { ...recipe, defaultVariants: { ...recipe.defaultVariants, size: 'sm' } };
}

/** The recipes with the compact default size where `COMPACT_RECIPES` says so (also used by `more-recipes.ts`). */
export function withCompactDefaults<T extends Record<string, { defaultVariants?: object }>>(recipes: T): T {
  const compactKeys: readonly string[] = COMPACT_RECIPES;
  return Object.fromEntries(
    Object.entries(recipes).map(([key, recipe]) => [key, compactKeys.includes(key) ? compact(recipe) : recipe]),
  ) as T;
}

/**
 * Chakra's colour palettes the app never names (no `colorPalette`, colour token or event colour uses them), left out
 * of the system: each is 11 colour tokens, 7 semantic ones in two modes and their CSS variables, which `createSystem`
 * builds at every start before the first screen can render (about an eighth less of its time, measured in
 * Node). system.test.ts checks that no source file names one.
 */
export const UNUSED_PALETTES = ['cyan', 'pink'] as const;

/** `palettes` without the keys `UNUSED_PALETTES` names. */
function withoutUnused<T extends object>(palettes: T): T {
  const unused: readonly string[] = UNUSED_PALETTES;
  return Object.fromEntries(Object.entries(palettes).filter(([key]) => !unused.includes(key))) as T;
}

/** Chakra's own theme, minus the recipes of components the app does not use and the palettes it does not name. */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    keyframes,
    tokens: { ...tokens, colors: withoutUnused(tokens.colors ?? {}) },
    semanticTokens: { ...semanticTokens, colors: withoutUnused(semanticTokens.colors ?? {}) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: withCompactDefaults(RECIPES),
    slotRecipes: withCompactDefaults(SLOT_RECIPES),
  },
});

const schoolTheme = defineConfig({
  theme: {
    breakpoints: {
      sm: BREAKPOINTS.sm,
      md: BREAKPOINTS.md,
      lg: BREAKPOINTS.lg,
      xl: BREAKPOINTS.xl,
      '2xl': BREAKPOINTS.xxl,
    },
    keyframes: {
      'notification-countdown': {
        from: { transform: 'scaleX(1)' },
        to: { transform: 'scaleX(0)' },
      },
    },
    tokens: {
      fonts: {
        body: { value: FONT_STACK },
        heading: { value: FONT_STACK },
      },
      zIndex: {
        overlay: { value: OVERLAY_Z_INDEX },
        modal: { value: OVERLAY_Z_INDEX },
        popover: { value: OVERLAY_Z_INDEX },
        skipNav: { value: OVERLAY_Z_INDEX + 50 },
        toast: { value: OVERLAY_Z_INDEX + 100 },
        tooltip: { value: OVERLAY_Z_INDEX + 200 },
      },
      colors: {
        // Light-mode primary: the school's slate, #344955 at 700.
        brandSlate: {
          50: { value: '#F5F6F7' },
          100: { value: '#EBEDEE' },
          200: { value: '#CCD2D5' },
          300: { value: '#AEB6BB' },
          400: { value: '#8F9BA2' },
          500: { value: '#718088' },
          600: { value: '#52646F' },
          700: { value: '#344955' },
          800: { value: '#26363E' },
          900: { value: '#182228' },
          950: { value: '#0A0F11' },
        },
        // Dark-mode primary: #B15DFF at 500.
        brandViolet: {
          50: { value: '#FBF7FF' },
          100: { value: '#F7EFFF' },
          200: { value: '#ECD7FF' },
          300: { value: '#E0BEFF' },
          400: { value: '#C285FF' },
          500: { value: '#B15DFF' },
          600: { value: '#954ED6' },
          700: { value: '#783FAD' },
          800: { value: '#5C3085' },
          900: { value: '#40215C' },
          950: { value: '#231333' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Shades around Chakra's that pass WCAG AA for text (4.5:1): Chakra's error text (red.500 on
        // white, 3.8:1) and its orange, green and teal solids under white text (3.3 to 3.7:1) do not.
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
        teal: { solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.700}' } } },
        primary: {
          DEFAULT: { value: { _light: '{colors.brandSlate.700}', _dark: '{colors.brandViolet.500}' } },
          solid: { value: { _light: '{colors.brandSlate.700}', _dark: '{colors.brandViolet.500}' } },
          // Black on #B15DFF has a 5.9:1 contrast; white would be 3.6:1.
          contrast: { value: { _light: '{colors.white}', _dark: '{colors.black}' } },
          fg: { value: { _light: '{colors.brandSlate.700}', _dark: '{colors.brandViolet.300}' } },
          muted: { value: { _light: '{colors.brandSlate.100}', _dark: '{colors.brandViolet.900}' } },
          subtle: { value: { _light: '{colors.brandSlate.50}', _dark: '{colors.brandViolet.950}' } },
          emphasized: { value: { _light: '{colors.brandSlate.200}', _dark: '{colors.brandViolet.800}' } },
          focusRing: { value: { _light: '{colors.brandSlate.700}', _dark: '{colors.brandViolet.500}' } },
        },
        // The app bar keeps the school's slate in both themes (a dark slate at night, white text: 12.6:1), with the
        // dark theme's violet as its accent line, rather than turning into a violet bar with black text.
        appBar: {
          bg: { value: { _light: '{colors.brandSlate.700}', _dark: '{colors.brandSlate.800}' } },
          fg: { value: { _light: '{colors.white}', _dark: '{colors.white}' } },
          accent: { value: { _light: '{colors.brandSlate.700}', _dark: '{colors.brandViolet.500}' } },
        },
      },
    },
  },
});

/** The app's styling engine: Chakra's base (conditions, utilities), its theme slice above and the school theme. */
export const system = createSystem(defaultBaseConfig, chakraTheme, schoolTheme);
