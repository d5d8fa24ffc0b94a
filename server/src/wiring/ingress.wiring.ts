import type { FastifyBaseLogger } from 'fastify'
import type { IngressServices } from '../app.ts'
import type { AppConfig } from '../config/config.ts'
import { type DB, INGEST_POOL_SIZE } from '../db/database.ts'
import type { JobDeps } from '../engine/jobs/job-definition.ts'
import { LeadEventRecorder } from '../engine/lead-events/lead-event-recorder.ts'
import type { JobQueue } from '../engine/queue/job-queue.ts'
import type { GhlOpportunitiesClient } from '../integrations/ghl/ghl-opportunities.client.ts'
import { parsePublicKey } from '../integrations/ghl/ghl-webhook-signature.ts'
import type { ChangeBus } from '../modules/events/change-bus.ts'
import { GhlWebhookService } from '../modules/ghl-webhooks/ghl-webhook.service.ts'
import { EngineService } from '../modules/jobs/engine.service.ts'
import { JobsService } from '../modules/jobs/jobs.service.ts'
import { PipelineService } from '../modules/pipeline/pipeline.service.ts'
import { ReplyService } from '../modules/replies/reply.service.ts'
import type { WebhookSecret } from '../modules/settings/webhook-secret.ts'
import { YelpWebhookService } from '../modules/webhooks/yelp-webhook.service.ts'

/** The webhooks of both providers and the operators' engine actions: only with an engine. */
export function wireIngress(deps: {
  config: AppConfig
  db: DB
  ingestDb: DB
  jobs: JobQueue
  jobDeps: JobDeps
  log: FastifyBaseLogger
  webhookSecret: WebhookSecret
  changes: ChangeBus
  opportunities: GhlOpportunitiesClient
}): IngressServices {
  const { config, db, ingestDb, jobs, jobDeps, log, webhookSecret, changes, opportunities } = deps
  const keys = {
    ed25519: config.ghl.webhookPublicKeys.map(parsePublicKey),
    rsa: config.ghl.webhookRsaPublicKeys.map(parsePublicKey),
  }
  return {
    // PGlite has one connection: a second concurrent write would only queue behind the first.
    // PostgreSQL: leave one ingest connection for GHL's replies.
    webhooks: new YelpWebhookService(ingestDb, jobs, webhookSecret, {
      concurrentWrites: config.databaseUrl ? INGEST_POOL_SIZE - 1 : 1,
    }),
    replies: new ReplyService(ingestDb, jobs, keys, log),
    ghlWebhooks: new GhlWebhookService(ingestDb, keys, changes, new LeadEventRecorder(jobDeps), log),
    pipeline: new PipelineService({ db, ghl: opportunities, jobs }),
    engine: new EngineService(db, jobDeps),
    jobs: new JobsService(db, jobs),
    // A new webhook log entry (announced without a client: all-client users hear it).
    onWebhookLogged: () => changes.announce({ topic: 'logs' }),
  }
}
