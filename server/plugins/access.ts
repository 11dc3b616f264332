/**
 * Access control in one place (DESIGN section 7). Every /api route declares `config.access`: 'public', 'signed_in',
 * or a permission `<resource>-<action>`; a route without it refuses to register. The check runs before the body is
 * read, so an unauthenticated caller learns nothing from validation messages.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission, UserType } from '../../src/contract';
import { type AuthContext, authenticate } from '../auth/sessions';
import { forbidden, unauthenticated } from '../lib/errors';

export type Access = 'public' | 'signed_in' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Only these kinds of account may call the route (scholar portal, parent routes). */
    userTypes?: readonly UserType[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, for the permission-matrix test and the docs. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  userTypes?: readonly UserType[];
  /** The route's zod schemas (params, querystring, body), for the generated-input test. */
  schema?: FastifySchema;
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The caller's auth context; throws 401 when a route handler runs without one (cannot happen behind the hook). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** True when the caller holds the permission. */
export function can(request: FastifyRequest, permission: Permission): boolean {
  return request.auth?.permissions.has(permission) ?? false;
}

export default fp(async function access(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const config = route.config as { access?: Access; userTypes?: readonly UserType[] } | undefined;
    if (!config?.access) throw new Error(`Route ${route.method} ${route.url} declares no config.access`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({
        method,
        url: route.url,
        access: config.access,
        userTypes: config.userTypes,
        schema: route.schema,
      });
    }
  });
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config as { access?: Access; userTypes?: readonly UserType[] };
    const rule = config.access;
    if (!rule) return;
    const token = bearerToken(request);
    if (token) request.auth = await authenticate(app.db, token);
    if (rule === 'public') return;
    if (!request.auth) throw unauthenticated();
    if (config.userTypes && !config.userTypes.includes(request.auth.user.type)) throw forbidden();
    if (rule !== 'signed_in' && !request.auth.permissions.has(rule)) throw forbidden();
  });
});
