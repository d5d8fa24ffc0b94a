import { isDeepStrictEqual } from 'node:util'
import type { DB } from '../../db/database.ts'
import type { GhlConnection } from '../../repositories/connections.repository.ts'
import { listFieldRecords } from '../../repositories/custom-fields.repository.ts'
import { findContactMapping, saveContactMapping } from '../../repositories/ghl-contacts.repository.ts'
import type { LeadFields } from '../../repositories/leads.repository.ts'
import type { GhlPort } from '../provider-ports.ts'
import type { LeadSources } from '../sources/sources.ts'
import { buildContact } from './contact-builder.ts'

/** A lead's GHL contact and conversation, where its messages are posted. */
export interface ContactLink {
  contactId: string
  conversationId: string
  locationId: string
  /** False when taken from the stored mapping without asking GHL (see GhlContactLinker.ensureContact). */
  verified: boolean
}

/** The tag the hub puts on its contacts, naming the lead's source ('yelp-lead'). */
const leadTagOf = (sourceId: string) => `${sourceId}-lead`

/**
 * The link between a stored lead and its GHL contact (docs/spec/product.md §3): the lead sync,
 * the contact sync, an inbox edit of the contact and the mirror of an inbox reply all go through
 * it, so none of them needs the whole sync.
 */
export class GhlContactLinker {
  constructor(
    private readonly db: DB,
    private readonly ghl: GhlPort,
    /** The lead's source names the contact's `source` ('Yelp'). */
    private readonly sources: Pick<LeadSources, 'get'>,
  ) {}

  /**
   * Upserts the lead's GHL contact and conversation and records the mapping (stored mapping
   * first, then GHL's duplicate search by email or phone, never by name). Without `verify`, a
   * mapping whose contact fields are unchanged since they were last written is trusted as it
   * is, with no GHL call; the lead sync repairs it if GHL refuses it, with
   * `distrustConversation` when the stored conversation may be the part that is gone.
   */
  async ensureContact(
    client: GhlConnection,
    lead: LeadFields,
    options: { verify: boolean; distrustConversation?: boolean },
  ): Promise<ContactLink> {
    const clientId = client.clientId
    const locationId = locationOf(client)
    const source = this.sources.get(lead.source)
    const draft = buildContact(lead, await listFieldRecords(this.db, clientId), source.label)
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
        await this.ghl.addTags(clientId, locationId, contactId, [leadTagOf(source.id)])
      } else {
        const upserted = await this.ghl.upsertContact(clientId, locationId, {
          locationId,
          ...draft,
          tags: [leadTagOf(source.id)],
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
