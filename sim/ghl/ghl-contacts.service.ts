import { badRequest } from './ghl-errors.ts'
import { ghlId } from './ghl-ids.ts'
import type { DuplicateField, GhlContact, GhlLocation, GhlStore } from './ghl-store.ts'
import { asBody, type Body } from './ghl-validation.ts'

/** Plain string fields copied as given (docs/providers/ghl.md §7 body fields). */
const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'address1',
  'city',
  'state',
  'postalCode',
  'country',
  'website',
  'timezone',
  'companyName',
  'source',
  'gender',
  'dateOfBirth',
  'assignedTo',
] as const

/**
 * Contacts with the location's duplicate rules (docs/providers/ghl.md §7 "Duplicate rules", contacts.json
 * "Get Duplicate Contact"): a contact is identified by email or phone, in the location's
 * priority order; when duplicates are disallowed, a second contact with the same email or phone
 * is refused.
 */
export class GhlContactsService {
  constructor(
    private readonly store: GhlStore,
    private readonly now: () => string,
  ) {}

  /** docs/providers/ghl.md §7 upsert: returns the contact and whether it was created. */
  upsert(location: GhlLocation, body: Body): { contact: GhlContact; isNew: boolean } {
    if (location.allowDuplicateContact && body.createNewIfDuplicateAllowed === true) {
      return { contact: this.insert(location, body), isNew: true }
    }
    const wanted = identifiers(body)
    const match = this.firstMatch(location, wanted)
    if (!match) return { contact: this.insert(location, body), isNew: true }
    // Issue #37: email matches A and phone matches B → A (first priority) is updated and the
    // conflicting identifier is silently ignored.
    const ignored = new Set<DuplicateField>()
    for (const field of ['email', 'phone'] as const) {
      const value = wanted[field]
      if (field === match.field || !value) continue
      const other = this.findBy(location.id, field, value)
      if (other && other.id !== match.contact.id) ignored.add(field)
    }
    this.apply(match.contact, body, ignored)
    return { contact: match.contact, isNew: false }
  }

  /** docs/providers/ghl.md §7 create (201); a duplicate is refused when the location disallows duplicates. */
  create(location: GhlLocation, body: Body): GhlContact {
    this.refuseDuplicate(location, identifiers(body), null)
    return this.insert(location, body)
  }

  update(location: GhlLocation, contact: GhlContact, body: Body): GhlContact {
    this.refuseDuplicate(location, identifiers(body), contact.id)
    this.apply(contact, body, new Set())
    return contact
  }

  /**
   * contacts.json "Get Duplicate Contact": with duplicates disallowed the unique identifiers are
   * searched; with them allowed email comes first, then phone. The location's priority order
   * covers both (default email, phone).
   */
  findDuplicate(location: GhlLocation, email?: string, phone?: string) {
    const wanted = {
      email: email ? normalizeEmail(email) : undefined,
      phone: phone ? normalizePhone(phone) : undefined,
    }
    return this.firstMatch(location, wanted)
  }

  /** Tag endpoints add or remove without touching the others (docs/providers/ghl.md §7). */
  addTags(contact: GhlContact, tags: string[]): string[] {
    contact.tags = normalizeTags([...contact.tags, ...tags])
    contact.dateUpdated = this.now()
    return contact.tags
  }

  removeTags(contact: GhlContact, tags: string[]): string[] {
    const removed = new Set(normalizeTags(tags))
    contact.tags = contact.tags.filter((t) => !removed.has(t))
    contact.dateUpdated = this.now()
    return contact.tags
  }

  private insert(location: GhlLocation, body: Body): GhlContact {
    const now = this.now()
    const contact: GhlContact = {
      id: ghlId(),
      locationId: location.id,
      type: 'lead',
      tags: [],
      customFields: [],
      dateAdded: now,
      dateUpdated: now,
    }
    this.apply(contact, body, new Set())
    contact.dateUpdated = now
    this.store.contacts.set(contact.id, contact)
    return contact
  }

  private apply(contact: GhlContact, body: Body, ignored: Set<DuplicateField>): void {
    for (const key of TEXT_FIELDS) {
      const value = body[key]
      if (typeof value === 'string' || value === null) contact[key] = value
    }
    if (typeof body.name === 'string' && body.firstName === undefined && body.lastName === undefined) {
      const [first, ...rest] = body.name.trim().split(/\s+/)
      contact.firstName = first ?? null
      contact.lastName = rest.length > 0 ? rest.join(' ') : null
    }
    contact.contactName = [contact.firstName, contact.lastName].filter(Boolean).join(' ') || null
    const wanted = identifiers(body)
    if (wanted.email !== undefined && !ignored.has('email')) contact.email = wanted.email
    if (wanted.phone !== undefined && !ignored.has('phone')) contact.phone = wanted.phone
    if (typeof body.dnd === 'boolean') contact.dnd = body.dnd
    if (body.dndSettings !== undefined) contact.dndSettings = asBody(body.dndSettings)
    if (body.inboundDndSettings !== undefined) contact.inboundDndSettings = asBody(body.inboundDndSettings)
    // docs/providers/ghl.md §7: `tags` on upsert/create/update overwrite all existing tags.
    if (Array.isArray(body.tags)) contact.tags = normalizeTags(body.tags.map(String))
    if (Array.isArray(body.customFields)) this.applyCustomFields(contact, body.customFields)
    contact.dateUpdated = this.now()
  }

  /**
   * docs/providers/ghl.md §7: items `{id | key, field_value}` set one field each and leave the others; the
   * response lists `{id, value}`. An empty value clears the field. Unknown ids are ignored
   * (not documented; GHL does not report them).
   */
  private applyCustomFields(contact: GhlContact, items: unknown[]): void {
    const fields = this.store.customFieldsOf(contact.locationId)
    for (const item of items) {
      const entry = asBody(item)
      const field = fields.find(
        (f) =>
          f.id === entry.id ||
          (typeof entry.key === 'string' && [entry.key, `contact.${entry.key}`].includes(f.fieldKey)),
      )
      if (!field || !('field_value' in entry)) continue
      const rest = contact.customFields.filter((cf) => cf.id !== field.id)
      const value = entry.field_value
      contact.customFields = value === '' || value === null ? rest : [...rest, { id: field.id, value }]
    }
  }

  private firstMatch(location: GhlLocation, wanted: { email?: string | null; phone?: string | null }) {
    for (const field of location.duplicatePriority) {
      const value = wanted[field]
      if (!value) continue
      const contact = this.findBy(location.id, field, value)
      if (contact) return { contact, field }
    }
    return null
  }

  private findBy(locationId: string, field: DuplicateField, value: string): GhlContact | undefined {
    return this.store.contactsOf(locationId).find((c) => c[field] === value)
  }

  /**
   * docs/providers/simulators.md: "duplicate → 400 when duplicates disallowed — message shape
   * unknown". This is the text GHL users report, with the matching contact in `meta`.
   */
  private refuseDuplicate(
    location: GhlLocation,
    wanted: { email?: string | null; phone?: string | null },
    selfId: string | null,
  ): void {
    if (location.allowDuplicateContact) return
    for (const field of location.duplicatePriority) {
      const value = wanted[field]
      if (!value) continue
      const other = this.findBy(location.id, field, value)
      if (other && other.id !== selfId) {
        throw badRequest('This location does not allow duplicated contacts.', {
          meta: { contactId: other.id, matchingField: field },
        })
      }
    }
  }
}

function identifiers(body: Body): { email?: string | null; phone?: string | null } {
  const result: { email?: string | null; phone?: string | null } = {}
  if (typeof body.email === 'string') result.email = normalizeEmail(body.email)
  else if (body.email === null) result.email = null
  if (typeof body.phone === 'string') result.phone = normalizePhone(body.phone)
  else if (body.phone === null) result.phone = null
  return result
}

/** GHL matches emails case-insensitively and stores them lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * GHL stores phones in E.164 (`+1 888-888-8888` → `+18888888888`); a number without a country
 * code is read as the location's country, taken to be US here.
 */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (phone.trim().startsWith('+')) return `+${digits}`
  if (digits.length === 10) return `+1${digits}`
  return `+${digits}`
}

/** GHL keeps tags lower-cased and unique (observed behaviour; not in docs/providers/ghl.md). */
function normalizeTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))]
}

/** The contact as GHL answers it: `customFields` as `{id, value}` (docs/providers/ghl.md §7). */
export function serializeContact(contact: GhlContact): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(contact)) if (value !== undefined) result[key] = value
  return result
}
