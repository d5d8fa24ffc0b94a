import { QUEUES } from '@common/queues.ts'
import type PgBoss from 'pg-boss'

export { QUEUES }

export interface LeadSyncJob {
  clientId: string
  leadId: string
  /** Why: a webhook update type, `import`, `reconcile` or `retry`. */
  reason: string
  eventId?: string
}

export interface ReplyJob {
  clientId: string
  leadId: string
  ghlMessageId: string
  ghlLocationId: string
  /** The `messages` row that records this reply. */
  messageRowId: number
}

export interface HubReplyJob {
  clientId: string
  leadId: string
  /** The `messages` row that records this reply. */
  messageRowId: number
}

export interface MarkReadJob {
  clientId: string
  leadId: string
  /** The newest consumer event the person saw; Yelp marks it and every earlier one. */
  eventId: string
  /** When the person opened it (ISO), sent as `time_read`. */
  readAt: string
}

export interface LeadJob {
  clientId: string
  leadId: string
}

export interface ClientJob {
  clientId: string
}

/**
 * How long a running job may go without its heartbeat (Engine touches its row every
 * JOB_HEARTBEAT_MS) before pg-boss takes it for lost — its process died — and retries it. Not a
 * limit on how long a job runs: a live one keeps renewing it. pg-boss's default, 15 minutes with
 * no heartbeat, left work of a killed process waiting that long on PostgreSQL.
 */
export const JOB_EXPIRE_SECONDS = 30
export const JOB_HEARTBEAT_MS = 5_000
/** The expiry of the jobs that go through a whole client (contact sync, import): see QUEUE_OPTIONS. */
export const LONG_JOB_EXPIRE_SECONDS = 3600

// Attempts and backoff: at-least-once with exponential retries (2 s, 4 s, 8 s … about 8.5
// minutes in all), then the job is dead (failed) and shows its error until an operator retries it.
// A provider's transient failure (429, 5xx, timeout) is not one of these: the engine reschedules
// the reply or lead sync itself, for as long as 24 h (engine.ts RETRY_HORIZON_MS).
const RETRIES = { retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: JOB_EXPIRE_SECONDS }

const QUEUE_OPTIONS: Record<string, Omit<PgBoss.Queue, 'name'>> = {
  // `short`: one queued sync per lead (a second webhook finds it waiting and adds nothing; the
  // sync reads every event). One *running* per lead is a lease (lead-lease.ts), not `stately`.
  [QUEUES.leadSync]: { ...RETRIES, policy: 'short' },
  [QUEUES.leadSyncBulk]: { ...RETRIES, policy: 'short' },
  [QUEUES.reply]: { ...RETRIES },
  [QUEUES.hubReply]: { ...RETRIES },
  [QUEUES.leadContact]: { ...RETRIES },
  // pg-boss's worker also fails a job whose handler runs longer than its expiry, heartbeat or
  // not (pg-boss 10 manager.js resolveWithinSeconds), and the retry then runs beside the first
  // run, which is not stopped. A reconcile pages 5,000 lead ids in about 50 s at Yelp's 5/s, and
  // a contact sync of thousands of leads takes minutes: seen as two reconcile runs in
  // bench/reconcile.bench.ts. These jobs get a horizon that fits them; a crashed one is retried
  // that much later on PostgreSQL (at once on PGlite, Engine.retryOrphans).
  [QUEUES.contactSync]: { ...RETRIES, policy: 'stately', expireInSeconds: LONG_JOB_EXPIRE_SECONDS },
  [QUEUES.leadImport]: { ...RETRIES, policy: 'stately', expireInSeconds: LONG_JOB_EXPIRE_SECONDS },
  // Its own period: a new one is due then anyway.
  [QUEUES.reconcile]: { retryLimit: 1, policy: 'singleton', expireInSeconds: 15 * 60 },
  [QUEUES.markRead]: { ...RETRIES },
  // `singleton`: one check at a time across processes; a second tick waits for the first.
  [QUEUES.subscriptionSync]: { ...RETRIES, retryLimit: 2, policy: 'singleton' },
  // `short`: one queued per lead (singletonKey: the lead), however many syncs asked; the handler
  // skips a lead whose metrics were fetched, so the Yelp call happens once.
  [QUEUES.leadMetrics]: { ...RETRIES, policy: 'short' },
}

export async function createQueues(boss: PgBoss): Promise<void> {
  for (const [name, options] of Object.entries(QUEUE_OPTIONS)) {
    const existing = await boss.getQueue(name)
    if (existing) await boss.updateQueue(name, { name, ...options })
    else await boss.createQueue(name, { name, ...options })
  }
}

/** One queued sync per lead (the `short` policy); one running is the lead lease's job. */
/**
 * pg-boss priorities (higher first): a live webhook's sync or a reply goes before the bulk
 * syncs that reconcile and import queue by the thousand.
 */
export const PRIORITY = { live: 10, bulk: 0 } as const

/** Why a sync reads only the events newer than those stored (lead-sync.handler.ts). */
export const INCREMENTAL_REASONS: ReadonlySet<string> = new Set(['NEW_EVENT', 'reconcile-stored'])

/** Why a sync is bulk work (an import's, a reconcile's): its Yelp calls go after the live ones. */
const BULK_REASONS: ReadonlySet<string> = new Set(['import', 'reconcile', 'reconcile-stored'])

export function isBulkSync(job: Pick<LeadSyncJob, 'reason'>): boolean {
  return BULK_REASONS.has(job.reason)
}

/** The queue a lead sync goes to: bulk work has its own (QUEUES.leadSyncBulk). */
export function leadSyncQueueFor(job: Pick<LeadSyncJob, 'reason'>): string {
  return isBulkSync(job) ? QUEUES.leadSyncBulk : QUEUES.leadSync
}

/** Both lead-sync queues. */
export const LEAD_SYNC_QUEUES: ReadonlySet<string> = new Set([QUEUES.leadSync, QUEUES.leadSyncBulk])

export function leadSyncKey(job: Pick<LeadSyncJob, 'clientId' | 'leadId'>): string {
  return `${job.clientId}:${job.leadId}`
}
