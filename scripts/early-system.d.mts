import type { Plugin } from 'vite';

/** The system's own entry module, as the build's input names it. */
export const SYSTEM_ENTRY: string;
/** The `<script>` of the system's entry chunk (`fileName` under the site root), for the page's head. */
export function systemScriptTag(fileName: string): string;
/** index.html with the system's script at the top of its scripts. */
export function withSystemScript(html: string, fileName: string): string;
/** The Vite plugin (build only): finds the system's entry chunk and writes its script into index.html. */
export function earlySystem(): Plugin;
