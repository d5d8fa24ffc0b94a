import type PgBoss from 'pg-boss'

/** The durable work of the engine; each name is a pg-boss queue. */
export const QUEUES = {
  /** Fetch a Yelp lead and its events, mirror it into GHL. One queued + one running per lead. */
  leadSync: 'yelp-lead-sync',
  /** Deliver a GHL reply to Yelp and report the outcome back to GHL. */
  reply: 'ghl-reply',
  /** Upsert every stored lead of a client as a GHL contact. */
  contactSync: 'ghl-sync-contacts',
  /** Page a business's lead ids and queue each lead. */
  leadImport: 'yelp-lead-import',
  /** Every 15 minutes: fetch what webhooks missed, per connected business. */
  reconcile: 'yelp-reconcile',
  /** Deliver a reply typed in the hub's inbox to Yelp, then mirror it into GHL as outbound. */
  hubReply: 'hub-reply',
  /** Push a lead's contact details edited in the inbox to its GHL contact. */
  leadContact: 'lead-contact-update',
} as const

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

// Attempts and backoff: at-least-once with exponential retries (2 s, 4 s, 8 s … about 8.5
// minutes in all), then the job is dead (failed) and shows its error until an operator retries it.
// A provider's transient failure (429, 5xx, timeout) is not one of these: the engine reschedules
// the reply or lead sync itself, for as long as 24 h (engine.ts RETRY_HORIZON_MS).
const RETRIES = { retryLimit: 8, retryDelay: 2, retryBackoff: true, expireInSeconds: JOB_EXPIRE_SECONDS }

const QUEUE_OPTIONS: Record<string, Omit<PgBoss.Queue, 'name'>> = {
  // `short`: one queued sync per lead (a second webhook finds it waiting and adds nothing; the
  // sync reads every event). One *running* per lead is a lease (lead-lease.ts), not `stately`.
  [QUEUES.leadSync]: { ...RETRIES, policy: 'short' },
  [QUEUES.reply]: { ...RETRIES },
  [QUEUES.hubReply]: { ...RETRIES },
  [QUEUES.leadContact]: { ...RETRIES },
  [QUEUES.contactSync]: { ...RETRIES, policy: 'stately' },
  [QUEUES.leadImport]: { ...RETRIES, policy: 'stately' },
  [QUEUES.reconcile]: { retryLimit: 1, policy: 'singleton', expireInSeconds: JOB_EXPIRE_SECONDS },
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

export function leadSyncKey(job: Pick<LeadSyncJob, 'clientId' | 'leadId'>): string {
  return `${job.clientId}:${job.leadId}`
}
