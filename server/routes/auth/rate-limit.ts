/**
 * The in-memory limit in front of every sign-in and set-password route: LOGIN_RATE_LIMIT attempts a minute per
 * address and account (the email of the body), so one kiosk's many users do not lock each other out. It spares the
 * hashing a flood; the limits that hold across instances are the database's (auth/login-limits.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/** The `config.rateLimit` of a sign-in route. */
export const signInRateLimit = (config: Pick<Config, 'LOGIN_RATE_LIMIT'>) => ({
  max: config.LOGIN_RATE_LIMIT,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : 'token'}`;
  },
});
