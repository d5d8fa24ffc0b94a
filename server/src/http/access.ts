import type { AccessRule, PermissionFlag } from '@common/permissions.ts'
import type { FastifyInstance, RouteOptions } from 'fastify'
import type { z } from 'zod'

/**
 * What a route requires of its caller. Every `/api` route declares one in `config.access`;
 * registering one without it fails at start, so no route is ever born unguarded.
 * - `public`: anyone (login, health; webhooks and onboarding carry their own checks)
 * - `signedIn`: any signed-in user (their own session, logout)
 * - a permission flag: a signed-in user whose role has that flag (403 otherwise)
 * - a rule (common/permissions.ts): a signed-in user it allows (403 otherwise)
 */
export type Access = 'public' | 'signedIn' | PermissionFlag | AccessRule

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
    /**
     * The `common/` schema the handler parses its JSON body with. Declared beside the access so
     * the route table says what each route accepts: the input fuzz test is generated from it.
     */
    body?: z.ZodType
  }
}

export interface RegisteredRoute {
  method: string
  url: string
  access: Access | undefined
  body: z.ZodType | undefined
}

/** Collects every route as it is registered and refuses an `/api` route without `access`. */
export function trackRouteAccess(app: FastifyInstance, routes: RegisteredRoute[]): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const { access, body } = (route.config ?? {}) as { access?: Access; body?: z.ZodType }
    if (route.url.startsWith('/api') && !access) {
      throw new Error(`Route ${methods.join(',')} ${route.url} must declare config.access`)
    }
    for (const method of methods) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access, body })
    }
  })
}
