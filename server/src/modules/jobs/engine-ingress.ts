import type { FastifyInstance } from 'fastify'
import type PgBoss from 'pg-boss'
import type { AppConfig } from '../../config/config.ts'
import { type DB, INGEST_POOL_SIZE } from '../../db/database.ts'
import type { ChangePort } from '../../engine/changes/change-port.ts'
import type { Engine } from '../../engine/engine.ts'
import { QUEUES } from '../../engine/queues.ts'
import { parsePublicKey } from '../replies/ghl-signature.ts'
import { registerReplyRoutes } from '../replies/reply.routes.ts'
import { ReplyService } from '../replies/reply.service.ts'
import { WebhookSecret } from '../settings/webhook-secret.ts'
import { registerYelpWebhookRoutes } from '../webhooks/yelp-webhook.routes.ts'
import { YelpWebhookService } from '../webhooks/yelp-webhook.service.ts'
import { registerEngineRoutes } from './engine.routes.ts'
import { registerJobRoutes } from './jobs.routes.ts'

/** Everything that feeds the engine: both providers' webhooks, and the operators' engine actions. */
export async function registerEngineIngress(
  app: FastifyInstance,
  deps: { db: DB; ingestDb: DB; boss: PgBoss; engine: Engine; config: AppConfig; changes?: ChangePort },
): Promise<void> {
  const { db, ingestDb, boss, engine, config, changes } = deps
  const webhookSecret = new WebhookSecret(db)
  // PGlite has one connection: a second concurrent write would only queue behind the first.
  // PostgreSQL: leave one ingest connection for GHL's replies.
  const webhooks = new YelpWebhookService(ingestDb, boss, webhookSecret, {
    concurrentWrites: config.databaseUrl ? INGEST_POOL_SIZE - 1 : 1,
  })
  await registerYelpWebhookRoutes(app, db, webhooks, (jobs) => {
    engine.wake(QUEUES.leadSync, jobs)
    // A new webhook log entry (its client is known only once the job runs: all-client users hear it).
    changes?.announce({ topic: 'logs' })
  })
  const keys = {
    ed25519: parsePublicKey(config.ghl.webhookPublicKey),
    rsa: config.ghl.webhookRsaPublicKey ? parsePublicKey(config.ghl.webhookRsaPublicKey) : null,
  }
  await registerReplyRoutes(app, new ReplyService(ingestDb, boss, keys), () => engine.wake(QUEUES.reply))
  registerEngineRoutes(app, db, engine)
  registerJobRoutes(app, db, boss, (queue) => engine.wake(queue))
}
