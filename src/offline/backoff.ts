/**
 * How long the outbox waits before sending again after a failure it may retry (network, 408, 429, 5xx): exponential
 * backoff with full jitter (DESIGN section 5: about 1 s base, 5 min cap). Full jitter spreads the retries of every
 * station that lost the same server at the same moment, so they do not all come back in one burst
 * (https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/).
 */

export interface RetryDelayOptions {
  /** Ceiling of the first wait, in ms. */
  baseMs?: number;
  /** Ceiling of any wait, in ms. */
  capMs?: number;
  /** A number in [0, 1); injectable so tests decide the jitter. */
  random?: () => number;
}

/** Ms to wait after `attempt` failures before (0 for the first failure): random() * min(cap, base * 2^attempt). */
export function retryDelay(
  attempt: number,
  { baseMs = 1000, capMs = 300_000, random = Math.random }: RetryDelayOptions = {},
): number {
  const exponent = Math.max(0, Math.floor(attempt));
  // 2 ** 1100 is Infinity; min() keeps the ceiling finite either way.
  const ceiling = Math.min(capMs, baseMs * 2 ** exponent);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}
