import { z } from 'zod'
import { isoTimestampSchema } from './api.ts'
import { emailField, idField, MAX } from './text-bounds.ts'

// Client shapes and validation shared by the server and the dashboard (docs/spec/dashboard-spec.md §3, §5, §7;
// docs/spec/product.md §4). Token and key values never appear in any of these.

export const CUSTOM_FIELDS_STATUSES = ['not_configured', 'configuring', 'configured', 'error'] as const
export type CustomFieldsStatus = (typeof CUSTOM_FIELDS_STATUSES)[number]

/** URL-safe: it travels in paths, onboarding links and OAuth state. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/

const businessIdField = z
  .string({ error: 'Business ID is required for webhook subscription' })
  .trim()
  .min(1, 'Business ID is required for webhook subscription')
  .max(MAX.providerId, `Business ID must be at most ${MAX.providerId} characters`)

const locationIdField = z
  .string({ error: 'Location ID is required' })
  .trim()
  .min(1, 'Location ID is required')
  .max(MAX.providerId, `Location ID must be at most ${MAX.providerId} characters`)

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
  email: emailField.nullish().transform((value) => (value ? value : null)),
})
export type CreateClientInput = z.infer<typeof createClientSchema>

/** PUT /api/clients/{clientId}: one of the spec's shapes, or plain details. */
export const updateClientSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Client name is required')
      .max(MAX.name, `Client name must be at most ${MAX.name} characters`)
      .optional(),
    email: emailField.nullish().transform((value) => (value === undefined ? undefined : value || null)),
    isActive: z.boolean('isActive must be true or false').optional(),
    yelpTokens: z
      .object({
        businessId: businessIdField,
        webhookSubscribed: z.boolean().optional(),
      })
      .strict()
      .optional(),
    // docs/spec/dashboard-spec.md §5 "CRM token form" (defined but unused by the screens).
    ghlTokens: z
      .object({
        accessToken: z
          .string({ error: 'Access token is required' })
          .trim()
          .min(1, 'Access token is required')
          .max(MAX.secret, 'Access token is too long'),
        refreshToken: z.string().trim().max(MAX.secret, 'Refresh token is too long').optional(),
        locationId: locationIdField.optional(),
      })
      .strict()
      .optional(),
    ghlLocationApiKey: z
      .string()
      .trim()
      .min(1, 'Location API key is required')
      .max(MAX.secret, 'Location API key is too long')
      .optional(),
    ghlLocationId: locationIdField.optional(),
  })
  .strict()

/** docs/spec/dashboard-spec.md §5: "Business ID is required for webhook subscription". */
export const subscribeWebhookSchema = z.object({
  clientId: idField('clientId'),
  businessId: businessIdField,
})

/** docs/spec/dashboard-spec.md §5 "CRM location form". */
export const ghlLocationFormSchema = z.object({
  locationApiKey: z
    .string({ error: 'Location API key is required' })
    .trim()
    .min(1, 'Location API key is required')
    .max(MAX.secret, 'Location API key is too long'),
  locationId: locationIdField,
})

/** POST /api/clients/{clientId}/ghl/api-key; the mobile modal sends only the key. */
export const ghlApiKeySchema = z.object({
  locationApiKey: z
    .string({ error: 'Invalid Input: Please enter a valid Location API key' })
    .trim()
    .min(1, 'Invalid Input: Please enter a valid Location API key')
    .max(MAX.secret, 'Location API key is too long'),
  locationId: locationIdField.optional(),
})

export const yelpConnectionStatusSchema = z.object({
  connected: z.boolean(),
  expiresAt: isoTimestampSchema.nullable(),
  needsReauth: z.boolean(),
  /** Why, when the hub knows (e.g. tokens no configured APP_SECRET decrypts). */
  reauthReason: z.string().nullable(),
  businessId: z.string().nullable(),
  webhookSubscribed: z.boolean(),
  /**
   * The daily subscription check (docs/decisions/0012): `unchecked` before its first run, `restoring`
   * after a lapsed subscription was re-requested, `failed` when it could not be restored.
   */
  subscription: z.object({
    state: z.enum(['unchecked', 'active', 'restoring', 'failed']),
    checkedAt: isoTimestampSchema.nullable(),
    error: z.string().nullable(),
  }),
})
export type YelpConnectionStatus = z.infer<typeof yelpConnectionStatusSchema>

export const ghlConnectionStatusSchema = z.object({
  connected: z.boolean(),
  hasApiKey: z.boolean(),
  expiresAt: isoTimestampSchema.nullable(),
  needsReauth: z.boolean(),
  reauthReason: z.string().nullable(),
  locationId: z.string().nullable(),
})
export type GhlConnectionStatus = z.infer<typeof ghlConnectionStatusSchema>

/** How long an onboarding link is good for after it is issued (docs/decisions/0016 §6). */
export const ONBOARDING_LINK_DAYS = 7

/** `active`: it opens the page; `expired`; `completed`: both accounts are connected. */
export const ONBOARDING_LINK_STATUSES = ['active', 'expired', 'completed'] as const
export type OnboardingLinkStatus = (typeof ONBOARDING_LINK_STATUSES)[number]

/** A client as every API response returns it (docs/spec/product.md §4). */
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
  onboardingExpiresAt: isoTimestampSchema,
  onboardingStatus: z.enum(ONBOARDING_LINK_STATUSES),
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

/** POST /api/clients/{clientId}/refresh-tokens: each provider's outcome (docs/spec/product.md §2). */
export const tokenRefreshResultSchema = z.object({
  yelp: tokenRefreshOutcomeSchema,
  ghl: tokenRefreshOutcomeSchema,
})
export type TokenRefreshResult = z.infer<typeof tokenRefreshResultSchema>
