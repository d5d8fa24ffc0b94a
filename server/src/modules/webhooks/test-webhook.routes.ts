import type { TestWebhookResult } from '@common/stats.ts'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import type { YelpWebhookService } from './yelp-webhook.service.ts'

/** The dashboard's and the logs screen's 'Test Webhook' (docs/spec/dashboard-spec.md §2.3, §2.12; docs/spec/product.md §6.1). */
export function registerTestWebhookRoutes(
  app: FastifyInstance,
  webhooks: YelpWebhookService,
  onLogged: () => void,
): void {
  app.post(
    '/api/test-webhook',
    { config: { access: 'canManageWebhooks' } },
    async (): Promise<TestWebhookResult> => {
      const result = await webhooks.ingestTest()
      if (result.status !== 200 || result.logId === undefined) {
        throw new AppError(500, `The test delivery was refused: ${JSON.stringify(result.body)}`)
      }
      onLogged()
      return { ok: true, logId: `webhook:${result.logId}` }
    },
  )
}
