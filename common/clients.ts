import { z } from 'zod'
import { isoTimestampSchema } from './api.ts'

// Client shapes and validation shared by the server and the dashboard (spec §3, §5, §7;
// PRODUCT.md §4). Token and key values never appear in any of these.

export const CUSTOM_FIELDS_STATUSES = ['not_configured', 'configuring', 'configured', 'error'] as const
export type CustomFieldsStatus = (typeof CUSTOM_FIELDS_STATUSES)[number]

/** URL-safe: it travels in paths, onboarding links and OAuth state. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/

export const createClientSchema = z.object({
  clientId: z
    .string({ error: 'Client ID is required' })
    .trim()
    .min(1, 'Client ID is required')
    .max(64, 'Client ID must be at most 64 characters')
    .regex(CLIENT_ID_PATTERN, 'Client ID may contain only letters, digits, - and _ (no spaces)'),
  name: z
    .string({ error: 'Client name is required' })
    .trim()
    .min(1, 'Client name is required')
    .max(200, 'Client name must be at most 200 characters'),
  email: z
    .union([z.literal(''), z.email('Invalid email address')])
    .nullish()
    .transform((value) => (value ? value : null)),
})
export type CreateClientInput = z.infer<typeof createClientSchema>

/** PUT /api/clients/{clientId}: one of the spec's shapes, or plain details. */
export const updateClientSchema = z
  .object({
    name: z.string().trim().min(1, 'Client name is required').max(200).optional(),
    email: z
      .union([z.literal(''), z.email('Invalid email address')])
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null)),
    isActive: z.boolean('isActive must be true or false').optional(),
    yelpTokens: z
      .object({
        businessId: z.string().trim().min(1, 'Business ID is required for webhook subscription'),
        webhookSubscribed: z.boolean().optional(),
      })
      .optional(),
    // Spec §5 "CRM token form" (defined but unused by the screens).
    ghlTokens: z
      .object({
        accessToken: z
          .string({ error: 'Access token is required' })
          .trim()
          .min(1, 'Access token is required'),
        refreshToken: z.string().trim().optional(),
        locationId: z.string().trim().optional(),
      })
      .optional(),
    ghlLocationApiKey: z.string().trim().min(1, 'Location API key is required').optional(),
    ghlLocationId: z.string().trim().min(1, 'Location ID is required').optional(),
  })
  .strict()

/** Spec §5: "Business ID is required for webhook subscription". */
export const subscribeWebhookSchema = z.object({
  clientId: z.string({ error: 'clientId is required' }).trim().min(1, 'clientId is required'),
  businessId: z
    .string({ error: 'Business ID is required for webhook subscription' })
    .trim()
    .min(1, 'Business ID is required for webhook subscription')
    .max(100, 'Business ID must be at most 100 characters'),
})

/** Spec §5 "CRM location form". */
export const ghlLocationFormSchema = z.object({
  locationApiKey: z
    .string({ error: 'Location API key is required' })
    .trim()
    .min(1, 'Location API key is required'),
  locationId: z.string({ error: 'Location ID is required' }).trim().min(1, 'Location ID is required'),
})

/** POST /api/clients/{clientId}/ghl/api-key; the mobile modal sends only the key. */
export const ghlApiKeySchema = z.object({
  locationApiKey: z
    .string({ error: 'Invalid Input: Please enter a valid Location API key' })
    .trim()
    .min(1, 'Invalid Input: Please enter a valid Location API key')
    .max(500, 'Location API key is too long'),
  locationId: z.string().trim().min(1, 'Location ID is required').max(100).optional(),
})

export const yelpConnectionStatusSchema = z.object({
  connected: z.boolean(),
  expiresAt: isoTimestampSchema.nullable(),
  needsReauth: z.boolean(),
  businessId: z.string().nullable(),
  webhookSubscribed: z.boolean(),
})
export type YelpConnectionStatus = z.infer<typeof yelpConnectionStatusSchema>

export const ghlConnectionStatusSchema = z.object({
  connected: z.boolean(),
  hasApiKey: z.boolean(),
  expiresAt: isoTimestampSchema.nullable(),
  needsReauth: z.boolean(),
  locationId: z.string().nullable(),
})
export type GhlConnectionStatus = z.infer<typeof ghlConnectionStatusSchema>

/** A client as every API response returns it (PRODUCT.md §4). */
export const clientViewSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: isoTimestampSchema,
  lastActivity: isoTimestampSchema.nullable(),
  yelpTokens: z.object({ businessId: z.string().nullable(), webhookSubscribed: z.boolean() }).nullable(),
  ghlLocationId: z.string().nullable(),
  ghlCustomFieldsStatus: z.enum(CUSTOM_FIELDS_STATUSES),
  ghlCustomFieldsCount: z.number().int(),
  onboardingUrl: z.string(),
  yelp: yelpConnectionStatusSchema,
  ghl: ghlConnectionStatusSchema,
})
export type ClientView = z.infer<typeof clientViewSchema>

/** GET /api/clients: every client the caller may see. */
export const clientListSchema = z.array(clientViewSchema)

/** POST /api/subscribe-webhook. */
export const subscribeWebhookResultSchema = z.object({
  success: z.literal(true),
  businessId: z.string(),
  webhookSubscribed: z.literal(true),
})
export type SubscribeWebhookResult = z.infer<typeof subscribeWebhookResultSchema>

/** POST /api/clients/{clientId}/ghl/api-key: the key checked with GHL and stored. */
export const saveGhlApiKeyResultSchema = z.object({
  success: z.literal(true),
  hasApiKey: z.literal(true),
  locationId: z.string(),
})
export type SaveGhlApiKeyResult = z.infer<typeof saveGhlApiKeyResultSchema>

export const tokenRefreshOutcomeSchema = z.object({
  status: z.enum(['refreshed', 'not_connected', 'failed']),
  expiresAt: isoTimestampSchema.nullable().optional(),
  error: z.string().optional(),
})
export type TokenRefreshOutcome = z.infer<typeof tokenRefreshOutcomeSchema>

/** POST /api/clients/{clientId}/refresh-tokens: each provider's outcome (PRODUCT.md §2). */
export const tokenRefreshResultSchema = z.object({
  yelp: tokenRefreshOutcomeSchema,
  ghl: tokenRefreshOutcomeSchema,
})
export type TokenRefreshResult = z.infer<typeof tokenRefreshResultSchema>
