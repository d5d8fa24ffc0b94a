import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import type { EventStreamService } from './event-stream.service.ts'

export function registerEventRoutes(app: FastifyInstance, stream: EventStreamService): void {
  // Every signed-in user may listen; what each hears is filtered by role and assignments.
  app.get('/api/events', { config: { access: 'signedIn' } }, async (request, reply) => {
    const session = requireSession(request)
    const lastEventId = request.headers['last-event-id']
    reply.hijack()
    await stream.open(session, reply.raw, typeof lastEventId === 'string' ? lastEventId : undefined)
  })
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => stream.close())
}
