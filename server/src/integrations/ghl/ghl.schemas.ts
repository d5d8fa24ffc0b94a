import { z } from 'zod'
import { lenient } from '../http/lenient-schema.ts'

// docs/providers/ghl.md §5 token response; only what the hub uses is required.
export const ghlTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().optional(),
  scope: z.string().optional(),
  userType: z.string().optional(),
  locationId: z.string().optional(),
  companyId: z.string().optional(),
  userId: z.string().optional(),
})
export type GhlTokenResponse = z.infer<typeof ghlTokenResponseSchema>

// docs/providers/ghl.md §8 field object; `picklistOptions` holds the options of option types.
export const ghlCustomFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  fieldKey: z.string().optional(),
  dataType: z.string(),
  picklistOptions: z.array(z.string()).optional(),
})
export type GhlCustomField = z.infer<typeof ghlCustomFieldSchema>

export const ghlCustomFieldListSchema = z.object({ customFields: z.array(ghlCustomFieldSchema) })
export const ghlCustomFieldCreatedSchema = z.object({ customField: ghlCustomFieldSchema })

// docs/providers/ghl.md §7: responses return `customFields: [{id, value}]`; unset fields come back as null.
export const ghlContactSchema = lenient(
  z.looseObject({
    id: z.string(),
    locationId: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    tags: z.array(z.string()).optional(),
    customFields: z
      .array(lenient(z.looseObject({ id: z.string(), value: z.unknown().optional() })))
      .optional(),
  }),
)
export type GhlContact = z.infer<typeof ghlContactSchema>

export const ghlUpsertedContactSchema = z.looseObject({
  new: z.boolean().optional(),
  contact: ghlContactSchema,
})
export const ghlContactResponseSchema = z.looseObject({ contact: ghlContactSchema })
export const ghlDuplicateSearchSchema = z.looseObject({ contact: ghlContactSchema.nullish() })

/**
 * docs/providers/ghl.md §7 upsert/create body fields the hub uses; `locationId` is required. Not parsed (the
 * hub writes it): it names the only properties sent, since GHL answers 422 to any other.
 */
export const ghlContactInputSchema = z.object({
  locationId: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  postalCode: z.string().optional(),
  source: z.string().optional(),
  tags: z.array(z.string()).optional(),
  customFields: z.array(z.object({ id: z.string(), field_value: z.unknown() })).optional(),
})
export type GhlContactInput = z.infer<typeof ghlContactInputSchema>

const ghlConversationRefSchema = lenient(z.looseObject({ id: z.string(), contactId: z.string().optional() }))
export const ghlConversationSearchSchema = z.looseObject({ conversations: z.array(ghlConversationRefSchema) })
export const ghlCreatedConversationSchema = z.looseObject({ conversation: ghlConversationRefSchema })

export const ghlMessageSchema = lenient(
  z.looseObject({
    id: z.string(),
    altId: z.string().optional(),
    direction: z.string().optional(),
    body: z.string().optional(),
  }),
)
export type GhlMessage = z.infer<typeof ghlMessageSchema>

// docs/providers/ghl.md §9: pages of a conversation's messages, newest first, continued by `lastMessageId`.
export const ghlMessagesPageSchema = z.looseObject({
  messages: lenient(
    z.looseObject({
      lastMessageId: z.string().optional(),
      nextPage: z.boolean().optional(),
      messages: z.array(ghlMessageSchema),
    }),
  ),
})
export const ghlInboundMessageSchema = z.looseObject({ messageId: z.string() })
