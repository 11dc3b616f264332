/** True when dist/ is missing or older than any source of the web app. */
export function needsBuild(): boolean;
export const STAMP: string;
