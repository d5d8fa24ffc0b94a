import type { FastifyInstance } from 'fastify'
import { BODY_LIMITS } from '../../http/json-body.ts'
import { perAddress, RATE_LIMITS, yelpBusinessLimiter } from '../../http/rate-limits.ts'
import { parseStorableJson } from '../../http/storable-json.ts'
import { yelpWebhookSchema } from '../../integrations/yelp/yelp-webhook.schemas.ts'
import {
  givenWebhookSecret,
  verificationChallenge,
} from '../../integrations/yelp/yelp-webhook-verification.ts'
import { MalformedBody, YELP_WEBHOOK_PATH, type YelpWebhookService } from './yelp-webhook.service.ts'

/**
 * Yelp's webhook endpoint: GET answers the one-time verification handshake, POST takes lead
 * updates (docs/providers/yelp.md §2). Outside /api: Yelp calls it, with no session and its own checks.
 */
export async function registerYelpWebhookRoutes(
  app: FastifyInstance,
  webhooks: YelpWebhookService,
  onLogged: () => void,
): Promise<void> {
  app.get(YELP_WEBHOOK_PATH, async (request, reply) => {
    const verification = verificationChallenge(request.query)
    if (verification === null) {
      return reply.code(400).send({ error: 'verification: the query parameter is required' })
    }
    return webhooks.answerVerification(verification)
  })

  const perBusiness = yelpBusinessLimiter(app)
  // Its own scope and body parser: a body that is not JSON must still reach the service, to be
  // answered 400 *and* logged (docs/spec/product.md §3), instead of Fastify's unlogged parser error.
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
        const secret = givenWebhookSecret(request.query, request.headers)
        const result = await webhooks.ingest(
          request.body ?? new MalformedBody('', 'body: a JSON body is required'),
          secret,
        )
        // Every delivery is a new log row, refused ones included: open log screens refresh.
        onLogged()
        return reply.code(result.status).send(result.body)
      },
    )
  })
}
