import { z } from 'zod'
import { GhlMessagesService } from './ghl-messages.service.ts'
import type { GhlContext } from './ghl-route.guard.ts'
import { ControlError } from './ghl-seed.service.ts'
import type { WebhookDelivery } from './ghl-webhook.emitter.ts'

export const userReplyInput = z.strictObject({
  locationId: z.string().min(1),
  contactId: z.string().min(1),
  message: z.string().min(1).optional(),
  /** `SMS` for an extra SMS provider; `Email` for an extra Email provider (sent as GHL type `Custom`). */
  type: z.enum(['SMS', 'Email']).default('SMS'),
  subject: z.string().optional(),
  html: z.string().optional(),
  emailFrom: z.string().optional(),
  /** Attachment URLs, as GHL sends them in ProviderOutboundMessage (docs/providers/ghl.md §9). */
  attachments: z.array(z.string()).default([]),
  /** The GHL user typing the reply; defaults to the location's first user. */
  userId: z.string().min(1).optional(),
})
export type UserReplyInput = z.input<typeof userReplyInput>

export interface UserReplyResult {
  messageId: string
  conversationId: string
  /** What the hub received: URL, headers (signatures included) and the parsed body. */
  sent: { url: string; headers: Record<string, string>; body: unknown }
  /** The hub's answer to the first attempt; `status` null when the request failed. */
  response: { status: number | null; body: string | null; error: string | null }
  delivery: WebhookDelivery
}

/**
 * A GHL user replies in the contact's conversation on the app's custom provider: GHL records an
 * outbound message and POSTs ProviderOutboundMessage to the Delivery URL (docs/providers/ghl.md §9 step 4).
 */
export async function simulateUserReply(ctx: GhlContext, raw: UserReplyInput): Promise<UserReplyResult> {
  const input = userReplyInput.parse(raw)
  const replyUrl = ctx.config.replyUrl
  if (!replyUrl) throw new ControlError(400, 'replyUrl: not set; POST /__sim/ghl/reply-url first')
  if (!ctx.store.locations.has(input.locationId))
    throw new ControlError(404, `location ${input.locationId} not found`)
  const contact = ctx.store.contacts.get(input.contactId)
  if (!contact || contact.locationId !== input.locationId) {
    throw new ControlError(404, `contact ${input.contactId} not found in location ${input.locationId}`)
  }
  // A photo sent with no words is a reply too: GHL's composer sends attachments alone.
  if (!input.message && !input.html && input.attachments.length === 0)
    throw new ControlError(400, 'message: give message, html or attachments')
  const user = input.userId ? ctx.store.users.get(input.userId) : ctx.store.usersOf(input.locationId)[0]
  if (input.userId && !user) throw new ControlError(404, `user ${input.userId} not found`)
  const { message, delivery } = new GhlMessagesService(ctx).send({
    locationId: input.locationId,
    contact,
    type: input.type === 'Email' ? 'Custom' : 'SMS',
    userId: user?.id ?? null,
    message: input.message,
    html: input.html,
    subject: input.subject,
    emailFrom: input.emailFrom,
    attachments: input.attachments,
    conversationProviderId: ctx.config.conversationProviderId,
    source: 'app',
  })
  const sent = await delivery
  if (!sent) throw new ControlError(400, 'replyUrl: not set')
  const first = sent.attempts[0]
  return {
    messageId: message.id,
    conversationId: message.conversationId,
    sent: { url: sent.url, headers: sent.headers, body: JSON.parse(sent.body) },
    response: {
      status: first?.status ?? null,
      body: first?.responseBody ?? null,
      error: first?.error ?? null,
    },
    delivery: sent,
  }
}
