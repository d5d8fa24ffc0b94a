import type { FastifyInstance } from 'fastify'
import { BODY_LIMITS } from '../../http/json-body.ts'
import { perAddress, RATE_LIMITS } from '../../http/rate-limits.ts'
import { GHL_WEBHOOK_PATH, type GhlWebhookService } from './ghl-webhook.service.ts'

/**
 * The Marketplace app's webhook URL. Like `/reply`, its own scope keeps the raw bytes, which
 * the signature covers (docs/providers/ghl.md §10).
 */
export async function registerGhlWebhookRoutes(
  app: FastifyInstance,
  webhooks: GhlWebhookService,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json', 'text/plain'])
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BODY_LIMITS.ghlReply },
      (_request, body, done) => done(null, body),
    )
    scope.post(
      GHL_WEBHOOK_PATH,
      { config: { rateLimit: perAddress(RATE_LIMITS.ghlReplyPerAddress) } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const result = await webhooks.accept(raw, request.headers)
        return reply.code(result.status).send(result.body)
      },
    )
  })
}
