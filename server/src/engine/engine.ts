import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import type { AppConfig } from '../config/config.ts'
import type { DB } from '../db/database.ts'
import { runAsBulk } from '../integrations/http/call-priority.ts'
import { PermanentProviderError, TransientProviderError } from '../integrations/http/provider-errors.ts'
import {
  NeedsReauthError,
  NotConnectedError,
  type TokenManager,
} from '../integrations/oauth/token-manager.ts'
import type { ProviderClients } from '../integrations/provider-clients.ts'
import type { YelpOAuth } from '../integrations/yelp/yelp-oauth.ts'
import { ConflictError, ExternalServiceError } from '../lib/errors.ts'
import { findClient, ghlTokensOf, yelpTokensOf } from '../repositories/clients.repository.ts'
import { clearLeases } from '../repositories/credential-leases.repository.ts'
import {
  listActiveJobs,
  markDeadNow,
  parkJob,
  takeParkedJobs,
  touchActiveJob,
} from '../repositories/parked-jobs.repository.ts'
import { type AlertPort, NO_ALERTS } from './alerts/alert-port.ts'
import { type ChangePort, NO_CHANGES } from './changes/change-port.ts'
import { ContactSync } from './contact-sync.ts'
import { ghlCapHoldsUntil, parkOnGhlDailyCap } from './ghl-daily-cap.ts'
import { LeadContactUpdate } from './lead-contact-update.ts'
import { LeadMetricsHandler } from './lead-figures/lead-metrics.handler.ts'
import { LeadImport } from './lead-import.ts'
import { LeadSyncHandler } from './lead-sync/lead-sync.handler.ts'
import type { LeadsPort, SubscriptionsPort } from './provider-ports.ts'
import { withLeadLease } from './queue/lead-lease.ts'
import { withQueueSetupLock } from './queue/queue.ts'
import {
  type ClientJob,
  createQueues,
  type HubReplyJob,
  JOB_HEARTBEAT_MS,
  LEAD_SYNC_QUEUES,
  type LeadJob,
  type LeadSyncJob,
  leadSyncKey,
  leadSyncQueueFor,
  type MarkReadJob,
  QUEUES,
  type ReplyJob,
} from './queue/queues.ts'
import { Reconciler } from './reconciler.ts'
import { HubReplyHandler } from './reply/hub-reply.handler.ts'
import { ReplyHandler } from './reply/reply.handler.ts'
import { MarkReadHandler } from './yelp-duties/mark-read.handler.ts'
import { SubscriptionSync } from './yelp-duties/subscription-sync.ts'

// Workers per process. Lead syncs are I/O-bound and serialised per lead by the queue policy,
// so several run side by side; provider rate limits are enforced underneath. A sync whose GHL
// location has used its 100 calls in 10 s waits in the limiter, holding its worker: enough
// workers keep the other locations moving meanwhile (bench/RESULTS.md, "drain").
const WORKERS: Record<string, number> = {
  [QUEUES.leadSync]: 16,
  // Imports and reconciles: few, so their thousands of syncs never hold every worker (nor queue
  // more than a few calls in the Yelp limiter) while webhooks wait.
  [QUEUES.leadSyncBulk]: 2,
  [QUEUES.reply]: 2,
  [QUEUES.contactSync]: 1,
  [QUEUES.leadImport]: 1,
  [QUEUES.reconcile]: 1,
  [QUEUES.hubReply]: 2,
  [QUEUES.leadContact]: 1,
  [QUEUES.markRead]: 1,
  [QUEUES.subscriptionSync]: 1,
  [QUEUES.leadMetrics]: 1,
}
const RECONCILE_CRON = '*/15 * * * *'
/** Daily at 04:23 UTC (issue 17 §3: Yelp asks for a re-sync at least every 24 h). */
export const SUBSCRIPTION_SYNC_CRON = '23 4 * * *'
/** When a lead's sync finds another one running, it runs again this many seconds later. */
const LEAD_BUSY_RETRY_SECONDS = 3
/**
 * How long a job keeps being rescheduled after transient provider failures (429, 5xx, timeouts,
 * a spent daily cap), counted from its first one: a reply must outlast a provider outage (at
 * least 24 h), and so must a lead's sync. The other queues keep pg-boss's own retries.
 */
const RETRY_HORIZON_MS: Record<string, number> = {
  [QUEUES.reply]: 24 * 3600_000,
  [QUEUES.leadSync]: 24 * 3600_000,
  // A read receipt must survive a Yelp outage too.
  [QUEUES.markRead]: 24 * 3600_000,
  [QUEUES.leadSyncBulk]: 24 * 3600_000,
  // A cost is worth waiting for through an outage or a spent rate budget.
  [QUEUES.leadMetrics]: 24 * 3600_000,
}
const RETRY_BASE_MS = 2_000
const RETRY_MAX_MS = 15 * 60_000

/** Carried in a rescheduled job's data: when its failures began, and how many there were. */
interface RetryState {
  since: string
  attempt: number
}

/** Told when a client connects (or re-connects) a provider. */
export type ConnectionListener = (clientId: string, provider: 'yelp' | 'ghl') => Promise<void>

export interface EngineDeps {
  config: AppConfig
  db: DB
  providers: ProviderClients
  /** The engine adds itself: a new connection resumes the jobs parked for it. */
  connectionListeners: ConnectionListener[]
  /** Checks whether a Yelp 404 means the token lost the business, and flags the connection. */
  tokens: Pick<TokenManager, 'yelpAccessToken' | 'markNeedsReauth'>
  yelpOAuth: Pick<YelpOAuth, 'listBusinesses'>
  /** Yelp's business subscriptions (the daily check). */
  subscriptions: SubscriptionsPort
  engineOptions: EngineOptions
  /** Where alerts are raised (docs/spec/product.md §9.3); none when absent. */
  alerts?: AlertPort
}

/** How the engine reschedules a job after a transient provider failure (see reschedule). */
export interface EngineOptions {
  /** First rescheduling delay when the provider named none; doubles per attempt. */
  retryBaseMs?: number
  /** The longest rescheduling delay when the provider named none. */
  retryMaxMs?: number
}

/** One pg-boss worker of this process; busy while it runs a job. */
interface WorkerSlot {
  id: string
  busy: boolean
}

/**
 * The forwarding engine's workers on the job queue. Every handler is idempotent and runs
 * at-least-once; failures retry with backoff; a provider's permanent refusal is dead at once
 * (shown, retryable by an operator); a connection that needs re-authorization parks its jobs
 * until the client connects again.
 */
export class Engine {
  readonly leadSync: LeadSyncHandler
  readonly replies: ReplyHandler
  readonly contactSync: ContactSync
  readonly imports: LeadImport
  readonly hubReplies: HubReplyHandler
  readonly contactUpdates: LeadContactUpdate
  readonly markRead: MarkReadHandler
  readonly subscriptionSync: SubscriptionSync
  readonly leadMetrics: LeadMetricsHandler
  private readonly reconciler: Reconciler
  private readonly workers = new Map<string, WorkerSlot[]>()

  constructor(
    private readonly boss: PgBoss,
    private readonly deps: EngineDeps,
    private readonly log: FastifyBaseLogger,
    /** Where the engine announces what it changed (the events module; docs/spec/product.md §6.1). */
    private readonly changes: ChangePort = NO_CHANGES,
  ) {
    const { db, providers } = deps
    const alerts = deps.alerts ?? NO_ALERTS
    this.leadSync = new LeadSyncHandler(
      db,
      providers.yelpLeads,
      providers.ghl,
      changes,
      (clientId, leadId) => this.queueLeadMetrics(clientId, leadId),
      alerts,
    )
    this.replies = new ReplyHandler(db, providers.yelpLeads, providers.ghl, alerts)
    this.hubReplies = new HubReplyHandler(db, this.replies, this.leadSync, providers.ghl)
    this.contactUpdates = new LeadContactUpdate(db, this.leadSync)
    this.contactSync = new ContactSync(db, boss, this.leadSync)
    this.imports = new LeadImport(db, boss, providers.yelpLeads)
    this.reconciler = new Reconciler(db, boss, providers.yelpLeads)
    this.markRead = new MarkReadHandler(db, providers.yelpLeads)
    this.subscriptionSync = new SubscriptionSync(db, deps.subscriptions, changes, alerts)
    this.leadMetrics = new LeadMetricsHandler(db, providers.yelpLeads)
    deps.connectionListeners.push(async (clientId, provider) => {
      await this.unpark(clientId, provider)
    })
  }

  async start(): Promise<void> {
    const isShared = Boolean(this.deps.config.databaseUrl)
    await withQueueSetupLock(this.deps.db, isShared, async () => {
      await createQueues(this.boss)
      // pg-boss elects one process per cron tick, so several processes never double-schedule.
      await this.boss.schedule(QUEUES.reconcile, RECONCILE_CRON)
      // One schedule row in the database: one job per tick whatever the number of processes.
      await this.boss.schedule(QUEUES.subscriptionSync, SUBSCRIPTION_SYNC_CRON, undefined, { tz: 'UTC' })
    })
    await this.retryOrphans()
    await this.work<LeadSyncJob>(QUEUES.leadSync, (job) => this.syncLead(job))
    await this.work<LeadSyncJob>(QUEUES.leadSyncBulk, (job) =>
      // Its provider calls wait behind live ones in the rate limiter (call-priority.ts).
      runAsBulk(() => this.syncLead(job)),
    )
    await this.work<ReplyJob>(QUEUES.reply, (job) => this.replies.run(job))
    // Bulk work too: their provider calls go after the live ones.
    await this.work<ClientJob>(QUEUES.contactSync, (job) =>
      runAsBulk(() => this.contactSync.run(job.clientId)),
    )
    await this.work<ClientJob>(QUEUES.leadImport, (job) => runAsBulk(() => this.imports.run(job.clientId)))
    await this.work<object>(QUEUES.reconcile, () => runAsBulk(() => this.reconciler.run()))
    await this.work<HubReplyJob>(QUEUES.hubReply, (job) => this.hubReplies.run(job))
    await this.work<LeadJob>(QUEUES.leadContact, (job) => this.contactUpdates.run(job))
    await this.work<MarkReadJob>(QUEUES.markRead, (job) => this.markRead.run(job))
    await this.work<object>(QUEUES.subscriptionSync, () => this.subscriptionSync.run())
    // Never urgent: its Yelp calls wait behind the live ones (call-priority.ts).
    await this.work<LeadJob>(QUEUES.leadMetrics, (job) => runAsBulk(() => this.leadMetrics.run(job)))
  }

  /** One queued metrics fetch per lead (the queue's `short` policy); the handler asks Yelp once. */
  private async queueLeadMetrics(clientId: string, leadId: string): Promise<void> {
    await this.boss.send(
      QUEUES.leadMetrics,
      { clientId, leadId },
      { singletonKey: leadSyncKey({ clientId, leadId }) },
    )
    this.wake(QUEUES.leadMetrics)
  }

  /**
   * Marks a lead replied outside Yelp, now (issue 17 §2): the operator waits for Yelp's answer.
   * Yelp's "already marked" is an outcome, not an error (docs/providers/yelp.md §1).
   */
  async markReplied(
    clientId: string,
    leadId: string,
    replyType: 'PHONE' | 'EMAIL',
  ): Promise<'marked' | 'already_marked'> {
    const leads: LeadsPort = this.deps.providers.yelpLeads
    try {
      return await leads.markAsReplied(clientId, leadId, replyType)
    } catch (error) {
      // Shown to the operator who clicked: what Yelp said, as a 409 or 502 rather than a 500.
      if (error instanceof NeedsReauthError || error instanceof NotConnectedError) {
        throw new ConflictError(
          `Marking lead ${leadId} replied needs client ${clientId}'s Yelp connection: ${error.message}`,
        )
      }
      if (error instanceof PermanentProviderError || error instanceof TransientProviderError) {
        throw new ExternalServiceError(error.message)
      }
      throw error
    }
  }

  /**
   * One sync of a lead at a time. When another is running, this job is put back for a few seconds
   * later (it may carry an event the running one read too early) and its worker moves on.
   */
  private async syncLead(job: LeadSyncJob) {
    const outcome = await withLeadLease(this.deps.db, leadSyncKey(job), (signal) =>
      this.leadSync.run(job, signal),
    )
    if (outcome.ran) return outcome.result
    await this.boss.send(leadSyncQueueFor(job), job, {
      singletonKey: leadSyncKey(job),
      startAfter: LEAD_BUSY_RETRY_SECONDS,
    })
    return { deferred: `another sync of lead ${job.leadId} is running` }
  }

  /**
   * Wakes idle workers of a queue at once instead of at their next poll: one per new job, since
   * every woken worker runs a fetch (at 20 webhooks a second, waking all sixteen lead-sync
   * workers for each was most of the hub's CPU on PGlite).
   */
  wake(queue: string, jobs = 1): void {
    let woken = 0
    for (const worker of this.workers.get(queue) ?? []) {
      if (woken >= jobs) break
      if (worker.busy) continue
      this.boss.notifyWorker(worker.id)
      woken += 1
    }
  }

  /** Re-queues the jobs parked while a client's connection needed re-authorization. */
  async unpark(clientId: string, provider: 'yelp' | 'ghl'): Promise<number> {
    const parked = await takeParkedJobs(this.deps.db, clientId, provider)
    for (const job of parked) {
      const data = job.data as LeadSyncJob
      await this.boss.send(
        job.queue,
        data,
        LEAD_SYNC_QUEUES.has(job.queue) ? { singletonKey: leadSyncKey(data) } : {},
      )
      this.wake(job.queue)
    }
    return parked.length
  }

  /**
   * On the embedded database only one process can run (the data-folder lock), so a job still
   * active at start was running when the last process died (SIGKILL, power loss): retry it now
   * rather than after its expiry. On PostgreSQL other live processes may own active jobs; there
   * the missing heartbeat expires them (queues.ts JOB_EXPIRE_SECONDS).
   */
  private async retryOrphans(): Promise<void> {
    if (this.deps.config.databaseUrl) return
    // Leases of the dead process too: nobody else can be holding one.
    await clearLeases(this.deps.db)
    const orphans = await listActiveJobs(this.deps.db, Object.values(QUEUES))
    for (const job of orphans) {
      await this.boss.fail(job.name, job.id, {
        message: 'interrupted: the server stopped while this job ran',
      })
    }
    if (orphans.length) this.log.warn(`retrying ${orphans.length} job(s) interrupted by the last shutdown`)
  }

  /**
   * Runs the job again later, as a new job with `startAfter`: when the provider said (Retry-After,
   * a rate-limit reset, the daily cap), else after a capped exponential backoff — no worker is
   * held waiting. Null past the queue's horizon (pg-boss's retries then take over, and end it).
   */
  private async reschedule<T extends object>(
    queue: string,
    job: PgBoss.Job<T>,
    error: TransientProviderError,
  ): Promise<{ rescheduled: string } | null> {
    const horizonMs = RETRY_HORIZON_MS[queue]
    if (!horizonMs) return null
    const data = job.data as T & { retry?: RetryState }
    const since = data.retry?.since ?? new Date().toISOString()
    if (Date.now() - Date.parse(since) > horizonMs) return null
    const attempt = (data.retry?.attempt ?? 0) + 1
    const { retryBaseMs = RETRY_BASE_MS, retryMaxMs = RETRY_MAX_MS } = this.deps.engineOptions
    const backoffMs = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempt - 1))
    // Full jitter, as in provider-api.ts, so an outage's jobs do not all come back at once.
    const delayMs = error.retryAfterMs ?? Math.ceil(backoffMs / 2 + (Math.random() * backoffMs) / 2)
    const next = { ...data, retry: { since, attempt } }
    await this.boss.send(queue, next, {
      startAfter: new Date(Date.now() + delayMs),
      ...(LEAD_SYNC_QUEUES.has(queue) ? { singletonKey: leadSyncKey(next as unknown as LeadSyncJob) } : {}),
    })
    const message = `again in ${Math.round(delayMs / 1000)} s (attempt ${attempt}): ${error.message}`
    this.log.warn({ queue, jobId: job.id }, `rescheduled ${message}`)
    setTimeout(() => this.wake(queue), delayMs).unref()
    return { rescheduled: message }
  }

  /**
   * Puts the job back, as it is, for `at` (a GHL location's daily reset): not a failed attempt
   * and not counted against the retry horizon, and no worker waits for it meanwhile.
   */
  private async deferUntil<T extends object>(
    queue: string,
    job: PgBoss.Job<T>,
    at: Date,
    reason: string,
  ): Promise<{ parked: string }> {
    const data = job.data as T
    await this.boss.send(queue, data, {
      startAfter: at,
      ...(LEAD_SYNC_QUEUES.has(queue) ? { singletonKey: leadSyncKey(data as unknown as LeadSyncJob) } : {}),
    })
    const delayMs = Math.max(0, at.getTime() - Date.now())
    setTimeout(() => this.wake(queue), delayMs + 50).unref()
    const message = `waiting until ${at.toISOString()}: ${reason}`
    this.log.warn({ queue, jobId: job.id }, `parked ${message}`)
    return { parked: message }
  }

  /**
   * Yelp answers 404 both for a missing lead and for a token that lost access to the business
   * (docs/providers/yelp.md §1; pitfalls scenario 8). When the business is no longer among the
   * token's businesses, the connection is flagged and every job of it parks, instead of each
   * failing on its own 404.
   */
  private async lostYelpAccess(clientId: string, error: unknown): Promise<boolean> {
    if (!(error instanceof PermanentProviderError) || error.platform !== 'yelp' || error.status !== 404)
      return false
    try {
      const client = await findClient(this.deps.db, clientId)
      const businessId = client ? yelpTokensOf(client).businessId : null
      if (!businessId) return false
      const token = await this.deps.tokens.yelpAccessToken(clientId)
      const reachable = await this.deps.yelpOAuth.listBusinesses(token, clientId)
      if (reachable.includes(businessId)) return false
      await this.deps.tokens.markNeedsReauth('yelp', clientId)
      return true
    } catch (checkError) {
      this.log.warn({ err: checkError, clientId }, 'could not check the Yelp business access')
      return false
    }
  }

  private async needsReauth(clientId: string, provider: 'yelp' | 'ghl'): Promise<boolean> {
    const client = await findClient(this.deps.db, clientId)
    if (!client) return false
    return (provider === 'yelp' ? yelpTokensOf(client) : ghlTokensOf(client)).needsReauth === true
  }

  private async work<T extends object>(queue: string, handle: (data: T) => Promise<unknown>): Promise<void> {
    const slots: WorkerSlot[] = []
    for (let i = 0; i < (WORKERS[queue] ?? 1); i++) {
      const slot: WorkerSlot = { id: '', busy: false }
      slot.id = await this.boss.work<T>(queue, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
        if (!job) return
        slot.busy = true
        try {
          return await this.runJob(queue, job, handle)
        } finally {
          slot.busy = false
        }
      })
      slots.push(slot)
    }
    this.workers.set(queue, slots)
  }

  /** What a finished (or failed) job may have changed on the operators' screens. */
  private announceJob(queue: string, data: object): void {
    const { clientId, leadId } = data as { clientId?: unknown; leadId?: unknown }
    const scope = {
      ...(typeof clientId === 'string' ? { clientId } : {}),
      ...(typeof leadId === 'string' && leadId ? { leadId } : {}),
    }
    // Every job talks to a provider: its calls are new API log entries.
    this.changes.announce({ topic: 'logs', ...scope })
    if (queue === QUEUES.reconcile || queue === QUEUES.subscriptionSync) return
    this.changes.announce({ topic: 'messages', ...scope })
    this.changes.announce({ topic: 'leads', ...scope })
  }

  private async runJob<T extends object>(
    queue: string,
    job: PgBoss.Job<T>,
    handle: (data: T) => Promise<unknown>,
  ) {
    const heartbeat = setInterval(() => {
      touchActiveJob(this.deps.db, job.id).catch((error) =>
        this.log.warn({ err: error, jobId: job.id }, 'job heartbeat failed'),
      )
    }, JOB_HEARTBEAT_MS)
    heartbeat.unref()
    // A cron job (the reconcile, the daily syncs) carries no data: pg-boss stores null.
    const data = (job.data ?? {}) as T
    const clientId = (data as { clientId?: string }).clientId
    try {
      const capHoldsUntil = await ghlCapHoldsUntil(this.deps.db, queue, clientId)
      if (capHoldsUntil) return await this.deferUntil(queue, job, capHoldsUntil, 'GHL daily limit reached')
      const result = await handle(data)
      this.announceJob(queue, data)
      return result
    } catch (error) {
      this.announceJob(queue, data)
      this.changes.announce({ topic: 'jobs', ...(clientId ? { clientId } : {}) })
      // Deleted while this job ran: its writes were refused (the rows' foreign keys), nothing to retry.
      if (clientId && !(await findClient(this.deps.db, clientId))) {
        this.log.info({ queue, jobId: job.id, clientId }, 'job dropped: its client was deleted')
        return { skipped: 'client deleted' }
      }
      const reauth =
        error instanceof NeedsReauthError
          ? error
          : clientId && (await this.lostYelpAccess(clientId, error))
            ? new NeedsReauthError('yelp', (error as Error).message)
            : null
      if (reauth && clientId) {
        await parkJob(this.deps.db, {
          clientId,
          provider: reauth.provider,
          queue,
          data,
          reason: reauth.message,
        })
        this.log.warn({ queue, jobId: job.id, clientId }, `parked: ${reauth.message}`)
        // The owner may have reconnected while this job ran: its unpark came too early for us.
        if (!(await this.needsReauth(clientId, reauth.provider))) await this.unpark(clientId, reauth.provider)
        return { parked: reauth.message }
      }
      // Every job of the location waits for the reset from now on, not only this one.
      const resetAt = await parkOnGhlDailyCap(this.deps.db, clientId, error, this.deps.alerts)
      if (resetAt) return await this.deferUntil(queue, job, resetAt, (error as Error).message)
      if (error instanceof TransientProviderError) {
        const rescheduled = await this.reschedule(queue, job, error)
        if (rescheduled) return rescheduled
      }
      if (error instanceof PermanentProviderError || error instanceof NotConnectedError) {
        // Retrying cannot help: dead now, with its error shown, until an operator retries it.
        await markDeadNow(this.deps.db, job.id)
      }
      this.log.warn({ queue, jobId: job.id, clientId, err: error }, `job failed: ${(error as Error).message}`)
      throw error
    } finally {
      clearInterval(heartbeat)
    }
  }
}
