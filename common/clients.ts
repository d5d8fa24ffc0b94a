import { z } from 'zod'
import { emailField, idField, MAX } from './text-bounds.ts'

// Client shapes and validation shared by the server and the dashboard (spec §3, §5, §7;
// PRODUCT.md §4). Token and key values never appear in any of these.

export const CUSTOM_FIELDS_STATUSES = ['not_configured', 'configuring', 'configured', 'error'] as const
export type CustomFieldsStatus = (typeof CUSTOM_FIELDS_STATUSES)[number]

export const GHL_DATA_TYPES = [
  'TEXT',
  'LARGE_TEXT',
  'SINGLE_OPTIONS',
  'MULTIPLE_OPTIONS',
  'DATE',
  'PHONE',
  'NUMERICAL',
] as const
export type GhlDataType = (typeof GHL_DATA_TYPES)[number]

/** Spec §9 "Data type labels". */
export const DATA_TYPE_LABELS: Record<GhlDataType, string> = {
  TEXT: 'Text',
  LARGE_TEXT: 'Large Text',
  SINGLE_OPTIONS: 'Dropdown',
  MULTIPLE_OPTIONS: 'Multi-select',
  DATE: 'Date',
  PHONE: 'Phone',
  NUMERICAL: 'Number',
}

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
    // Spec §5 "CRM token form" (defined but unused by the screens).
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

/** Spec §5: "Business ID is required for webhook subscription". */
export const subscribeWebhookSchema = z.object({
  clientId: idField('clientId'),
  businessId: businessIdField,
})

/** Spec §5 "CRM location form". */
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

const labelField = z
  .string('must be text')
  .trim()
  .min(1, 'must not be empty')
  .max(MAX.label, `must be at most ${MAX.label} characters`)

export const leadAnalysisSchema = z.object({
  standardFields: z
    .array(z.object({ name: labelField, type: z.enum(GHL_DATA_TYPES) }))
    .max(200, 'at most 200 standard fields'),
  surveyQuestions: z
    .array(
      z.object({
        fieldName: labelField,
        options: z
          .array(z.string().max(MAX.label, `must be at most ${MAX.label} characters`))
          .max(200)
          .optional(),
      }),
    )
    .max(200, 'at most 200 survey questions'),
  jobTypes: z.array(z.string().max(MAX.label, `must be at most ${MAX.label} characters`)).max(500),
  totalLeads: z.number().int().min(0).max(1_000_000_000),
})
export type LeadAnalysis = z.infer<typeof leadAnalysisSchema>

export const createFieldsSchema = z.object({
  surveyQuestions: z.array(labelField).max(200, 'at most 200 survey questions'),
})

export interface YelpConnectionStatus {
  connected: boolean
  expiresAt: string | null
  needsReauth: boolean
  /** Why, when the hub knows (e.g. tokens no configured APP_SECRET decrypts). */
  reauthReason: string | null
  businessId: string | null
  webhookSubscribed: boolean
}

export interface GhlConnectionStatus {
  connected: boolean
  hasApiKey: boolean
  expiresAt: string | null
  needsReauth: boolean
  reauthReason: string | null
  locationId: string | null
}

/** Issue 11 §6: an onboarding link is good for this long after it is issued. */
export const ONBOARDING_LINK_DAYS = 7

/** `active`: it opens the page; `expired`; `completed`: both accounts are connected. */
export type OnboardingLinkStatus = 'active' | 'expired' | 'completed'

/** A client as every API response returns it (PRODUCT.md §4). */
export interface ClientView {
  id: number
  clientId: string
  name: string
  email: string | null
  isActive: boolean
  createdAt: string
  lastActivity: string | null
  yelpTokens: { businessId: string | null; webhookSubscribed: boolean } | null
  ghlLocationId: string | null
  ghlCustomFieldsStatus: CustomFieldsStatus
  ghlCustomFieldsCount: number
  onboardingUrl: string
  onboardingExpiresAt: string
  onboardingStatus: OnboardingLinkStatus
  yelp: YelpConnectionStatus
  ghl: GhlConnectionStatus
}

export interface CustomFieldRecord {
  id: number
  clientId: string
  fieldName: string
  ghlFieldId: string | null
  ghlFieldName: string | null
  fieldKey: string | null
  dataType: GhlDataType
  options: string[] | null
  sourceType: 'standard' | 'survey_question'
  isActive: boolean
  createdAt: string
}

/** What the public onboarding page may show (GET /api/onboard/{clientId}?token=). */
export interface OnboardingView {
  clientId: string
  name: string
  yelp: { connected: boolean; businessId: string | null; webhookSubscribed: boolean; configured: boolean }
  ghl: { connected: boolean; hasApiKey: boolean; configured: boolean }
}

export interface TokenRefreshOutcome {
  status: 'refreshed' | 'not_connected' | 'failed'
  expiresAt?: string | null
  error?: string
}
