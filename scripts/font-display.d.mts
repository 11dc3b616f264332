import type { Plugin } from 'vite';

/** The CSS of a fontsource Roboto stylesheet with every face's display made `optional`. */
export function optionalFontDisplay(css: string): string;
/** The Vite plugin: rewrites @fontsource/roboto's stylesheets as they load. */
export function fontDisplayOptional(): Plugin;
