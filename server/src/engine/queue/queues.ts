import { QUEUES } from '@common/queues.ts'

export { QUEUES }

export interface LeadSyncJob {
  clientId: string
  leadId: string
  /**
   * The lead's source (engine/sources/sources.ts); absent on jobs queued before sources existed,
   * which are Yelp's (DEFAULT_SOURCE). Not part of the lead's keys (leadSyncKey): a lead id is
   * unique across the hub (the leads table's key), and a Yelp job queued before kept its key.
   */
  source?: string
  /** Why: a webhook update type, `webhook-overflow`, `import`, `reconcile` or `retry`. */
  reason: string
  eventId?: string
  /** Already waited once for a reply to this lead to claim its echo (lead-sync/echo-deferral.ts). */
  echoWaited?: boolean
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
/** The expiry of the jobs that go through a whole client (contact sync, import): see contact-sync.job.ts. */
export const LONG_JOB_EXPIRE_SECONDS = 3600

/**
 * pg-boss's own retries, for failures that are not a provider's transient ones: exponential
 * (2 s, 4 s, 8 s … about 8.5 minutes in all), then the job is dead (failed) and shows its error
 * until an operator retries it. A provider's transient failure (429, 5xx, timeout) is the
 * failure policy's: it reschedules jobs with a horizon (failure/failure-policy.ts).
 */
export const STANDARD_RETRIES = {
  retryLimit: 8,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: JOB_EXPIRE_SECONDS,
} as const

/**
 * The horizon of every job that carries a person's words (a reply, a contact edit, a read
 * receipt) or a lead's own sync: it must outlast a provider outage of a day.
 */
export const DAY_HORIZON_MS = 24 * 3600_000

/**
 * pg-boss priorities (higher first): a live webhook's sync or a reply goes before the bulk
 * syncs that reconcile and import queue by the thousand. `overflow`: a webhook's sync of a lead
 * past its business's cap (webhook-lead-admission.ts), fetched by the live workers once no live
 * sync waits.
 */
export const PRIORITY = { live: 10, overflow: 5, bulk: 0 } as const

/**
 * Why a webhook's sync was moved to the bulk queue: the event it announces is the echo of a reply
 * the hub posted and already read back (lead-sync/echo-deferral.ts). All that sync does is store
 * that event on the lead, so it must not take a live worker, nor a Yelp call, from a lead waiting
 * for its sync.
 */
export const ECHO_SYNC = 'echo'

/** Why a sync reads only the events newer than those stored (lead-sync.handler.ts). */
export const INCREMENTAL_REASONS: ReadonlySet<string> = new Set(['NEW_EVENT', 'reconcile-stored', ECHO_SYNC])

/**
 * Why a webhook's sync of a lead the hub has not stored waits behind the live ones: its business
 * already had as many such syncs waiting at live priority as it may (webhook-lead-admission.ts).
 */
export const UNKNOWN_LEAD_OVERFLOW = 'webhook-overflow'

/** Why a sync is bulk work (an import's, a reconcile's): its Yelp calls go after the live ones. */
const BULK_REASONS: ReadonlySet<string> = new Set(['import', 'reconcile', 'reconcile-stored', ECHO_SYNC])

/** A webhook's sync past its business's cap: on the live queue, but ranked like bulk work. */
export function isOverflowSync(job: Pick<LeadSyncJob, 'reason'>): boolean {
  return job.reason === UNKNOWN_LEAD_OVERFLOW
}

export function isBulkSync(job: Pick<LeadSyncJob, 'reason'>): boolean {
  return BULK_REASONS.has(job.reason)
}

/** Both lead-sync queues. */
export const LEAD_SYNC_QUEUES: ReadonlySet<string> = new Set([QUEUES.leadSync, QUEUES.leadSyncBulk])

/** One queued sync per lead (the `short` policy); one running is the lead lease's job. */
export function leadSyncKey(job: Pick<LeadSyncJob, 'clientId' | 'leadId'>): string {
  return `${job.clientId}:${job.leadId}`
}

/**
 * The singleton key a lead sync is queued under. A sync the engine put back after a transient
 * failure (its data carries the retry state) may wait up to 15 minutes, and a webhook's sync
 * finding it queued under the lead's key was folded into it: the consumer's new message waited
 * that long for GHL and its alert (docs/spec/product.md §9.3: 60 s). Put-back syncs wait under a
 * key of their own, so a lead has at most one due-now and one put-back sync queued; the lead
 * lease still runs one at a time, and the event claims forward each message once.
 */
export function leadSyncSlot(job: Pick<LeadSyncJob, 'clientId' | 'leadId'> & { retry?: unknown }): string {
  return job.retry === undefined ? leadSyncKey(job) : `${leadSyncKey(job)}:later`
}
