/**
 * Roboto's faces (src/app/fonts.ts) with `font-display: optional` instead of fontsource's `swap`: a phone's first
 * visit over a cellular connection shows the page in the device's own sans-serif font for good rather than painting
 * it twice (the swap re-lays out every line once the fonts arrive, a second or more after the first paint, which is
 * the portal's largest paint then: issue 16). Once the service worker holds the fonts (it precaches them), they are
 * ready in time and every later screen uses Roboto. Nothing shifts either way.
 */

/** The CSS of a fontsource Roboto stylesheet with every face's display made `optional`. */
export function optionalFontDisplay(css) {
  return css.replace(/font-display:\s*swap/g, 'font-display: optional');
}

/** The Vite plugin: rewrites @fontsource/roboto's stylesheets as they load. */
export function fontDisplayOptional() {
  return {
    name: 'font-display-optional',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@fontsource[\\/]roboto[\\/][\w-]+\.css(\?|$)/.test(id)) return null;
      return { code: optionalFontDisplay(code), map: null };
    },
  };
}
