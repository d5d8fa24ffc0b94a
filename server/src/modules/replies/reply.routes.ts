import type { FastifyInstance } from 'fastify'
import { BODY_LIMITS } from '../../http/json-body.ts'
import { perAddress, RATE_LIMITS } from '../../http/rate-limits.ts'
import { REPLY_PATH, type ReplyService } from './reply.service.ts'

/**
 * GHL's Delivery URL for our conversation provider. Registered in its own scope with a parser
 * that keeps the raw bytes, because the signature is over exactly those bytes (docs/providers/ghl.md §10).
 */
export async function registerReplyRoutes(app: FastifyInstance, replies: ReplyService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json', 'text/plain'])
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BODY_LIMITS.ghlReply },
      (_request, body, done) => done(null, body),
    )
    scope.post(
      REPLY_PATH,
      { config: { rateLimit: perAddress(RATE_LIMITS.ghlReplyPerAddress) } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const result = await replies.accept(raw, request.headers)
        return reply.code(result.status).send(result.body)
      },
    )
  })
}
