import type { DB } from '../../db/database.ts'
import { isSettledEcho } from '../../repositories/event-claims.repository.ts'
import { hasDeliveriesFoldedInto } from '../../repositories/folded-deliveries.repository.ts'
import { hasReplyAwaitingItsEvent } from '../../repositories/messages.repository.ts'
import type { LeadSyncJob } from '../queue/queues.ts'

/**
 * How long a webhook's sync waits, once, for a reply being delivered to its lead to read its
 * event back. Yelp sends the echo's webhook the moment the reply is posted, a few hundred
 * milliseconds before the reply's own read of the events claims it.
 */
export const ECHO_WAIT_MS = 3_000

/** What a webhook's sync does about the echo of the hub's own reply. */
export type EchoDecision =
  /** The event is a claimed echo: the sync only stores it, as bulk work. */
  | { kind: 'bulk' }
  /** A reply to this lead has not read its event back yet: look again a moment later. */
  | { kind: 'wait'; startAfter: Date }
  | { kind: 'sync' }

/**
 * Yelp's webhook for a reply the hub posted needs no live sync: the reply read its event back
 * and claimed it, and all the sync adds is the event on the lead. In a burst of new leads each
 * first reply's echo otherwise took a live worker and a Yelp read ahead of leads still waiting
 * for their first sync (bench/RESULTS.md, "First replies over 10 clients"). A consumer message
 * that lands while a reply is on its way waits ECHO_WAIT_MS once, then syncs as usual.
 *
 * Only when nothing else rides on the job: the queue folds a webhook for a lead whose sync is
 * waiting into that sync, so a consumer's message delivered while the echo's sync waited is this
 * job's to forward, and the bulk queue could hold it behind an import. When the deliveries since
 * the job was queued name the lead with anything else, it syncs live now (the echo is still
 * recognised and not forwarded: event-forwarder.ts claimAsEcho).
 */
export async function decideEcho(
  db: DB,
  job: LeadSyncJob,
  now: Date,
  queued: { queue: string; jobId: string },
): Promise<EchoDecision> {
  if (job.reason !== 'NEW_EVENT' || !job.eventId) return { kind: 'sync' }
  const eventId = job.eventId
  const carriesOthers = () => hasDeliveriesFoldedInto(db, { ...queued, ...job, eventId })
  if (await isSettledEcho(db, job.clientId, job.leadId, eventId))
    return (await carriesOthers()) ? { kind: 'sync' } : { kind: 'bulk' }
  if (!job.echoWaited && (await hasReplyAwaitingItsEvent(db, job.clientId, job.leadId)))
    return (await carriesOthers())
      ? { kind: 'sync' }
      : { kind: 'wait', startAfter: new Date(now.getTime() + ECHO_WAIT_MS) }
  return { kind: 'sync' }
}
