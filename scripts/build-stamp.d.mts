/** True when dist/ is missing or older than any source of the web app. */
export function needsBuild(): boolean;
export const STAMP: string;
/** Builds the web app into dist/ when it is older than its sources, one build at a time; true when it built. */
export function buildWebAppIfStale(options?: { log?: (message: string) => void }): boolean;
