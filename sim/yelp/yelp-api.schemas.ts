import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { sendYelpError } from './yelp-errors.ts'

/** Request bodies of the real endpoints (docs/providers/yelp.md §1, §3). Unknown extra fields are ignored. */

export const writeEventBody = z.object({
  request_content: z
    .string({ error: 'request_content is required' })
    .refine((text) => text.trim() !== '', 'request_content must not be empty'),
  // docs/providers/yelp.md §1: only TEXT exists in the request_type enum.
  request_type: z.literal('TEXT', { error: 'request_type must be TEXT' }),
})

export const markAsReadBody = z.object({
  event_id: z.string({ error: 'event_id is required' }).min(1, 'event_id is required'),
  time_read: z.iso.datetime({ offset: true, error: 'time_read must be an RFC 3339 time' }).optional(),
})

export const markAsRepliedBody = z.object({
  reply_type: z.enum(['PHONE', 'EMAIL'], { error: 'reply_type must be PHONE or EMAIL' }),
})

const subscriptionType = z.enum(['WEBHOOK', 'LISTING_MANAGEMENT', 'YELP_KNOWLEDGE'])

export const subscriptionsBody = z.object({
  subscription_types: z.array(subscriptionType, { error: 'subscription_types must be a list' }).min(1),
  // docs/providers/yelp.md §3: 1–1000 business ids.
  business_ids: z.array(z.string().min(1), { error: 'business_ids must be a list' }).min(1).max(1000),
})

export const subscriptionTypeQuery = subscriptionType

/** Answers a failed body parse as Yelp's 400 VALIDATION_ERROR naming the first bad field. */
export function sendValidationError(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const issue = error.issues[0]
  const field = issue && issue.path.length > 0 ? String(issue.path[0]) : undefined
  return sendYelpError(reply, 400, 'VALIDATION_ERROR', issue?.message ?? 'Invalid request body.', field)
}
