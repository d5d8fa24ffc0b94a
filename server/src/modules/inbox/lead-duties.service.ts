import { type LeadReadAnswer, type LeadRepliedAnswer, type ReplyType, readStateOf } from '@common/leads.ts'
import type { DB } from '../../db/database.ts'
import type { ChangePort } from '../../engine/changes/change-port.ts'
import { markReadJob } from '../../engine/jobs/mark-read.job.ts'
import type { LeadEvents } from '../../engine/lead-events/lead-event-recorder.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import type { MarkReadJob } from '../../engine/queue/queues.ts'
import type { LeadSource } from '../../engine/sources/lead-source.ts'
import type { LeadSources } from '../../engine/sources/sources.ts'
import { PermanentProviderError, TransientProviderError } from '../../integrations/http/provider-errors.ts'
import { NeedsReauthError, NotConnectedError } from '../../integrations/oauth/token-manager.ts'
import { ConflictError, ExternalServiceError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { findYelpConnection } from '../../repositories/connections.repository.ts'
import { findRepliedActivity, insertRepliedActivity } from '../../repositories/lead-activity.repository.ts'
import { findInboxLead, type InboxLeadRow, setLeadStatus } from '../../repositories/lead-inbox.repository.ts'
import { lockLeadReadState, setReadRequested } from '../../repositories/lead-read-receipts.repository.ts'
import { recordBusinessMessage } from '../../repositories/lead-waits.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'
import { storedEventsOfRow } from './inbox-lead-view.ts'

export interface LeadDutiesDeps {
  db: DB
  /** The job queue; without it (an app built alone) the commands refuse. */
  jobs?: JobQueue
  changes: ChangePort
  /** The lead sources (their `markReplied`, called while the operator waits); absent without an engine. */
  sources?: Pick<LeadSources, 'get'>
  /** Where a status the mark moved is recorded, for the reactions an inbox change gets. */
  leadEvents?: LeadEvents
}

/**
 * What Yelp asks of a partner for a lead (docs/decisions/0012; docs/providers/yelp.md §1): mark the
 * consumer's message read when a person opened it, and mark the lead replied when the business
 * answered by phone or email outside Yelp. Scoped like the inbox: another client's lead is a 404.
 */
export class LeadDutiesService {
  constructor(private readonly deps: LeadDutiesDeps) {}

  /**
   * A person opened the lead and saw `eventId`, its newest consumer event: queue the mark on Yelp,
   * once per event (a second open, or an older event, queues nothing).
   */
  async markRead(session: AuthenticatedSession, leadId: string, eventId: string): Promise<LeadReadAnswer> {
    const row = await this.visibleLead(session, leadId)
    const jobs = this.requireQueue()
    const isConnected = (await findYelpConnection(this.deps.db, row.clientId))?.connected === true
    const outcome = await jobs.transaction(this.deps.db, async (tx) => {
      const state = await lockLeadReadState(tx, row.leadId)
      if (!state) throw new NotFoundError(`Lead ${leadId} not found`)
      const ids = state.messages.map((message) => message.id)
      const index = ids.indexOf(eventId)
      if (index < 0 || state.messages[index]?.author !== 'consumer') {
        throw new ValidationError(`eventId: ${eventId} is not a consumer message of lead ${leadId}`)
      }
      const marked = Math.max(
        state.readRequestedEventId ? ids.indexOf(state.readRequestedEventId) : -1,
        state.readEventId ? ids.indexOf(state.readEventId) : -1,
      )
      if (index <= marked) return 'already' as const
      if (!isConnected) return 'not_connected' as const
      await setReadRequested(tx, row.leadId, eventId)
      const job: MarkReadJob = {
        clientId: row.clientId,
        leadId: row.leadId,
        eventId,
        readAt: new Date().toISOString(),
      }
      await jobs.enqueue(markReadJob, job, { tx })
      return 'queued' as const
    })
    if (outcome === 'queued') {
      this.deps.changes.announce({ topic: 'leads', clientId: row.clientId, leadId: row.leadId })
    }
    const after = await this.visibleLead(session, leadId)
    return {
      outcome,
      readReceipt: {
        state: readStateOf(storedEventsOfRow(after), after),
        readEventId: after.readEventId,
        readAt: after.readAt?.toISOString() ?? null,
      },
    }
  }

  /**
   * Marks the lead replied on Yelp, moves a new lead to contacted and records it on the lead's
   * timeline. Once per lead: a lead the hub already marked is not sent again, and Yelp's own
   * "already marked" answer (403 NOT_AUTHORIZED) is done, not an error.
   */
  async markReplied(
    session: AuthenticatedSession,
    leadId: string,
    replyType: ReplyType,
  ): Promise<LeadRepliedAnswer> {
    const row = await this.visibleLead(session, leadId)
    const sources = this.deps.sources
    if (!sources) throw new ConflictError('The engine is not running in this process')
    if (await findRepliedActivity(this.deps.db, row.leadId)) return { outcome: 'already_marked' }
    const source = sources.get((await findLead(this.deps.db, row.clientId, row.leadId))?.source)
    const outcome = await markOnSource(source, row.clientId, row.leadId, replyType)
    const inTransaction = this.deps.leadEvents
      ? this.deps.leadEvents.transaction.bind(this.deps.leadEvents)
      : <T>(db: DB, run: (tx: DB) => Promise<T>) => db.transaction(run)
    await inTransaction(this.deps.db, async (tx) => {
      await insertRepliedActivity(tx, {
        clientId: row.clientId,
        leadId: row.leadId,
        kind: replyType === 'PHONE' ? 'replied_phone' : 'replied_email',
        actorUsername: session.user.username,
        detail:
          outcome === 'already_marked' ? `${source.label} already had this lead marked as replied` : null,
      })
      // Converted and closed are further along than contacted: left as they are.
      // The move to contacted gets the reactions of one made in the inbox (its GHL stage, the
      // lead.status_changed alert), as the status it is (lead-events/lead-reactions.ts).
      if (row.status === 'new') {
        await setLeadStatus(tx, row.leadId, 'contacted')
        await this.deps.leadEvents?.record(tx, [
          {
            type: 'lead.status_changed',
            clientId: row.clientId,
            leadId: row.leadId,
            previous: row.status,
            status: 'contacted',
            origin: 'hub',
            by: session.user.username,
          },
        ])
      }
      // Answered by phone or email: the lead no longer waits (docs/spec/product.md §9.1). The
      // operator answered every message shown, so the mark is no earlier than the wait it ends:
      // Yelp's clock may run a moment ahead of ours.
      const answeredAt = Math.max(Date.now(), row.waitingSince?.getTime() ?? 0)
      await recordBusinessMessage(tx, row.clientId, row.leadId, new Date(answeredAt))
    })
    this.deps.changes.announce({ topic: 'leads', clientId: row.clientId, leadId: row.leadId })
    return { outcome }
  }

  private async visibleLead(session: AuthenticatedSession, leadId: string): Promise<InboxLeadRow> {
    const row = await findInboxLead(this.deps.db, await visibleClientIds(this.deps.db, session), leadId)
    if (!row) throw new NotFoundError(`Lead ${leadId} not found`)
    return row
  }

  private requireQueue(): JobQueue {
    if (!this.deps.jobs) throw new ConflictError('The engine is not running in this process')
    return this.deps.jobs
  }
}

/**
 * Marks a lead replied outside its source, now: the operator waits for the source's answer.
 * Yelp's "already marked" is an outcome, not an error (docs/providers/yelp.md §1); a refusal is
 * shown to the operator who clicked, as a 409 or 502 rather than a 500. A source that is not
 * told of such replies (no `markReplied`) has nothing to refuse: the mark is the hub's alone.
 */
async function markOnSource(
  source: LeadSource,
  clientId: string,
  leadId: string,
  replyType: ReplyType,
): Promise<'marked' | 'already_marked'> {
  if (!source.markReplied) return 'marked'
  try {
    return await source.markReplied(clientId, leadId, replyType)
  } catch (error) {
    if (error instanceof NeedsReauthError || error instanceof NotConnectedError) {
      throw new ConflictError(
        `Marking lead ${leadId} replied needs client ${clientId}'s ${source.label} connection: ${error.message}`,
      )
    }
    if (error instanceof PermanentProviderError || error instanceof TransientProviderError) {
      throw new ExternalServiceError(error.message)
    }
    throw error
  }
}
