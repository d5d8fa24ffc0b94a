import type { FastifyInstance } from 'fastify'
import { ownLocation } from './ghl-contacts.routes.ts'
import { badRequest, unprocessable } from './ghl-errors.ts'
import { ghlId } from './ghl-ids.ts'
import { type Caller, type GhlContext, ghlRoute, VERSION_CONTACTS } from './ghl-route.guard.ts'
import type { GhlCustomField } from './ghl-store.ts'
import { type Body, type Dto, queryParam, str, validateDto } from './ghl-validation.ts'

/** docs/providers/ghl.md §8 `dataType` enum of the location endpoint (EMAIL exists only on the newer /custom-fields API). */
export const CUSTOM_FIELD_TYPES = [
  'TEXT',
  'LARGE_TEXT',
  'NUMERICAL',
  'PHONE',
  'MONETORY',
  'CHECKBOX',
  'SINGLE_OPTIONS',
  'MULTIPLE_OPTIONS',
  'DATE',
  'TEXTBOX_LIST',
  'FILE_UPLOAD',
  'RADIO',
] as const

/** docs/providers/ghl.md §8: options are not in the spec; community code sends `options: string[]` (medium). */
const OPTION_TYPES = new Set(['SINGLE_OPTIONS', 'MULTIPLE_OPTIONS', 'RADIO', 'CHECKBOX'])

/** locations.json UpdateCustomFieldsDTO, plus the community `options`. */
const UPDATE_DTO: Dto = {
  name: { type: 'string', required: true },
  placeholder: { type: 'string' },
  position: { type: 'number' },
  model: { type: 'enum', values: ['contact', 'opportunity'] },
  textBoxListOptions: { type: 'array' },
  acceptedFormat: { type: 'stringArray' },
  isMultipleFile: { type: 'boolean' },
  maxNumberOfFiles: { type: 'number' },
  options: { type: 'stringArray' },
}

/** locations.json CreateCustomFieldsDTO: the update fields plus `dataType`. */
const CREATE_DTO: Dto = {
  ...UPDATE_DTO,
  dataType: { type: 'enum', values: CUSTOM_FIELD_TYPES, required: true },
}

export function registerGhlCustomFieldRoutes(app: FastifyInstance, ctx: GhlContext): void {
  const read = { version: VERSION_CONTACTS, scope: 'locations/customFields.readonly' } as const
  const write = { version: VERSION_CONTACTS, scope: 'locations/customFields.write' } as const
  const base = '/locations/:locationId/customFields'

  app.get(
    base,
    ghlRoute(ctx, read, ({ caller, params, query }) => {
      const location = ownLocation(ctx, caller, params.locationId ?? '')
      const model = queryParam(query, 'model') ?? 'all'
      if (!['contact', 'opportunity', 'all'].includes(model)) {
        throw unprocessable(['model must be one of the following values: contact, opportunity, all'])
      }
      const fields = ctx.store.customFieldsOf(location.id).filter((f) => model === 'all' || f.model === model)
      return { status: 200, body: { customFields: fields } }
    }),
  )

  app.post(
    base,
    ghlRoute(ctx, write, ({ caller, params, body }) => {
      const dto = validateDto(body, CREATE_DTO)
      const location = ownLocation(ctx, caller, params.locationId ?? '')
      // docs/providers/ghl.md §8: model omitted → contact (inferred).
      const model = dto.model === 'opportunity' ? 'opportunity' : 'contact'
      const name = String(dto.name)
      const dataType = String(dto.dataType)
      const field: GhlCustomField = {
        id: ghlId(),
        name,
        fieldKey: uniqueFieldKey(ctx, location.id, `${model}.${snakeCase(name)}`),
        placeholder: str(dto, 'placeholder') ?? '',
        dataType,
        position: typeof dto.position === 'number' ? dto.position : 0,
        model,
        picklistOptions:
          OPTION_TYPES.has(dataType) && Array.isArray(dto.options) ? dto.options.map(String) : [],
        picklistImageOptions: [],
        isAllowedCustomOption: false,
        isMultiFileAllowed: dto.isMultipleFile === true,
        maxFileLimit: typeof dto.maxNumberOfFiles === 'number' ? dto.maxNumberOfFiles : 0,
        textBoxListOptions: Array.isArray(dto.textBoxListOptions) ? dto.textBoxListOptions : [],
        acceptedFormat: Array.isArray(dto.acceptedFormat) ? dto.acceptedFormat.map(String) : [],
        locationId: location.id,
        documentType: 'field',
        parentId: null,
        standard: false,
        dateAdded: ctx.clock.iso(),
      }
      ctx.store.customFields.set(field.id, field)
      return { status: 201, body: { customField: field } }
    }),
  )

  app.get(
    `${base}/:id`,
    ghlRoute(ctx, read, ({ caller, params }) => ({
      status: 200,
      body: { customField: ownField(ctx, caller, params.locationId, params.id) },
    })),
  )

  app.put(
    `${base}/:id`,
    ghlRoute(ctx, write, ({ caller, params, body }) => {
      const dto = validateDto(body, UPDATE_DTO)
      const field = ownField(ctx, caller, params.locationId, params.id)
      applyUpdate(field, dto)
      return { status: 200, body: { customField: field } }
    }),
  )

  app.delete(
    `${base}/:id`,
    ghlRoute(ctx, write, ({ caller, params }) => {
      const field = ownField(ctx, caller, params.locationId, params.id)
      ctx.store.customFields.delete(field.id)
      for (const contact of ctx.store.contactsOf(field.locationId)) {
        contact.customFields = contact.customFields.filter((cf) => cf.id !== field.id)
      }
      // "succeded" (sic): CustomFieldDeleteSuccessfulResponseDto (docs/providers/ghl.md §8).
      return { status: 200, body: { succeded: true } }
    }),
  )
}

/** The key stays what it was at creation when a field is renamed (GHL keys are stable). */
function applyUpdate(field: GhlCustomField, dto: Body): void {
  field.name = String(dto.name)
  if (typeof dto.placeholder === 'string') field.placeholder = dto.placeholder
  if (typeof dto.position === 'number') field.position = dto.position
  if (Array.isArray(dto.options) && OPTION_TYPES.has(field.dataType))
    field.picklistOptions = dto.options.map(String)
  if (Array.isArray(dto.textBoxListOptions)) field.textBoxListOptions = dto.textBoxListOptions
  if (Array.isArray(dto.acceptedFormat)) field.acceptedFormat = dto.acceptedFormat.map(String)
  if (typeof dto.isMultipleFile === 'boolean') field.isMultiFileAllowed = dto.isMultipleFile
  if (typeof dto.maxNumberOfFiles === 'number') field.maxFileLimit = dto.maxNumberOfFiles
}

function ownField(ctx: GhlContext, caller: Caller, locationId: string | undefined, id: string | undefined) {
  const location = ownLocation(ctx, caller, locationId ?? '')
  const field = id ? ctx.store.customFields.get(id) : undefined
  if (!field || field.locationId !== location.id) throw badRequest('Custom field not found')
  return field
}

/** docs/providers/ghl.md §8: `fieldKey` is generated from the name, e.g. "Yelp Lead Id" → `contact.yelp_lead_id`. */
export function snakeCase(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

/** Names are not unique (docs/providers/ghl.md §8), keys are: a repeated name gets a numeric suffix (inferred). */
function uniqueFieldKey(ctx: GhlContext, locationId: string, key: string): string {
  const taken = new Set(ctx.store.customFieldsOf(locationId).map((f) => f.fieldKey))
  if (!taken.has(key)) return key
  let n = 1
  while (taken.has(`${key}_${n}`)) n += 1
  return `${key}_${n}`
}
