import type { Plugin } from 'vite';

export const VIRTUAL_ID: string;
export const SYSTEM_MODULE: string;
/** The CSS Emotion's `<Global>` would insert for these styles. */
export function serializeGlobal(styles: unknown): string;
/** The app's Chakra system, built from its source for node. */
export function loadSystem(root: string): Promise<{ _global: unknown[]; layers: { atRule: string } }>;
/** The app's global CSS: the layer order first, then the global styles. */
export function chakraGlobalCss(root: string): Promise<string>;
/** The Vite plugin serving `virtual:chakra-global.css`. */
export function chakraGlobalCssPlugin(root?: string): Plugin;
