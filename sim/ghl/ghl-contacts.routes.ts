import type { FastifyInstance } from 'fastify'
import { GhlContactsService, serializeContact } from './ghl-contacts.service.ts'
import { badRequest, noLocationAccess } from './ghl-errors.ts'
import {
  type Caller,
  type GhlContext,
  ghlRoute,
  requireLocation,
  VERSION_CONTACTS,
} from './ghl-route.guard.ts'
import type { GhlContact, GhlLocation } from './ghl-store.ts'
import { type Dto, queryParam, requiredQuery, validateDto } from './ghl-validation.ts'

/** docs/providers/ghl.md §7 body fields of create (contacts.json CreateContactDto), `locationId` required. */
const CONTACT_FIELDS: Dto = {
  firstName: { type: 'string', nullable: true },
  lastName: { type: 'string', nullable: true },
  name: { type: 'string', nullable: true },
  email: { type: 'string', nullable: true, email: true },
  phone: { type: 'string', nullable: true },
  address1: { type: 'string', nullable: true },
  city: { type: 'string', nullable: true },
  state: { type: 'string', nullable: true },
  postalCode: { type: 'string' },
  country: { type: 'string' },
  website: { type: 'string', nullable: true },
  timezone: { type: 'string', nullable: true },
  companyName: { type: 'string', nullable: true },
  source: { type: 'string' },
  tags: { type: 'stringArray' },
  customFields: { type: 'array' },
  dnd: { type: 'boolean' },
  dndSettings: { type: 'object' },
  inboundDndSettings: { type: 'object' },
  gender: { type: 'string' },
  dateOfBirth: { type: 'string', nullable: true },
  assignedTo: { type: 'string' },
}

const CREATE_DTO: Dto = { ...CONTACT_FIELDS, locationId: { type: 'string', required: true } }
/** Upsert only: `createNewIfDuplicateAllowed` (docs/providers/ghl.md §7). */
const UPSERT_DTO: Dto = { ...CREATE_DTO, createNewIfDuplicateAllowed: { type: 'boolean' } }
/** Update has no `locationId`: sending it answers 422 "property locationId should not exist". */
const UPDATE_DTO: Dto = CONTACT_FIELDS
/** contacts.json TagsDTO. */
const TAGS_DTO: Dto = { tags: { type: 'stringArray', required: true } }

export function registerGhlContactRoutes(app: FastifyInstance, ctx: GhlContext): void {
  const contacts = new GhlContactsService(ctx.store, () => ctx.clock.iso())
  const read = { version: VERSION_CONTACTS, scope: 'contacts.readonly' } as const
  const write = { version: VERSION_CONTACTS, scope: 'contacts.write' } as const

  app.post(
    '/contacts/upsert',
    ghlRoute(ctx, write, ({ caller, body }) => {
      const dto = validateDto(body, UPSERT_DTO)
      const location = ownLocation(ctx, caller, String(dto.locationId))
      const { contact, isNew } = contacts.upsert(location, dto)
      return { status: 200, body: { new: isNew, contact: serializeContact(contact) } }
    }),
  )

  const create = ghlRoute(ctx, write, ({ caller, body }) => {
    const dto = validateDto(body, CREATE_DTO)
    const location = ownLocation(ctx, caller, String(dto.locationId))
    return { status: 201, body: { contact: serializeContact(contacts.create(location, dto)) } }
  })
  // The documented path is `/contacts/`; the core server ignores trailing slashes, so `/contacts` works too.
  app.post('/contacts/', create)

  app.get(
    '/contacts/search/duplicate',
    ghlRoute(ctx, read, ({ caller, query }) => {
      const location = ownLocation(ctx, caller, requiredQuery(query, 'locationId'))
      const match = contacts.findDuplicate(location, queryParam(query, 'email'), queryParam(query, 'number'))
      // The 200 body is not in the spec; GHL answers the contact (or null) and which field matched.
      return {
        status: 200,
        body: match
          ? { contact: serializeContact(match.contact), matchingField: match.field }
          : { contact: null },
      }
    }),
  )

  app.get(
    '/contacts/:contactId',
    ghlRoute(ctx, read, ({ caller, params }) => ({
      status: 200,
      body: { contact: serializeContact(ownContact(ctx, caller, params.contactId)) },
    })),
  )

  app.put(
    '/contacts/:contactId',
    ghlRoute(ctx, write, ({ caller, body, params }) => {
      const dto = validateDto(body, UPDATE_DTO)
      const contact = ownContact(ctx, caller, params.contactId)
      const location = ownLocation(ctx, caller, contact.locationId)
      // "succeded" (sic) is the documented field name (docs/providers/ghl.md §7).
      return {
        status: 200,
        body: { succeded: true, contact: serializeContact(contacts.update(location, contact, dto)) },
      }
    }),
  )

  app.post(
    '/contacts/:contactId/tags',
    ghlRoute(ctx, write, ({ caller, body, params }) => {
      const dto = validateDto(body, TAGS_DTO)
      const contact = ownContact(ctx, caller, params.contactId)
      // Nest answers POST with 201 unless told otherwise; the spec lists the add-tags success as 201.
      return { status: 201, body: { tags: contacts.addTags(contact, dto.tags as string[]) } }
    }),
  )

  app.delete(
    '/contacts/:contactId/tags',
    ghlRoute(ctx, write, ({ caller, body, params }) => {
      const dto = validateDto(body, TAGS_DTO)
      const contact = ownContact(ctx, caller, params.contactId)
      return { status: 200, body: { tags: contacts.removeTags(contact, dto.tags as string[]) } }
    }),
  )
}

/** The caller's own sub-account, by the id the request names (403 for another one). */
export function ownLocation(ctx: GhlContext, caller: Caller, locationId: string): GhlLocation {
  requireLocation(caller, locationId)
  const location = ctx.store.locations.get(locationId)
  if (!location) throw noLocationAccess()
  return location
}

/**
 * contacts.json lists only 400/401/422 for get and update, so an unknown id (or one of another
 * sub-account) is a 400, not a 404.
 */
export function ownContact(ctx: GhlContext, caller: Caller, contactId: string | undefined): GhlContact {
  const contact = contactId ? ctx.store.contacts.get(contactId) : undefined
  if (!contact || contact.locationId !== caller.locationId) throw badRequest('Contact not found')
  return contact
}
