import { isDeepStrictEqual } from 'node:util'
import type { DB } from '../../db/database.ts'
import { PermanentProviderError, TransientProviderError } from '../../integrations/http/provider-errors.ts'
import { NeedsReauthError } from '../../integrations/oauth/token-manager.ts'
import type { YelpEvent } from '../../integrations/yelp/yelp.schemas.ts'
import { isMessageEvent } from '../../integrations/yelp/yelp-events.ts'
import { messagesForwarded, webhookToGhlSeconds } from '../../lib/process-metrics.ts'
import { updateClient } from '../../repositories/clients.repository.ts'
import { findGhlConnection, type GhlConnection } from '../../repositories/connections.repository.ts'
import { listFieldRecords } from '../../repositories/custom-fields.repository.ts'
import { listSettledEventIds } from '../../repositories/event-claims.repository.ts'
import { findContactMapping, saveContactMapping } from '../../repositories/ghl-contacts.repository.ts'
import { saveLeadWaits } from '../../repositories/lead-waits.repository.ts'
import { findLead, type LeadFields, type LeadRow, upsertLead } from '../../repositories/leads.repository.ts'
import { recordMissedWebhooks } from '../../repositories/missed-webhooks.repository.ts'
import { type AlertPort, NO_ALERTS } from '../alerts/alert-port.ts'
import { type ChangePort, NO_CHANGES } from '../changes/change-port.ts'
import { leadConversationTimes } from '../lead-figures/lead-waits.ts'
import type { GhlPort, LeadsPort } from '../provider-ports.ts'
import { INCREMENTAL_REASONS, type LeadSyncJob } from '../queue/queues.ts'
import { buildContact } from './contact-builder.ts'
import { type ContactLink, EventForwarder } from './event-forwarder.ts'
import { raiseLeadAlerts } from './lead-alerts.ts'
import { mergeEventsById, storedEventsOf, toLeadFields, withEvents } from './lead-mapper.ts'

export interface LeadSyncOutcome {
  leadId: string
  stored: boolean
  forwarded: number
  skipped?: string
}

/** Queues the fetch of a stored lead's Yelp metrics (docs/decisions/0014; the yelp-lead-metrics queue). */
export type QueueLeadMetrics = (clientId: string, leadId: string) => Promise<void>
/** Told once a lead's GHL contact exists (the pipeline queues its opportunity, docs/spec/product.md §9.4). */
export type ContactReady = (clientId: string, leadId: string) => Promise<void>

const LEAD_TAG = 'yelp-lead'
/**
 * A webhook's update type for a new lead or message (docs/providers/yelp.md §2). For a lead already stored,
 * such a sync reads only the new events; imports, reconciles and retries read everything.
 */
const NEW_EVENT = 'NEW_EVENT'
/** How many times a sync reads a lead for the event its webhook announced (lookAgainForAnnouncedEvent). */
const ANNOUNCED_EVENT_LOOKS = 8

/** What the engine adds to a job it runs again after a transient failure (engine.ts reschedule). */
interface RetriedJob {
  retry?: { attempt?: number }
}

/**
 * Yelp → GHL for one lead (docs/spec/product.md §3): fetch the lead and its events, store them, upsert
 * the GHL contact (stored mapping first, then GHL's duplicate search by email or phone, never
 * by name), find or create its conversation, and forward each event not forwarded yet.
 * Safe to run again at any point: every step is an upsert or guarded by the event's claim.
 *
 * Provider calls are the scarce resource (Yelp: 5 a second per endpoint for the whole hub;
 * GHL: 100 per 10 s per location), so a new message on a known lead costs one Yelp call and
 * one GHL call: its new events only, no lead re-read unless a phone opt-in changed it, and no
 * contact update unless the contact's fields changed.
 */
export class LeadSyncHandler {
  private readonly forwarder: EventForwarder

  constructor(
    private readonly db: DB,
    private readonly leads: LeadsPort,
    private readonly ghl: GhlPort,
    private readonly changes: ChangePort = NO_CHANGES,
    private readonly queueMetrics: QueueLeadMetrics = async () => {},
    /** Told when the lead's conversation was stored: its first reply or follow-ups may be due. */
    private readonly conversationStored: QueueLeadMetrics = async () => {},
    private readonly contactReady: ContactReady = async () => {},
    private readonly alerts: AlertPort = NO_ALERTS,
  ) {
    this.forwarder = new EventForwarder(db, ghl)
  }

  /**
   * `signal`: aborted when this sync's lead lease was lost (lead-lease.ts); it stops writing.
   * A sync a webhook queued for an event Yelp does not list yet looks again later (see
   * lookAgainForAnnouncedEvent) after doing what it found.
   */
  async run(job: LeadSyncJob & RetriedJob, signal?: AbortSignal): Promise<LeadSyncOutcome> {
    const { eventIds, ...outcome } = await this.sync(job, signal)
    if (!job.eventId || outcome.skipped === 'client deleted' || eventIds.includes(job.eventId)) return outcome
    return this.lookAgainForAnnouncedEvent(job, job.eventId, outcome)
  }

  /**
   * Yelp can send an event's webhook before its events list shows the event (docs/decisions/0013,
   * "Announced events Yelp does not list yet"): a sync that finds nothing new then would leave the message for the reconcile's next
   * checkpoint. It fails as transient instead, so the engine runs it again after a backoff, up
   * to ANNOUNCED_EVENT_LOOKS times; an event that never shows then ends the job quietly.
   */
  private lookAgainForAnnouncedEvent(
    job: LeadSyncJob & RetriedJob,
    eventId: string,
    outcome: LeadSyncOutcome,
  ): LeadSyncOutcome {
    const looks = (job.retry?.attempt ?? 0) + 1
    if (looks >= ANNOUNCED_EVENT_LOOKS)
      return { ...outcome, skipped: `event ${eventId} was announced but Yelp never listed it` }
    throw new TransientProviderError(
      'yelp',
      `Yelp announced event ${eventId} of lead ${job.leadId} but does not list it yet (look ${looks} of ${ANNOUNCED_EVENT_LOOKS})`,
    )
  }

  private async sync(
    job: LeadSyncJob,
    signal?: AbortSignal,
  ): Promise<LeadSyncOutcome & { eventIds: string[] }> {
    const client = await findGhlConnection(this.db, job.clientId)
    if (!client)
      return { leadId: job.leadId, stored: false, forwarded: 0, skipped: 'client deleted', eventIds: [] }
    const { fields, events, hasNew } = await this.readLead(job)
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
    const before = await findLead(this.db, job.clientId, job.leadId)
    const { needsMetrics } = await upsertLead(this.db, fields)
    await saveLeadWaits(this.db, job.clientId, job.leadId, leadConversationTimes(events).waits)
    await this.conversationStored(job.clientId, job.leadId)
    const { unannounced } = await raiseLeadAlerts(this.alerts, job, before, fields, events, pending)
    // System Health shows it too, whether or not a channel takes webhooks.silent.
    if (unannounced) await recordMissedWebhooks(this.db, job.clientId, unannounced)
    // Queued as soon as the lead is stored, whatever becomes of its forwarding below.
    if (needsMetrics) await this.queueMetrics(job.clientId, job.leadId)
    await updateClient(this.db, job.clientId, {})
    // Open inboxes show the new message now, before (and whether or not) GHL takes it.
    this.changes.announce({ topic: 'leads', clientId: job.clientId, leadId: job.leadId })
    this.changes.announce({ topic: 'clients', clientId: job.clientId })
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
    const link = await this.ensureContact(client, fields, { verify: job.reason !== NEW_EVENT })
    await this.contactReady(job.clientId, job.leadId)
    const forwarded = await this.forwardNew(client, job.leadId, pending, link, fields, signal)
    return { leadId: job.leadId, stored: true, forwarded, eventIds }
  }

  /** Contact and stored events of a lead already in the database (no Yelp call). */
  async syncFromStore(client: GhlConnection, lead: LeadRow, signal?: AbortSignal): Promise<number> {
    const link = await this.ensureContact(client, lead, { verify: true })
    await this.contactReady(client.clientId, lead.leadId)
    const pending = await this.unsettled(client.clientId, lead.leadId, storedEventsOf(lead))
    return this.forwardNew(client, lead.leadId, pending, link, lead, signal)
  }

  /**
   * The events less the echoes of the hub's own replies, each claimed as such before anything
   * reads the stored conversation: the automation this sync queues counts a business event not
   * claimed as an echo as a person's reply, which ends the follow-ups for good.
   */
  private async withoutEchoes(clientId: string, leadId: string, events: YelpEvent[]): Promise<YelpEvent[]> {
    const others: YelpEvent[] = []
    for (const event of events)
      if (!(await this.forwarder.claimAsEcho(clientId, leadId, event))) others.push(event)
    return others
  }

  /** The message events not forwarded (nor recognised as an echo) yet. */
  private async unsettled(clientId: string, leadId: string, events: YelpEvent[]) {
    const settled = await listSettledEventIds(this.db, clientId, leadId)
    return events.filter((event) => isMessageEvent(event) && !settled.has(event.id))
  }

  /**
   * The lead's fields and all its events. A new event on a stored lead reads only the events
   * newer than those stored, and the lead object only when a phone opt-in/out may have
   * changed its number; anything else reads both in full.
   */
  private async readLead(
    job: LeadSyncJob,
  ): Promise<{ fields: LeadFields; events: YelpEvent[]; hasNew: boolean }> {
    const stored = INCREMENTAL_REASONS.has(job.reason)
      ? await findLead(this.db, job.clientId, job.leadId)
      : null
    if (stored) {
      const known = storedEventsOf(stored)
      const knownIds = new Set(known.map((event) => event.id))
      const fetched = await this.leads.listEvents(job.clientId, job.leadId, { knownIds })
      const events = mergeEventsById(known, fetched)
      const added = fetched.filter((event) => !knownIds.has(event.id))
      const phoneChanged = added.some((event) => !isMessageEvent(event))
      if (!phoneChanged) return { fields: withEvents(stored, events), events, hasNew: added.length > 0 }
      const lead = await this.leads.getLead(job.clientId, job.leadId)
      return { fields: toLeadFields(job.clientId, lead, events), events, hasNew: true }
    }
    const lead = await this.leads.getLead(job.clientId, job.leadId)
    const events = await this.leads.listEvents(job.clientId, job.leadId)
    return { fields: toLeadFields(job.clientId, lead, events), events, hasNew: true }
  }

  /**
   * Forwards the pending events. A link taken from the mapping unverified may point at a
   * contact or conversation deleted in GHL since: on a permanent refusal the contact is checked
   * and repaired, and the events are offered again (their claims keep each one once).
   */
  private async forwardNew(
    client: GhlConnection,
    leadId: string,
    pending: YelpEvent[],
    link: ContactLink,
    lead: LeadFields,
    signal?: AbortSignal,
  ): Promise<number> {
    const progress = { forwarded: 0 }
    try {
      await this.forwardAll(client.clientId, leadId, pending, link, progress, signal)
    } catch (error) {
      if (link.verified || !isMissingInGhl(error)) throw error
      const repaired = await this.ensureContact(client, lead, { verify: true, distrustConversation: true })
      await this.forwardAll(client.clientId, leadId, pending, repaired, progress, signal)
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
    clientId: string,
    leadId: string,
    events: YelpEvent[],
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
        if (await this.forwarder.forward({ clientId, leadId, event, link })) {
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
        `GoHighLevel could not take ${stuck.length} message(s) of lead ${leadId} now; the others were forwarded: ${stuck.map((e) => e.message).join('; ')}`,
      )
    }
    const [first] = refused
    if (!first) return
    throw new PermanentProviderError(
      first.platform,
      `GoHighLevel refused ${refused.length} message(s) of lead ${leadId}; the others were forwarded: ${refused.map((e) => e.message).join('; ')}`,
      first.status,
      first.code,
    )
  }

  /**
   * Upserts the lead's GHL contact and conversation and records the mapping. Without `verify`,
   * a mapping whose contact fields are unchanged since they were last written is trusted as it
   * is, with no GHL call; forwardNew repairs it if GHL refuses it, with `distrustConversation`
   * when the stored conversation may be the part that is gone.
   */
  async ensureContact(
    client: GhlConnection,
    lead: LeadFields,
    options: { verify: boolean; distrustConversation?: boolean },
  ): Promise<ContactLink> {
    const clientId = client.clientId
    const locationId = locationOf(client)
    const draft = buildContact(lead, await listFieldRecords(this.db, clientId))
    const mapping = await findContactMapping(this.db, clientId, lead.leadId)
    if (
      !options.verify &&
      mapping?.conversationId &&
      mapping.ghlLocationId === locationId &&
      isDeepStrictEqual(asStored(draft), mapping.sent)
    ) {
      return {
        contactId: mapping.ghlContactId,
        conversationId: mapping.conversationId,
        locationId,
        verified: false,
      }
    }
    let contactId: string | null = null
    let isNewContact = false
    if (mapping && (await this.ghl.getContact(clientId, locationId, mapping.ghlContactId))) {
      contactId = (await this.ghl.updateContact(clientId, locationId, mapping.ghlContactId, draft)).id
    }
    if (!contactId) {
      const duplicate =
        (draft.email ? await this.ghl.searchDuplicate(clientId, locationId, { email: draft.email }) : null) ??
        (draft.phone ? await this.ghl.searchDuplicate(clientId, locationId, { phone: draft.phone }) : null)
      if (duplicate) {
        contactId = (await this.ghl.updateContact(clientId, locationId, duplicate.id, draft)).id
        // Tags on update would overwrite the contact's own (docs/providers/ghl.md §7): add ours separately.
        await this.ghl.addTags(clientId, locationId, contactId, [LEAD_TAG])
      } else {
        const upserted = await this.ghl.upsertContact(clientId, locationId, {
          locationId,
          ...draft,
          tags: [LEAD_TAG],
        })
        contactId = upserted.contact.id
        isNewContact = upserted.isNew
      }
    }
    const sameContact = mapping?.ghlContactId === contactId && !options.distrustConversation
    // A contact GHL just created has no conversation yet: skip the search, one call of the
    // location's 100 per 10 s (docs/providers/ghl.md §10). A create that finds one anyway falls back to it.
    const conversationId =
      (sameContact ? mapping?.conversationId : null) ??
      (isNewContact ? null : (await this.ghl.findConversation(clientId, locationId, contactId))?.id) ??
      (await this.ghl.createConversation(clientId, locationId, contactId)).id
    await saveContactMapping(this.db, {
      clientId,
      leadId: lead.leadId,
      ghlContactId: contactId,
      ghlLocationId: locationId,
      conversationId,
      sent: draft,
    })
    return { contactId, conversationId, locationId, verified: true }
  }
}

/** Live flow only: an event older than this when forwarded came by a reconcile, an import or a retry. */
const LIVE_LATENCY_MAX_S = 15 * 60

/** docs/spec/product.md §9.5: forwarded messages, and the webhook → GHL latency of consumer messages. */
function countForwarded(event: YelpEvent): void {
  const isConsumer = event.user_type === 'CONSUMER'
  messagesForwarded.inc({ direction: isConsumer ? 'inbound' : 'outbound' })
  const seconds = (Date.now() - new Date(event.time_created).getTime()) / 1000
  // Yelp's clock and ours may differ by a little: an event "from the future" took no time.
  if (isConsumer && seconds > -60 && seconds <= LIVE_LATENCY_MAX_S)
    webhookToGhlSeconds.observe(Math.max(0, seconds))
}

/** GHL's refusal of a contact or conversation that no longer exists (deleted in GHL). */
function isMissingInGhl(error: unknown): boolean {
  if (!(error instanceof PermanentProviderError)) return false
  return error.status === 404 || (error.status === 400 && /not found/i.test(error.message))
}

/** A value as it reads back from a jsonb column (undefined members dropped). */
function asStored(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value))
}

/** The client's GHL connection can take leads: tokens, no re-authorization pending, a location. */
export function isGhlConnected(client: GhlConnection): boolean {
  return client.connected && !client.needsReauth && Boolean(client.locationId)
}

export function locationOf(client: GhlConnection): string {
  const { locationId } = client
  if (!locationId) throw new Error(`Client ${client.clientId} has no GoHighLevel location`)
  return locationId
}
