import { z } from 'zod'

// A lead's automation history and drafts (docs/spec/product.md §9.2, §9.7): the shapes of
// `GET /api/leads/{leadId}/automation`, of `drafts` on a lead, and of sending a draft.

export const AUTOMATION_KINDS = ['first_reply', 'follow_up'] as const
export type AutomationKind = (typeof AUTOMATION_KINDS)[number]
export const AUTOMATION_STATES = ['scheduled', 'sent', 'drafted', 'skipped', 'cancelled'] as const
export type AutomationState = (typeof AUTOMATION_STATES)[number]
/** Why a step was skipped or cancelled. */
export const AUTOMATION_REASONS = [
  'business_replied',
  'consumer_replied',
  'status_closed',
  'disabled',
  'no_business_hours',
  'discarded',
] as const
export type AutomationReason = (typeof AUTOMATION_REASONS)[number]

/**
 * Why a first reply meant to be written by the model (`firstReply.source: "ai"`) used the template
 * (docs/spec/product.md §9.6): the model timed out, failed, could not be reached or refused the
 * request, its answer broke the output rules, no model is configured, or it kept failing lately.
 */
export const AI_FALLBACK_CAUSES = [
  'timeout',
  'server_error',
  'connection',
  'refused',
  'output_refused',
  'not_configured',
  /** Recent calls kept failing: the model was left alone for a while (a circuit breaker). */
  'breaker_open',
] as const
export type AiFallbackCause = (typeof AI_FALLBACK_CAUSES)[number]
export type AiFallbackReason = `ai_fallback:${AiFallbackCause}`

export const automationStepSchema = z.object({
  kind: z.enum(AUTOMATION_KINDS),
  step: z.number().int(),
  state: z.enum(AUTOMATION_STATES),
  reason: z.string().optional(),
  /** A sent or drafted first reply: written from the template or by the model. */
  source: z.enum(['template', 'ai']).optional(),
  dueAt: z.string(),
  at: z.string(),
})
export type AutomationStep = z.infer<typeof automationStepSchema>

export const DRAFT_KINDS = ['first_reply', 'follow_up', 'ai'] as const
export type DraftKind = (typeof DRAFT_KINDS)[number]

export const draftSchema = z.object({
  id: z.string(),
  kind: z.enum(DRAFT_KINDS),
  text: z.string(),
  createdAt: z.string(),
})
export type Draft = z.infer<typeof draftSchema>

/** `POST /api/leads/{leadId}/drafts/{draftId}/send`: optionally the edited text. */
export const sendDraftSchema = z
  .object({
    text: z
      .string('text must be text')
      .trim()
      .min(1, 'text is required')
      .max(5000, 'text must be at most 5000 characters')
      .optional(),
  })
  .strict()
