import type { Plugin } from 'vite';

export const FILES_MARKER: string;
/** The files the portal's first screen loads: `code` for every language, and each language's texts. */
export function portalStartFiles(
  chunks: Record<string, { isEntry: boolean; imports: readonly string[]; moduleIds: readonly string[] }>,
  first: readonly RegExp[],
  texts: Record<string, RegExp>,
): { code: string[]; entry: string | null } & Record<string, string[] | string | null>;
/** Emits /portal-start.js from `template` with the file lists filled in. */
export function portalStart(options: { template: string; first: RegExp[]; texts: Record<string, RegExp> }): Plugin;
