/** Types of build-server.mjs (the server bundle `npm start` runs), for its test. */
export const SERVER_BUNDLE: string;
export const EXTERNAL_PACKAGES: string[];
export function serverNeedsBuild(): boolean;
export function buildServer(options?: { outfile?: string }): Promise<void>;
/** drizzle-orm/entity.js with `is` answering from memory; throws when the file no longer has the walk. */
export function memoizeDrizzleIs(source: string): string;
