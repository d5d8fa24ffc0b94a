import type { FastifyInstance } from 'fastify'
import type { DB } from '../../db/database.ts'
import { BODY_LIMITS } from '../../http/json-body.ts'
import { perAddress, RATE_LIMITS, yelpBusinessLimiter } from '../../http/rate-limits.ts'
import { parseStorableJson } from '../../http/storable-json.ts'
import { insertWebhookLog } from './webhook-logs.repository.ts'
import { yelpWebhookSchema } from './yelp-webhook.schemas.ts'
import { MalformedBody, YELP_WEBHOOK_PATH, type YelpWebhookService } from './yelp-webhook.service.ts'

/**
 * Yelp's webhook endpoint: GET answers the one-time verification handshake, POST takes lead
 * updates (yelp.md §2). Outside /api: Yelp calls it, with no session and its own checks.
 */
export async function registerYelpWebhookRoutes(
  app: FastifyInstance,
  db: DB,
  webhooks: YelpWebhookService,
  onQueued: (jobs: number) => void,
): Promise<void> {
  app.get(YELP_WEBHOOK_PATH, async (request, reply) => {
    const verification = (request.query as Record<string, unknown>).verification
    if (typeof verification !== 'string' || verification.length === 0 || verification.length > 500) {
      return reply.code(400).send({ error: 'verification: the query parameter is required' })
    }
    const response = { verification }
    await insertWebhookLog(db, {
      endpoint: YELP_WEBHOOK_PATH,
      method: 'GET',
      statusCode: 200,
      payload: { verification },
      response,
    })
    return response
  })

  const perBusiness = yelpBusinessLimiter(app)
  // Its own scope and body parser: a body that is not JSON must still reach the service, to be
  // answered 400 *and* logged (PRODUCT.md §3), instead of Fastify's unlogged parser error.
  await app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json', 'text/plain'])
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: BODY_LIMITS.yelpWebhook },
      (_request, body, done) => {
        const text = String(body)
        const parsed = parseStorableJson(text)
        done(null, parsed.ok ? parsed.value : new MalformedBody(text, parsed.error))
      },
    )
    scope.post(
      YELP_WEBHOOK_PATH,
      { config: { body: yelpWebhookSchema, rateLimit: perAddress(RATE_LIMITS.yelpWebhookPerAddress) } },
      async (request, reply) => {
        await perBusiness(request)
        const query = request.query as Record<string, unknown>
        const header = request.headers['x-webhook-secret']
        const secret =
          typeof query.secret === 'string' ? query.secret : typeof header === 'string' ? header : undefined
        const result = await webhooks.ingest(
          request.body ?? new MalformedBody('', 'body: a JSON body is required'),
          secret,
        )
        if (result.queued > 0) onQueued(result.queued)
        return reply.code(result.status).send(result.body)
      },
    )
  })
}
