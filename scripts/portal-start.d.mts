import type { Plugin } from 'vite';

export const FILES_MARKER: string;
/**
 * The files the portal's first screen loads: `code` for every language, and each language's texts; the app's entry
 * with its brotli size, and the Chakra system's entry.
 */
export function portalStartFiles(
  chunks: Record<string, { isEntry: boolean; imports: readonly string[]; moduleIds: readonly string[]; code?: string }>,
  first: readonly RegExp[],
  texts: Record<string, RegExp>,
): { code: string[]; entry: string | null; entryBytes: number; system: string | null } & Record<
  string,
  string[] | string | number | null
>;
/** Emits /portal-start.js from `template` with the file lists filled in. */
export function portalStart(options: { template: string; first: RegExp[]; texts: Record<string, RegExp> }): Plugin;
