import { isConversationMessage, type LeadMessage, storedMessagesOf } from '@common/lead-model.ts'
import type { DB } from '../../db/database.ts'
import { PermanentProviderError, TransientProviderError } from '../../integrations/http/provider-errors.ts'
import type { Platform } from '../../integrations/http/provider-http.ts'
import { NeedsReauthError } from '../../integrations/oauth/token-manager.ts'
import { messagesForwarded, webhookToGhlSeconds } from '../../lib/process-metrics.ts'
import { updateClient } from '../../repositories/clients.repository.ts'
import { findGhlConnection, type GhlConnection } from '../../repositories/connections.repository.ts'
import { listSettledEventIds } from '../../repositories/event-claims.repository.ts'
import { saveLeadWaits } from '../../repositories/lead-waits.repository.ts'
import { findLead, type LeadFields, type LeadRow, upsertLead } from '../../repositories/leads.repository.ts'
import { type ContactLink, GhlContactLinker, isGhlConnected } from '../ghl-contact/contact-link.ts'
import type { LeadEvents } from '../lead-events/lead-event-recorder.ts'
import { leadConversationTimes } from '../lead-figures/lead-waits.ts'
import type { GhlPort } from '../provider-ports.ts'
import { INCREMENTAL_REASONS, type LeadSyncJob } from '../queue/queues.ts'
import type { LeadSource } from '../sources/lead-source.ts'
import type { LeadSources } from '../sources/sources.ts'
import { EventForwarder } from './event-forwarder.ts'
import { mergeMessagesById, toLeadFields, withMessages } from './lead-mapper.ts'
import { storedLeadEvents } from './stored-lead-events.ts'

export interface LeadSyncOutcome {
  leadId: string
  stored: boolean
  forwarded: number
  skipped?: string
}

/**
 * A webhook's update type for a new lead or message (docs/providers/yelp.md §2). For a lead already stored,
 * such a sync reads only the new messages; imports, reconciles and retries read everything.
 */
const NEW_EVENT = 'NEW_EVENT'
/** How many times a sync reads a lead for the event its webhook announced (lookAgainForAnnouncedEvent). */
const ANNOUNCED_EVENT_LOOKS = 8

/** What the engine adds to a job it runs again after a transient failure (engine.ts reschedule). */
interface RetriedJob {
  retry?: { attempt?: number }
}

/**
 * A lead's source → GHL for one lead (docs/spec/product.md §3): read the lead and its messages
 * through its source (the job's `source`, engine/sources/lead-source.ts), store them, upsert the
 * GHL contact (ghl-contact/contact-link.ts), and forward each message not forwarded yet.
 * Safe to run again at any point: every step is an upsert or guarded by the message's claim.
 * What follows from a stored lead or a ready contact (its automation, opportunity, figures,
 * alerts, open screens) is no business of the sync: it records lead events, and their
 * reactions follow (engine/lead-events/lead-reactions.ts).
 *
 * Provider calls are the scarce resource (Yelp: 5 a second per endpoint for the whole hub;
 * GHL: 100 per 10 s per location), so a new message on a known lead costs one source call and
 * one GHL call: its new messages only, no lead re-read unless a contact change (Yelp's phone
 * opt-in) may have changed it, and no contact update unless the contact's fields changed.
 */
export class LeadSyncHandler {
  private readonly forwarder: EventForwarder
  private readonly contacts: GhlContactLinker

  constructor(
    private readonly db: DB,
    private readonly sources: LeadSources,
    ghl: GhlPort,
    private readonly events: LeadEvents,
  ) {
    this.forwarder = new EventForwarder(db, ghl)
    this.contacts = new GhlContactLinker(db, ghl, sources)
  }

  /**
   * `signal`: aborted when this sync's lead lease was lost (lead-lease.ts); it stops writing.
   * A sync a webhook queued for a message its source does not list yet looks again later (see
   * lookAgainForAnnouncedEvent) after doing what it found.
   */
  async run(job: LeadSyncJob & RetriedJob, signal?: AbortSignal): Promise<LeadSyncOutcome> {
    const source = this.sources.get(job.source)
    const { eventIds, ...outcome } = await this.sync(job, source, signal)
    if (!job.eventId || outcome.skipped === 'client deleted' || eventIds.includes(job.eventId)) return outcome
    return this.lookAgainForAnnouncedEvent(job, source, job.eventId, outcome)
  }

  /**
   * A source can send a message's webhook before its list shows the message (Yelp does:
   * docs/decisions/0013, "Announced events Yelp does not list yet"): a sync that finds nothing
   * new then would leave the message for the reconcile's next checkpoint. It fails as transient
   * instead, so the engine runs it again after a backoff, up to ANNOUNCED_EVENT_LOOKS times; a
   * message that never shows then ends the job quietly.
   */
  private lookAgainForAnnouncedEvent(
    job: LeadSyncJob & RetriedJob,
    source: LeadSource,
    eventId: string,
    outcome: LeadSyncOutcome,
  ): LeadSyncOutcome {
    const looks = (job.retry?.attempt ?? 0) + 1
    if (looks >= ANNOUNCED_EVENT_LOOKS)
      return { ...outcome, skipped: `event ${eventId} was announced but ${source.label} never listed it` }
    throw new TransientProviderError(
      // The provider whose list lags: a source's id names its HTTP platform ('yelp').
      source.id as Platform,
      `${source.label} announced event ${eventId} of lead ${job.leadId} but does not list it yet (look ${looks} of ${ANNOUNCED_EVENT_LOOKS})`,
    )
  }

  private async sync(
    job: LeadSyncJob,
    source: LeadSource,
    signal?: AbortSignal,
  ): Promise<LeadSyncOutcome & { eventIds: string[] }> {
    const client = await findGhlConnection(this.db, job.clientId)
    if (!client)
      return { leadId: job.leadId, stored: false, forwarded: 0, skipped: 'client deleted', eventIds: [] }
    const { fields, events, hasNew } = await this.readLead(job, source)
    const eventIds = events.map((event) => event.id)
    const pending = await this.withoutEchoes(
      job.clientId,
      job.leadId,
      await this.unsettled(job.clientId, job.leadId, events),
    )
    // A repeated delivery, or a sync that found its events forwarded by the one before it.
    if (!hasNew && pending.length === 0) {
      return { leadId: job.leadId, stored: true, forwarded: 0, skipped: 'nothing new', eventIds }
    }
    signal?.throwIfAborted()
    // Before the lead's transaction, not in it: the client's row is shared by all its leads' syncs.
    await updateClient(this.db, job.clientId, {})
    // The lead and what follows from it (its automation's run, its figures, its alerts) are
    // stored together or not at all, as soon as it is read, whatever becomes of its forwarding.
    await this.events.transaction(this.db, async (tx) => {
      const before = await findLead(tx, job.clientId, job.leadId)
      const { needsMetrics } = await upsertLead(tx, fields)
      await saveLeadWaits(tx, job.clientId, job.leadId, leadConversationTimes(events).waits)
      await this.events.record(
        tx,
        storedLeadEvents({ job, before, stored: fields, messages: events, pending, needsMetrics }),
      )
    })
    if (!isGhlConnected(client)) {
      // Waiting for its owner to authorize again: park (the engine re-queues it on reconnect)
      // rather than complete, or this lead's messages would wait for the next reconcile.
      if (client.needsReauth)
        throw new NeedsReauthError(
          'ghl',
          `The GoHighLevel connection of client ${client.clientId} needs to be authorized again`,
        )
      return {
        leadId: job.leadId,
        stored: true,
        forwarded: 0,
        skipped: 'GoHighLevel is not connected yet',
        eventIds,
      }
    }
    const link = await this.contacts.ensureContact(client, fields, { verify: job.reason !== NEW_EVENT })
    await this.contactReady({ clientId: job.clientId, leadId: job.leadId })
    const forwarded = await this.forwardNew(client, job.leadId, pending, link, fields, signal)
    return { leadId: job.leadId, stored: true, forwarded, eventIds }
  }

  /** Contact and stored messages of a lead already in the database (no call to its source). */
  async syncFromStore(client: GhlConnection, lead: LeadRow, signal?: AbortSignal): Promise<number> {
    const link = await this.contacts.ensureContact(client, lead, { verify: true })
    await this.contactReady({ clientId: client.clientId, leadId: lead.leadId })
    const pending = await this.unsettled(client.clientId, lead.leadId, storedMessagesOf(lead))
    return this.forwardNew(client, lead.leadId, pending, link, lead, signal)
  }

  /** The lead's GHL contact exists: its opportunity may be made (docs/spec/product.md §9.4). */
  private contactReady(lead: { clientId: string; leadId: string }): Promise<void> {
    return this.events.record(this.db, [{ type: 'lead.contact_ready', ...lead }])
  }

  /**
   * The events less the echoes of the hub's own replies, each claimed as such before anything
   * reads the stored conversation: the automation this sync queues counts a business event not
   * claimed as an echo as a person's reply, which ends the follow-ups for good.
   */
  private async withoutEchoes(
    clientId: string,
    leadId: string,
    events: LeadMessage[],
  ): Promise<LeadMessage[]> {
    const others: LeadMessage[] = []
    for (const event of events)
      if (!(await this.forwarder.claimAsEcho(clientId, leadId, event))) others.push(event)
    return others
  }

  /** The conversation messages not forwarded (nor recognised as an echo) yet. */
  private async unsettled(clientId: string, leadId: string, messages: LeadMessage[]) {
    const settled = await listSettledEventIds(this.db, clientId, leadId)
    return messages.filter((message) => isConversationMessage(message) && !settled.has(message.id))
  }

  /**
   * The lead's fields and all its messages. A new message on a stored lead reads only the
   * messages newer than those stored, and the lead itself only when a contact change (Yelp's
   * phone opt-in/out) may have changed its number; anything else reads both in full.
   */
  private async readLead(
    job: LeadSyncJob,
    source: LeadSource,
  ): Promise<{ fields: LeadFields; events: LeadMessage[]; hasNew: boolean }> {
    const stored = INCREMENTAL_REASONS.has(job.reason)
      ? await findLead(this.db, job.clientId, job.leadId)
      : null
    if (stored) {
      const known = storedMessagesOf(stored)
      const knownIds = new Set(known.map((message) => message.id))
      const fetched = await source.readMessages(job.clientId, job.leadId, { knownIds })
      const events = mergeMessagesById(known, fetched)
      const added = fetched.filter((message) => !knownIds.has(message.id))
      const contactChanged = added.some((message) => message.kind === 'contact_changed')
      if (!contactChanged) return { fields: withMessages(stored, events), events, hasNew: added.length > 0 }
      const lead = await source.readLead(job.clientId, job.leadId)
      return { fields: toLeadFields(job.clientId, source.id, lead, events), events, hasNew: true }
    }
    const lead = await source.readLead(job.clientId, job.leadId)
    const events = await source.readMessages(job.clientId, job.leadId)
    return { fields: toLeadFields(job.clientId, source.id, lead, events), events, hasNew: true }
  }

  /**
   * Forwards the pending events. A link taken from the mapping unverified may point at a
   * contact or conversation deleted in GHL since: on a permanent refusal the contact is checked
   * and repaired, and the events are offered again (their claims keep each one once).
   */
  private async forwardNew(
    client: GhlConnection,
    leadId: string,
    pending: LeadMessage[],
    link: ContactLink,
    lead: LeadFields,
    signal?: AbortSignal,
  ): Promise<number> {
    const progress = { forwarded: 0 }
    // The row's platform: the lead's own source (a row stored before sources had none: Yelp's).
    const source = this.sources.get(lead.source).id
    try {
      await this.forwardAll({ clientId: client.clientId, leadId, source }, pending, link, progress, signal)
    } catch (error) {
      if (link.verified || !isMissingInGhl(error)) throw error
      const repaired = await this.contacts.ensureContact(client, lead, {
        verify: true,
        distrustConversation: true,
      })
      await this.forwardAll(
        { clientId: client.clientId, leadId, source },
        pending,
        repaired,
        progress,
        signal,
      )
    }
    return progress.forwarded
  }

  /**
   * Forwards each event in order. One GHL refuses (a 4xx) is recorded on its message row by the
   * forwarder and the others still go; the job fails at the end, naming the refusals, so it
   * shows for an operator. One GHL cannot take now (a 5xx or timeout, every time for a message
   * it chokes on) stays pending and the later ones still go; the job then ends transient, so the
   * stuck one is retried on (docs/decisions/0018 §2). Two such failures in a row, or a rate limit
   * or daily cap (a wait GHL named), mean GHL is out, not the message: the run stops there, and
   * so does a refusal that may mean an unverified link is stale (forwardNew repairs it).
   */
  private async forwardAll(
    lead: { clientId: string; leadId: string; source: string },
    events: LeadMessage[],
    link: ContactLink,
    progress: { forwarded: number },
    signal?: AbortSignal,
  ): Promise<void> {
    const refused: PermanentProviderError[] = []
    const stuck: TransientProviderError[] = []
    let lastFailedTransiently = false
    for (const event of events) {
      // Another sync holds the lead now: it forwards the rest; two could post one pending event.
      signal?.throwIfAborted()
      try {
        if (await this.forwarder.forward({ ...lead, message: event, link })) {
          progress.forwarded += 1
          countForwarded(event)
        }
        lastFailedTransiently = false
      } catch (error) {
        if (error instanceof TransientProviderError) {
          if (lastFailedTransiently || error.retryAfterMs !== undefined) throw error
          lastFailedTransiently = true
          stuck.push(error)
          continue
        }
        if (!(error instanceof PermanentProviderError)) throw error
        if (!link.verified && isMissingInGhl(error)) throw error
        refused.push(error)
      }
    }
    const [firstStuck] = stuck
    if (firstStuck) {
      throw new TransientProviderError(
        firstStuck.platform,
        `GoHighLevel could not take ${stuck.length} message(s) of lead ${lead.leadId} now; the others were forwarded: ${stuck.map((e) => e.message).join('; ')}`,
      )
    }
    const [first] = refused
    if (!first) return
    throw new PermanentProviderError(
      first.platform,
      `GoHighLevel refused ${refused.length} message(s) of lead ${lead.leadId}; the others were forwarded: ${refused.map((e) => e.message).join('; ')}`,
      first.status,
      first.code,
    )
  }
}

/** Live flow only: an event older than this when forwarded came by a reconcile, an import or a retry. */
const LIVE_LATENCY_MAX_S = 15 * 60

/** docs/spec/product.md §9.5: forwarded messages, and the webhook → GHL latency of consumer messages. */
function countForwarded(message: LeadMessage): void {
  const isConsumer = message.author === 'consumer'
  messagesForwarded.inc({ direction: isConsumer ? 'inbound' : 'outbound' })
  const seconds = (Date.now() - new Date(message.time).getTime()) / 1000
  // A source's clock and ours may differ by a little: a message "from the future" took no time.
  if (isConsumer && seconds > -60 && seconds <= LIVE_LATENCY_MAX_S)
    webhookToGhlSeconds.observe(Math.max(0, seconds))
}

/** GHL's refusal of a contact or conversation that no longer exists (deleted in GHL). */
function isMissingInGhl(error: unknown): boolean {
  if (!(error instanceof PermanentProviderError)) return false
  return error.status === 404 || (error.status === 400 && /not found/i.test(error.message))
}
