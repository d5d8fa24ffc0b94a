import { z } from 'zod'
import { lenient } from '../http/lenient-schema.ts'

// Parsed defensively: docs/providers/yelp.md §4 rates the token field list "medium".
export const yelpTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.coerce.number().optional(),
  scope: z.string().optional(),
})
export type YelpTokenResponse = z.infer<typeof yelpTokenResponseSchema>

export const yelpBusinessesResponseSchema = z.object({ business_ids: z.array(z.string()) })

// docs/providers/yelp.md §1: field names of the lead and event examples; confidence is medium for the project
// and low for attachments, so every object keeps unknown fields and reads null as absent.
export const yelpAttachmentSchema = lenient(
  z.looseObject({
    id: z.string().optional(),
    url: z.string().optional(),
    resource_name: z.string().optional(),
    mime_type: z.string().optional(),
  }),
)

const surveyAnswerSchema = lenient(
  z.looseObject({
    question_text: z.string(),
    // An array of strings (docs/providers/yelp.md §1); a lone string is read as one answer.
    answer_text: z.preprocess((v) => (typeof v === 'string' ? [v] : (v ?? [])), z.array(z.string())),
  }),
)

export const yelpLeadSchema = lenient(
  z.looseObject({
    id: z.string(),
    business_id: z.string(),
    conversation_id: z.string().optional(),
    temporary_email_address: z.string().optional(),
    temporary_email_address_expiry: z.string().optional(),
    phone_number: z.string().optional(),
    temporary_phone_number: z.string().optional(),
    time_created: z.string(),
    last_event_time: z.string().optional(),
    user: lenient(z.looseObject({ display_name: z.string().optional() })).prefault({}),
    project: lenient(
      z.looseObject({
        job_names: z.array(z.string()).optional(),
        survey_answers: z.array(surveyAnswerSchema).optional(),
        location: lenient(z.looseObject({ postal_code: z.string().optional() })).optional(),
        additional_info: z.string().optional(),
        availability: lenient(
          z.looseObject({ status: z.string().optional(), dates: z.array(z.string()).optional() }),
        ).optional(),
        attachments: z.array(yelpAttachmentSchema).optional(),
      }),
    ).prefault({}),
  }),
)
export type YelpLead = z.infer<typeof yelpLeadSchema>
export type YelpAttachment = z.infer<typeof yelpAttachmentSchema>

export const yelpEventSchema = lenient(
  z.looseObject({
    id: z.string(),
    cursor: z.string().optional(),
    event_type: z.string(),
    /** 'CONSUMER' | 'BIZ' (docs/providers/yelp.md §1), kept open for types not seen yet. */
    user_type: z.string(),
    user_id: z.string().optional(),
    user_display_name: z.string().optional(),
    time_created: z.string(),
    event_content: lenient(
      z.looseObject({
        text: z.string().optional(),
        fallback_text: z.string().optional(),
        attachments: z.array(yelpAttachmentSchema).optional(),
      }),
    ).prefault({}),
  }),
)
export type YelpEvent = z.infer<typeof yelpEventSchema>

export const yelpEventsPageSchema = z.object({ events: z.array(yelpEventSchema) })
export const yelpLeadIdsPageSchema = z.object({
  lead_ids: z.array(z.string()),
  has_more: z.boolean().optional(),
})

/**
 * GET /v3/leads/{lead_id}/metrics (docs/providers/yelp.md §1): `cost_per_lead.value` is in cents
 * of `currency_code`. Kept open: a lead with no cost yet may come without it.
 */
export const yelpLeadMetricsSchema = z.looseObject({
  metrics: z
    .looseObject({
      cost_per_lead: z
        .looseObject({ value: z.number().int().nullable().optional(), currency_code: z.string().optional() })
        .nullable()
        .optional(),
    })
    .optional(),
})
export type YelpLeadMetrics = z.infer<typeof yelpLeadMetricsSchema>
