import type { DB } from '../../db/database.ts'
import {
  type ClientRow,
  findClient,
  ghlTokensOf,
  updateClient,
} from '../../modules/clients/clients.repository.ts'
import { findContactMapping, saveContactMapping } from '../../modules/contacts/ghl-contacts.repository.ts'
import { listFieldRecords } from '../../modules/custom-fields/custom-fields.repository.ts'
import { type LeadFields, type LeadRow, upsertLead } from '../../modules/leads/leads.repository.ts'
import type { GhlPort, LeadsPort } from '../provider-ports.ts'
import type { LeadSyncJob } from '../queues.ts'
import { NeedsReauthError } from '../token-manager.ts'
import { buildContact } from './contact-builder.ts'
import { EventForwarder } from './event-forwarder.ts'
import { toLeadFields } from './lead-mapper.ts'
import type { YelpEventLike } from './yelp-shapes.ts'

export interface LeadSyncOutcome {
  leadId: string
  stored: boolean
  forwarded: number
  skipped?: string
}

export interface ContactLink {
  contactId: string
  conversationId: string
  locationId: string
}

const LEAD_TAG = 'yelp-lead'

/**
 * Yelp → GHL for one lead (PRODUCT.md §3): fetch the lead and all its events, store them,
 * upsert the GHL contact (stored mapping first, then GHL's duplicate search by email or phone,
 * never by name), find or create its conversation, and forward each event not forwarded yet.
 * Safe to run again at any point: every step is an upsert or guarded by the event's claim.
 */
export class LeadSyncHandler {
  private readonly forwarder: EventForwarder

  constructor(
    private readonly db: DB,
    private readonly leads: LeadsPort,
    private readonly ghl: GhlPort,
  ) {
    this.forwarder = new EventForwarder(db, ghl)
  }

  async run(job: LeadSyncJob): Promise<LeadSyncOutcome> {
    const client = await findClient(this.db, job.clientId)
    if (!client) return { leadId: job.leadId, stored: false, forwarded: 0, skipped: 'client deleted' }
    const lead = await this.leads.getLead(job.clientId, job.leadId)
    const events = await this.leads.listEvents(job.clientId, job.leadId)
    const fields = toLeadFields(job.clientId, lead, events)
    await upsertLead(this.db, fields)
    await updateClient(this.db, job.clientId, {})
    if (!isGhlConnected(client)) {
      // Waiting for its owner to authorize again: park (the engine re-queues it on reconnect)
      // rather than complete, or this lead's messages would wait for the next reconcile.
      if (ghlTokensOf(client).needsReauth)
        throw new NeedsReauthError(
          'ghl',
          `The GoHighLevel connection of client ${client.clientId} needs to be authorized again`,
        )
      return { leadId: job.leadId, stored: true, forwarded: 0, skipped: 'GoHighLevel is not connected yet' }
    }
    const link = await this.ensureContact(client, fields)
    let forwarded = 0
    for (const event of events) {
      if (await this.forwarder.forward({ clientId: client.clientId, leadId: job.leadId, event, link }))
        forwarded += 1
    }
    return { leadId: job.leadId, stored: true, forwarded }
  }

  /** Contact and stored events of a lead already in the database (no Yelp call). */
  async syncFromStore(client: ClientRow, lead: LeadRow): Promise<number> {
    const link = await this.ensureContact(client, lead)
    let forwarded = 0
    for (const event of (lead.events ?? []) as YelpEventLike[]) {
      if (await this.forwarder.forward({ clientId: client.clientId, leadId: lead.leadId, event, link }))
        forwarded += 1
    }
    return forwarded
  }

  /** Upserts the lead's GHL contact and conversation and records the mapping. */
  async ensureContact(client: ClientRow, lead: LeadFields): Promise<ContactLink> {
    const clientId = client.clientId
    const locationId = locationOf(client)
    const draft = buildContact(lead, await listFieldRecords(this.db, clientId))
    const mapping = await findContactMapping(this.db, clientId, lead.leadId)
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
        // Tags on update would overwrite the contact's own (ghl.md §7): add ours separately.
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
    const sameContact = mapping?.ghlContactId === contactId
    // A contact GHL just created has no conversation yet: skip the search, one call of the
    // location's 100 per 10 s (ghl.md §10). A create that finds one anyway falls back to it.
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
    return { contactId, conversationId, locationId }
  }
}

export function isGhlConnected(client: ClientRow): boolean {
  const tokens = ghlTokensOf(client)
  return (
    Boolean(tokens.accessToken) && !tokens.needsReauth && Boolean(client.ghlLocationId ?? tokens.locationId)
  )
}

export function locationOf(client: ClientRow): string {
  const locationId = client.ghlLocationId ?? ghlTokensOf(client).locationId
  if (!locationId) throw new Error(`Client ${client.clientId} has no GoHighLevel location`)
  return locationId
}
