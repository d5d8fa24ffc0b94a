import { z } from 'zod'

// ghl.md §5 token response; only what the hub uses is required.
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

// ghl.md §8 field object; `picklistOptions` holds the options of option types.
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
