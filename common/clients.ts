import { z } from 'zod'

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

export const leadAnalysisSchema = z.object({
  standardFields: z.array(z.object({ name: z.string().min(1), type: z.enum(GHL_DATA_TYPES) })).max(200),
  surveyQuestions: z
    .array(
      z.object({ fieldName: z.string().min(1).max(500), options: z.array(z.string()).max(200).optional() }),
    )
    .max(200),
  jobTypes: z.array(z.string()).max(500),
  totalLeads: z.number().int().min(0),
})
export type LeadAnalysis = z.infer<typeof leadAnalysisSchema>

export const createFieldsSchema = z.object({
  surveyQuestions: z.array(z.string().trim().min(1).max(500)).max(200),
})

export interface YelpConnectionStatus {
  connected: boolean
  expiresAt: string | null
  needsReauth: boolean
  businessId: string | null
  webhookSubscribed: boolean
}

export interface GhlConnectionStatus {
  connected: boolean
  hasApiKey: boolean
  expiresAt: string | null
  needsReauth: boolean
  locationId: string | null
}

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
