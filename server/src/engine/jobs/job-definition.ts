import type { QueueName } from '@common/queues.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import type { AppConfig } from '../../config/config.ts'
import type { DB } from '../../db/database.ts'
import type { CallPriority } from '../../integrations/http/call-priority.ts'
import type { TokenManager } from '../../integrations/oauth/token-manager.ts'
import type { ProviderClients } from '../../integrations/provider-clients.ts'
import type { AiDraftWriter } from '../ai/ai-draft-writer.ts'
import type { AlertConditions } from '../alerts/alert-conditions.ts'
import type { AlertDeliveryHandler } from '../alerts/alert-delivery-handler.ts'
import type { AlertPort } from '../alerts/alert-port.ts'
import type { ChangePort } from '../changes/change-port.ts'
import type { BusinessAccessPort, SubscriptionsPort } from '../provider-ports.ts'
import type { JobQueue } from '../queue/job-queue.ts'
import type { LeadSources } from '../sources/sources.ts'

/**
 * A job's queue options, as pg-boss takes them (createQueue/updateQueue): `policy` decides how
 * many jobs of one singleton key may wait or run, the retries are pg-boss's own (for failures
 * that are not a provider's transient ones, which the failure policy reschedules), and
 * `expireInSeconds` bounds a run without a heartbeat.
 */
export interface JobQueueOptions {
  policy?: 'standard' | 'short' | 'singleton' | 'stately'
  retryLimit?: number
  retryDelay?: number
  retryBackoff?: boolean
  expireInSeconds?: number
}

/**
 * Everything a job's handler may use, built once by the composition root and handed to every
 * run through its context: a job file never constructs a collaborator of its own, and a test
 * hands the same bag a database and simulator-backed clients.
 */
export interface JobDeps {
  config: AppConfig
  db: DB
  providers: ProviderClients
  /** The lead sources by id (engine/sources/sources.ts): what a lead's jobs read and post through. */
  sources: LeadSources
  tokens: Pick<TokenManager, 'yelpAccessToken' | 'markNeedsReauth'>
  yelpOAuth: BusinessAccessPort
  subscriptions: SubscriptionsPort
  /** Where a job queues follow-up work (through that job's own declaration). */
  jobs: JobQueue
  /** What the job changed on the operators' screens. */
  changes: ChangePort
  clock: () => Date
  log: FastifyBaseLogger
  /** Where the engine raises alerts (docs/spec/product.md §9.3). */
  alerts: AlertPort
  /** Delivers one alert outbox row (docs/spec/product.md §9.3). */
  alertDelivery: Pick<AlertDeliveryHandler, 'run'>
  /** Turns waiting leads and dead jobs into alerts. */
  alertConditions: Pick<AlertConditions, 'run'>
  /** Writes a snapshot of the database (the backups module's service, handed in as a port). */
  backups: { create(): Promise<unknown> }
  /** Writes first replies with the model (docs/spec/product.md §9.6); absent when no model is configured. */
  aiDrafts?: AiDraftWriter
}

export interface JobContext {
  deps: JobDeps
  /** The pg-boss id of this run. */
  jobId: string
}

/**
 * One kind of durable work: its queue, the shape of its data, how many workers run it in each
 * process, its pg-boss options and the engine's rules around it. A job file exports one of
 * these (engine/jobs/<name>.job.ts) and one line of engine/jobs/job-registry.ts lists it; the
 * engine creates the queue, its workers and its schedule from that (docs/architecture.md,
 * "Adding a job").
 */
export interface JobDefinition<P extends object = object> {
  queue: QueueName
  /** The job's data, parsed before every run; a job whose data does not parse is dead. */
  payload: z.ZodType<P>
  /** Workers per process. */
  workers: number
  options: JobQueueOptions
  /**
   * How long after its first transient provider failure (429, 5xx, timeout) the job keeps being
   * rescheduled; without one, pg-boss's own retries end it. Time parked for a re-authorization
   * or deferred for a spent daily cap does not count.
   */
  horizonMs?: number
  /** The key the queue's policy counts by (one queued sync per lead); every enqueue applies it. */
  singletonKey?(payload: P): string
  /** pg-boss priority, higher first. */
  priority?(payload: P): number
  /**
   * How its provider calls rank in the rate limiter (call-priority.ts): `bulk` waits behind the
   * others, `urgent` goes first (a person waits on it); `live` when unset. Read per run: a
   * webhook's sync of a lead past its business's cap ranks as bulk.
   */
  calls?(payload: P): CallPriority
  /** A cron schedule (UTC unless `tz`): pg-boss sends one job per tick across processes. */
  schedule?: { cron: string; tz?: string }
  /**
   * Its first call is to the client's GHL location: while that location's daily cap is spent,
   * the job waits for the reset without running (docs/providers/ghl.md §10).
   */
  ghlCapped?: boolean
  /**
   * What the job changed on the operators' screens when it ends: `lead` (the default) announces
   * the leads, messages and API logs of its client and lead; `logs` only its API calls; `none`
   * nothing (it calls no provider).
   */
  announces?: 'lead' | 'logs' | 'none'
  handle(payload: P, ctx: JobContext): Promise<unknown>
  /**
   * The job is dead (a refusal, its horizon passed, pg-boss's last retry): what must be recorded
   * for the people waiting on it, e.g. a reply marked `error` so the inbox can send it again.
   */
  onDead?(payload: P, reason: string, ctx: JobContext): Promise<void>
}

/** Declares a job: the identity function that checks the declaration and infers its payload. */
export function defineJob<P extends object>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition
}
