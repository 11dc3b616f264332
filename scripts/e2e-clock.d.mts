/** The end-to-end tests' clock (scripts/e2e-clock.mjs). */
export declare const E2E_CLOCK_START: string;
export declare const FAKETIME_MISSING: string;
export declare function hasFaketime(): boolean;
export declare function onE2eClock(
  cmd: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): { cmd: string; args: string[]; env: NodeJS.ProcessEnv };
