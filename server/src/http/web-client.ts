import { existsSync } from 'node:fs'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { projectPath } from '../lib/project-root.ts'

export const WEB_DIST = projectPath('web/dist')

/**
 * Serves the built React client. Hashed assets are cached for a year; any other GET outside
 * `/api` gets index.html so the client's router can show the page (or its 'Page Not Found').
 */
export async function registerWebClient(app: FastifyInstance): Promise<void> {
  const hasBuild = existsSync(`${WEB_DIST}/index.html`)
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      wildcard: false,
      index: false,
      // @fastify/static 10 hands the Fastify reply here (9 handed the raw response).
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    })
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ error: `Not found: ${request.method} ${path}` })
    }
    if (!hasBuild) {
      return reply.code(503).type('text/plain').send('The web client is not built yet: run `npm run build`.')
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
