import { randomUUID } from 'node:crypto'
import {
  type Lead,
  type LeadContactBody,
  type LeadDetail,
  type LeadFacets,
  type LeadStatus,
  type LeadsQuery,
  lowerBound,
  upperBound,
} from '@common/leads.ts'
import type { DB } from '../../db/database.ts'
import type { ChangePort } from '../../engine/changes/change-port.ts'
import { hubReplyJob } from '../../engine/jobs/hub-reply.job.ts'
import { leadContactJob } from '../../engine/jobs/lead-contact.job.ts'
import type { LeadEvents } from '../../engine/lead-events/lead-event-recorder.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import type { HubReplyJob, LeadJob } from '../../engine/queue/queues.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { findYelpConnection } from '../../repositories/connections.repository.ts'
import { listLeadActivity } from '../../repositories/lead-activity.repository.ts'
import { listDrafts } from '../../repositories/lead-drafts.repository.ts'
import {
  type ClientScope,
  clientNamesOf,
  countInboxLeads,
  findInboxLead,
  HUB_PLATFORM,
  type InboxFilter,
  type InboxLeadRow,
  inboxFacets,
  listForwardingProblems,
  listHubReplies,
  listInboxLeads,
  setLeadContact,
  setLeadStatus,
} from '../../repositories/lead-inbox.repository.ts'
import { opportunitiesOfLeads } from '../../repositories/lead-opportunities.repository.ts'
import { findMessageById, insertMessageOnce, updateMessage } from '../../repositories/messages.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'
import { toHubReply, toLeadDetail, toLeadView } from './inbox-lead-view.ts'
import { decodeCursor, encodeCursor } from './lead-cursor.ts'

export interface LeadPage {
  leads: Lead[]
  /** Everything the filters match (X-Total-Count). */
  total: number
  /** Absent on the last page (X-Next-Cursor). */
  nextCursor: string | null
}

export interface LeadsServiceDeps {
  db: DB
  /** The job queue; without it (an app built alone) commands that need the engine refuse. */
  jobs?: JobQueue
  changes: ChangePort
  /**
   * Where a status change is recorded, with the engine: its reactions (the opportunity's move,
   * the follow-ups, `lead.status_changed`) follow from it (engine/lead-events/lead-reactions.ts).
   */
  leadEvents?: LeadEvents
}

/**
 * The Lead Inbox (docs/spec/dashboard-spec.md §2.14; docs/spec/product.md §6.1): paged, filtered
 * and scoped reads; status and contact edits; replies typed in the hub, handed to the engine.
 * A lead outside the caller's clients is answered as unknown (404), never as forbidden.
 */
export class LeadsService {
  constructor(private readonly deps: LeadsServiceDeps) {}

  async list(session: AuthenticatedSession, query: LeadsQuery): Promise<LeadPage> {
    const scope = await this.scope(session, query.clientId)
    const filter = toFilter(query)
    const after = query.cursor ? decodeCursor(query.cursor) : undefined
    const page = async () => {
      // One more than asked: tells whether another page follows without a second query.
      const rows = await listInboxLeads(this.deps.db, scope, filter, {
        limit: query.limit + 1,
        after,
        sort: query.sort,
      })
      const shown = rows.slice(0, query.limit)
      const last = shown.at(-1)
      return {
        leads: await this.views(shown),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor({ time: last.position, id: last.id }) : null,
      }
    }
    // The page and the count side by side: on PostgreSQL they take two pooled connections, so a
    // free-text request waits for the slower of the two (the count), not their sum. PGlite queues them.
    const [{ leads, nextCursor }, total] = await Promise.all([
      page(),
      countInboxLeads(this.deps.db, scope, filter),
    ])
    return { leads, total, nextCursor }
  }

  async facets(session: AuthenticatedSession, clientId: string | undefined): Promise<LeadFacets> {
    return inboxFacets(this.deps.db, await this.scope(session, clientId), clientId)
  }

  async get(session: AuthenticatedSession, leadId: string): Promise<LeadDetail> {
    const row = await this.visibleLead(session, leadId)
    const [lead] = await this.views([row])
    if (!lead) throw new NotFoundError(`Lead ${leadId} not found`)
    const [replies, activity, drafts, forwarding] = await Promise.all([
      listHubReplies(this.deps.db, row.clientId, row.leadId),
      listLeadActivity(this.deps.db, row.leadId),
      listDrafts(this.deps.db, row.leadId),
      listForwardingProblems(this.deps.db, row.clientId, row.leadId),
    ])
    return toLeadDetail(lead, replies, activity, drafts, forwarding)
  }

  async setStatus(session: AuthenticatedSession, leadId: string, status: LeadStatus): Promise<Lead> {
    const row = await this.visibleLead(session, leadId)
    const { leadEvents } = this.deps
    if (leadEvents) {
      // The change and its reactions' jobs (the move in GHL, the end of the follow-ups of a
      // converted or closed lead) commit together or not at all; its alert follows the commit.
      await leadEvents.transaction(this.deps.db, async (tx) => {
        await setLeadStatus(tx, row.leadId, status)
        await leadEvents.record(tx, [
          {
            type: 'lead.status_changed',
            clientId: row.clientId,
            leadId: row.leadId,
            previous: row.status,
            status,
            origin: 'hub',
            by: session.user.username,
          },
        ])
      })
    } else await setLeadStatus(this.deps.db, row.leadId, status)
    this.announce(row)
    return this.reread(session, leadId)
  }

  /** Stores the edit, then the engine updates the GHL contact (queued with the edit, atomically). */
  async setContact(session: AuthenticatedSession, leadId: string, body: LeadContactBody): Promise<Lead> {
    const row = await this.visibleLead(session, leadId)
    const jobs = this.requireQueue()
    const contact = {
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
    }
    await jobs.transaction(this.deps.db, async (tx) => {
      await setLeadContact(tx, row.leadId, contact)
      const job: LeadJob = { clientId: row.clientId, leadId: row.leadId }
      await jobs.enqueue(leadContactJob, job, { tx })
    })
    this.announce(row)
    return this.reread(session, leadId)
  }

  /** Records the reply as pending and queues its delivery, both or neither; 202 {messageId}. */
  async reply(session: AuthenticatedSession, leadId: string, text: string): Promise<{ messageId: number }> {
    const row = await this.visibleLead(session, leadId)
    const jobs = this.requireQueue()
    const yelp = await findYelpConnection(this.deps.db, row.clientId)
    if (!yelp?.connected) {
      throw new ConflictError(`Client ${row.clientId} is not connected to Yelp; the reply cannot be sent`)
    }
    const messageId = await jobs.transaction(this.deps.db, async (tx) => {
      const message = await insertMessageOnce(tx, {
        clientId: row.clientId,
        direction: 'outbound',
        platform: HUB_PLATFORM,
        messageId: null,
        conversationId: row.conversationId,
        content: text,
        status: 'pending',
        externalKey: `hub:${randomUUID()}`,
        metadata: { leadId: row.leadId, sentBy: session.user.username, source: 'inbox' },
      })
      if (!message) throw new Error('the reply was not recorded')
      const job: HubReplyJob = { clientId: row.clientId, leadId: row.leadId, messageRowId: message.id }
      await jobs.enqueue(hubReplyJob, job, { tx })
      return message.id
    })
    this.announce(row)
    return { messageId }
  }

  /** A failed reply sent again: back to pending and queued; Yelp is checked first (no double). */
  async retryReply(session: AuthenticatedSession, leadId: string, messageId: number) {
    const row = await this.visibleLead(session, leadId)
    const jobs = this.requireQueue()
    const message = await findMessageById(this.deps.db, messageId)
    const meta = (message?.metadata ?? {}) as { leadId?: string }
    if (!message || message.platform !== HUB_PLATFORM || meta.leadId !== row.leadId) {
      throw new NotFoundError(`Reply ${messageId} of lead ${leadId} not found`)
    }
    if (message.status !== 'error') throw new ConflictError(`Reply ${messageId} has not failed`)
    await jobs.transaction(this.deps.db, async (tx) => {
      await updateMessage(tx, message.id, { status: 'pending', metadata: { error: null } })
      const job: HubReplyJob = { clientId: row.clientId, leadId: row.leadId, messageRowId: message.id }
      await jobs.enqueue(hubReplyJob, job, { tx })
    })
    this.announce(row)
    const updated = await findMessageById(this.deps.db, messageId)
    if (!updated) throw new NotFoundError(`Reply ${messageId} of lead ${leadId} not found`)
    return toHubReply(updated)
  }

  private async scope(session: AuthenticatedSession, clientId: string | undefined): Promise<ClientScope> {
    const visible = await visibleClientIds(this.deps.db, session)
    if (clientId && visible && !visible.includes(clientId)) {
      throw new NotFoundError(`Client ${clientId} not found`)
    }
    return visible
  }

  private async visibleLead(session: AuthenticatedSession, leadId: string): Promise<InboxLeadRow> {
    const row = await findInboxLead(this.deps.db, await visibleClientIds(this.deps.db, session), leadId)
    if (!row) throw new NotFoundError(`Lead ${leadId} not found`)
    return row
  }

  private async reread(session: AuthenticatedSession, leadId: string): Promise<Lead> {
    const [lead] = await this.views([await this.visibleLead(session, leadId)])
    if (!lead) throw new NotFoundError(`Lead ${leadId} not found`)
    return lead
  }

  private async views(rows: InboxLeadRow[]): Promise<Lead[]> {
    const [names, opportunities] = await Promise.all([
      clientNamesOf(
        this.deps.db,
        rows.map((r) => r.clientId),
      ),
      opportunitiesOfLeads(
        this.deps.db,
        rows.map((r) => r.leadId),
      ),
    ])
    return rows.map((row) => ({
      ...toLeadView(row, names.get(row.clientId) ?? null, opportunities.get(row.leadId) ?? null),
      hasDraft: row.hasDraft,
    }))
  }

  private announce(row: InboxLeadRow): void {
    this.deps.changes.announce({ topic: 'leads', clientId: row.clientId, leadId: row.leadId })
    this.deps.changes.announce({ topic: 'messages', clientId: row.clientId, leadId: row.leadId })
  }

  private requireQueue(): JobQueue {
    if (!this.deps.jobs) throw new ConflictError('The engine is not running in this process')
    return this.deps.jobs
  }
}

function toFilter(query: LeadsQuery): InboxFilter {
  return {
    clientId: query.clientId,
    q: query.q || undefined,
    statuses: query.status,
    availability: query.availability || undefined,
    jobType: query.jobType || undefined,
    hasPhone: query.hasPhone,
    hasEmail: query.hasEmail,
    lastMessage: query.lastMessage,
    createdFrom: query.createdFrom ? lowerBound(query.createdFrom) : undefined,
    createdBefore: query.createdTo ? upperBound(query.createdTo) : undefined,
    activityFrom: query.activityFrom ? lowerBound(query.activityFrom) : undefined,
    activityBefore: query.activityTo ? upperBound(query.activityTo) : undefined,
    needsReply: query.needsReply,
    hasDraft: query.hasDraft,
  }
}
