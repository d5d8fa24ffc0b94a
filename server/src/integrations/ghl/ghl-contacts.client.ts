import {
  type GhlContact,
  type GhlContactInput,
  ghlContactInputSchema,
  ghlContactResponseSchema,
  ghlDuplicateSearchSchema,
  ghlUpsertedContactSchema,
} from './ghl.schemas.ts'
import { enc, expectOk, type GhlApi, parseGhl } from './ghl-api.ts'

const CONTACT_INPUT_KEYS = ghlContactInputSchema.keyof().options

/** GHL contacts of one location (docs/providers/ghl.md §7). */
export class GhlContactsClient {
  constructor(private readonly api: GhlApi) {}

  /** docs/providers/ghl.md §7 duplicate search, by email or phone — never by name alone. */
  async searchDuplicate(
    clientId: string,
    locationId: string,
    q: { email?: string; phone?: string },
  ): Promise<GhlContact | null> {
    if (!q.email && !q.phone) return null
    // URLSearchParams encodes `+` in phones and emails, as docs/providers/ghl.md §7 requires.
    const query = new URLSearchParams({ locationId })
    if (q.email) query.set('email', q.email)
    if (q.phone) query.set('number', q.phone)
    const response = await this.api.send(
      clientId,
      locationId,
      'contacts',
      'GET',
      `/contacts/search/duplicate?${query}`,
    )
    expectOk(response, `Searching GoHighLevel contacts of location ${locationId}`)
    return parseGhl(ghlDuplicateSearchSchema, response, 'the duplicate search').contact ?? null
  }

  /** The contact, or null when GHL does not know it (it answers 400 for unknown ids, docs/providers/ghl.md §7). */
  async getContact(clientId: string, locationId: string, contactId: string): Promise<GhlContact | null> {
    const response = await this.api.send(
      clientId,
      locationId,
      'contacts',
      'GET',
      `/contacts/${enc(contactId)}`,
    )
    if (response.status === 400 || response.status === 404) return null
    expectOk(response, `Reading GoHighLevel contact ${contactId}`)
    return parseGhl(ghlContactResponseSchema, response, `contact ${contactId}`).contact
  }

  /**
   * docs/providers/ghl.md §7 upsert: follows the location's duplicate rules; `tags` here replace the contact's
   * tags (use addTags to add). Not resent after a timeout: where duplicates are allowed a resend
   * could create a second contact.
   */
  async upsertContact(
    clientId: string,
    locationId: string,
    body: GhlContactInput,
  ): Promise<{ contact: GhlContact; isNew: boolean }> {
    const response = await this.api.send(clientId, locationId, 'contacts', 'POST', '/contacts/upsert', {
      json: contactBody({ ...body, locationId }),
    })
    expectOk(response, `Upserting a GoHighLevel contact in location ${locationId}`)
    const parsed = parseGhl(ghlUpsertedContactSchema, response, 'the upserted contact')
    return { contact: parsed.contact, isNew: parsed.new === true }
  }

  async updateContact(
    clientId: string,
    locationId: string,
    contactId: string,
    body: Omit<GhlContactInput, 'locationId'>,
  ): Promise<GhlContact> {
    // PUT takes no locationId: sending it answers 422 "property locationId should not exist".
    const { locationId: _never, ...fields } = contactBody(body)
    const response = await this.api.send(
      clientId,
      locationId,
      'contacts',
      'PUT',
      `/contacts/${enc(contactId)}`,
      { json: fields },
    )
    expectOk(response, `Updating GoHighLevel contact ${contactId}`)
    return parseGhl(ghlContactResponseSchema, response, `contact ${contactId}`).contact
  }

  /** Adds tags without replacing the others (docs/providers/ghl.md §7); adding one twice changes nothing. */
  async addTags(clientId: string, locationId: string, contactId: string, tags: string[]): Promise<void> {
    if (tags.length === 0) return
    const response = await this.api.send(
      clientId,
      locationId,
      'contacts',
      'POST',
      `/contacts/${enc(contactId)}/tags`,
      { json: { tags }, retryOnTimeout: true },
    )
    expectOk(response, `Tagging GoHighLevel contact ${contactId}`)
  }
}

/** Only the known, defined properties: GHL answers 422 to any other (docs/providers/ghl.md §7, #262). */
function contactBody(input: Partial<GhlContactInput>): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const key of CONTACT_INPUT_KEYS) if (input[key] !== undefined) body[key] = input[key]
  return body
}
