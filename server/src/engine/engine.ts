import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Core } from '../core.ts'
import { PermanentProviderError } from '../integrations/http/provider-errors.ts'
import { ContactSync } from './contact-sync.ts'
import { LeadImport } from './lead-import.ts'
import { LeadSyncHandler } from './lead-sync/lead-sync.handler.ts'
import { markDeadNow, parkJob, takeParkedJobs } from './parked-jobs.repository.ts'
import {
  type ClientJob,
  createQueues,
  type LeadSyncJob,
  leadSyncKey,
  QUEUES,
  type ReplyJob,
} from './queues.ts'
import { Reconciler } from './reconciler.ts'
import { ReplyHandler } from './reply/reply.handler.ts'
import { NeedsReauthError, NotConnectedError } from './token-manager.ts'

// Workers per process. Lead syncs are I/O-bound and serialised per lead by the queue policy,
// so several run side by side; provider rate limits are enforced underneath.
const WORKERS: Record<string, number> = {
  [QUEUES.leadSync]: 4,
  [QUEUES.reply]: 2,
  [QUEUES.contactSync]: 1,
  [QUEUES.leadImport]: 1,
  [QUEUES.reconcile]: 1,
}
const RECONCILE_CRON = '*/15 * * * *'

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
  private readonly reconciler: Reconciler
  private readonly workerIds = new Map<string, string[]>()

  constructor(
    private readonly boss: PgBoss,
    private readonly core: Core,
    private readonly log: FastifyBaseLogger,
  ) {
    const { db, providers } = core
    this.leadSync = new LeadSyncHandler(db, providers.yelpLeads, providers.ghl)
    this.replies = new ReplyHandler(db, providers.yelpLeads, providers.ghl)
    this.contactSync = new ContactSync(db, this.leadSync)
    this.imports = new LeadImport(db, boss, providers.yelpLeads)
    this.reconciler = new Reconciler(db, boss, providers.yelpLeads)
    core.connectionListeners.push(async (clientId, provider) => {
      await this.unpark(clientId, provider)
    })
  }

  async start(): Promise<void> {
    await createQueues(this.boss)
    await this.work<LeadSyncJob>(QUEUES.leadSync, (job) => this.leadSync.run(job))
    await this.work<ReplyJob>(QUEUES.reply, (job) => this.replies.run(job))
    await this.work<ClientJob>(QUEUES.contactSync, (job) => this.contactSync.run(job.clientId))
    await this.work<ClientJob>(QUEUES.leadImport, (job) => this.imports.run(job.clientId))
    await this.work<object>(QUEUES.reconcile, () => this.reconciler.run())
    // pg-boss elects one process per cron tick, so several processes never double-schedule.
    await this.boss.schedule(QUEUES.reconcile, RECONCILE_CRON)
  }

  /** Wakes this process's idle workers of a queue at once instead of at their next poll. */
  wake(queue: string): void {
    for (const id of this.workerIds.get(queue) ?? []) this.boss.notifyWorker(id)
  }

  /** Re-queues the jobs parked while a client's connection needed re-authorization. */
  async unpark(clientId: string, provider: 'yelp' | 'ghl'): Promise<number> {
    const parked = await takeParkedJobs(this.core.db, clientId, provider)
    for (const job of parked) {
      const data = job.data as LeadSyncJob
      await this.boss.send(
        job.queue,
        data,
        job.queue === QUEUES.leadSync ? { singletonKey: leadSyncKey(data) } : {},
      )
      this.wake(job.queue)
    }
    return parked.length
  }

  private async work<T extends object>(queue: string, handle: (data: T) => Promise<unknown>): Promise<void> {
    const ids: string[] = []
    for (let i = 0; i < (WORKERS[queue] ?? 1); i++) {
      ids.push(
        await this.boss.work<T>(queue, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
          if (job) return this.runJob(queue, job, handle)
        }),
      )
    }
    this.workerIds.set(queue, ids)
  }

  private async runJob<T extends object>(
    queue: string,
    job: PgBoss.Job<T>,
    handle: (data: T) => Promise<unknown>,
  ) {
    try {
      return await handle(job.data)
    } catch (error) {
      const clientId = (job.data as { clientId?: string }).clientId
      if (error instanceof NeedsReauthError && clientId) {
        await parkJob(this.core.db, {
          clientId,
          provider: error.provider,
          queue,
          data: job.data,
          reason: error.message,
        })
        this.log.warn({ queue, jobId: job.id, clientId }, `parked: ${error.message}`)
        return { parked: error.message }
      }
      if (error instanceof PermanentProviderError || error instanceof NotConnectedError) {
        // Retrying cannot help: dead now, with its error shown, until an operator retries it.
        await markDeadNow(this.core.db, job.id)
      }
      this.log.warn({ queue, jobId: job.id, clientId, err: error }, `job failed: ${(error as Error).message}`)
      throw error
    }
  }
}
