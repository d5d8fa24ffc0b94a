import { z } from 'zod'
import { parseZonedTime } from './yelp-time.ts'

/** Inputs of the control API and of the matching createYelpSim helpers; unknown keys are typos, so 400. */

const zonedTime = z.string().refine((text) => parseZonedTime(text) !== null, 'an ISO-8601 time with a zone')
const id = z.string().min(1).max(100)

const attachmentInput = z.strictObject({
  id: id.optional(),
  url: z.url(),
  resource_name: z.string().min(1).optional(),
  mime_type: z.string().min(1).optional(),
})
export type AttachmentInput = z.infer<typeof attachmentInput>

/** The lead's `project` in Yelp's own field names, so a seed reads like the lead it produces. */
const projectInput = z.strictObject({
  job_names: z.array(z.string()).default([]),
  survey_answers: z
    .array(
      z.strictObject({
        question_text: z.string(),
        answer_text: z.array(z.string()),
        question_identifier: z.string().optional(),
      }),
    )
    .default([]),
  location: z
    .strictObject({
      postal_code: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
    })
    .optional(),
  additional_info: z.string().optional(),
  availability: z
    .strictObject({ status: z.string().min(1), dates: z.array(z.string()).default([]) })
    .optional(),
  attachments: z.array(attachmentInput).default([]),
})

export const userInput = z.strictObject({
  id: id.optional(),
  displayName: z.string().min(1).default('Sam Owner'),
})
export type UserInput = z.input<typeof userInput>

export const businessInput = z.strictObject({
  id: id.optional(),
  name: z.string().min(1),
  isAdvertising: z.boolean().default(true),
  adminUserIds: z.array(id).default([]),
  /** Start with an active WEBHOOK subscription, as if the hub subscribed long ago. */
  isSubscribed: z.boolean().default(false),
  refusesSubscription: z.boolean().default(false),
})
export type BusinessInput = z.input<typeof businessInput>

export const businessPatch = z.strictObject({
  name: z.string().min(1).optional(),
  isAdvertising: z.boolean().optional(),
  adminUserIds: z.array(id).optional(),
  refusesSubscription: z.boolean().optional(),
})
export type BusinessPatch = z.input<typeof businessPatch>

const userType = z.enum(['CONSUMER', 'BIZ'])
const eventType = z.string().regex(/^[A-Z][A-Z_]*$/, 'an event type such as TEXT')

export const messageInput = z
  .strictObject({
    text: z.string().default(''),
    from: userType.default('CONSUMER'),
    eventType: eventType.default('TEXT'),
    attachments: z.array(attachmentInput).default([]),
    at: zonedTime.optional(),
  })
  .refine((m) => m.text.trim() !== '' || m.attachments.length > 0, {
    message: 'give text or attachments',
    path: ['text'],
  })
  .refine((m) => m.attachments.length === 0 || m.eventType === 'TEXT', {
    message: 'only TEXT messages carry attachments',
    path: ['attachments'],
  })
export type MessageInput = z.input<typeof messageInput>

export const leadInput = z.strictObject({
  id: id.optional(),
  businessId: id,
  createdAt: zonedTime.optional(),
  consumerName: z.string().min(1).default('Pat Q.'),
  phoneNumber: z.string().min(1).nullable().default(null),
  maskedPhoneNumber: z.string().min(1).nullable().default(null),
  /** Omitted = generated when proxy email is enabled; null = none. */
  temporaryEmail: z.email().nullable().optional(),
  project: projectInput.prefault({}),
  /** Extra consumer text appended to the first (RAQ_SUBMIT) event's text. */
  message: z.string().optional(),
  /** Full history instead of the default single RAQ_SUBMIT event, oldest first. */
  events: z.array(messageInput).min(1).optional(),
  isArchived: z.boolean().default(false),
  costPerLeadCents: z.number().int().min(0).default(0),
  /** Emit a NEW_EVENT webhook per seeded event (only delivered for subscribed businesses). */
  notify: z.boolean().default(true),
})
export type LeadInput = z.input<typeof leadInput>

export const phoneOptInInput = z.strictObject({ phoneNumber: z.string().min(1) })

export const webhookConfigInput = z.strictObject({
  url: z.url().nullable().optional(),
  delayMs: z.number().int().min(0).max(600_000).optional(),
  duplicates: z.number().int().min(0).max(10).optional(),
  reorder: z.boolean().optional(),
  reorderWaitMs: z.number().int().min(0).max(600_000).optional(),
  hold: z.boolean().optional(),
  timeoutMs: z.number().int().min(1).max(600_000).optional(),
})

export const settingsInput = z.strictObject({
  /** The deny switch: the authorize page answers `error=access_denied`. */
  denyAuthorization: z.boolean().optional(),
  /** Whose consent the authorize page gives; null = the first seeded user. */
  authorizeAsUserId: id.nullable().optional(),
  rateLimitPerSecond: z.number().int().min(0).optional(),
  subscriptionDelayMs: z.number().int().min(0).optional(),
  reformatsApiWrites: z.boolean().optional(),
  listsApiWritesAfterMs: z.number().int().min(0).max(600_000).optional(),
})
export type SettingsInput = z.input<typeof settingsInput>

export const flushInput = z.strictObject({ order: z.enum(['fifo', 'reverse']).default('fifo') })

export const issueTokenInput = z.strictObject({ userId: id })

export const revokeBusinessInput = z.strictObject({ businessId: id })

export const sampleInput = z.strictObject({
  isSubscribed: z.boolean().optional(),
  notify: z.boolean().optional(),
})
