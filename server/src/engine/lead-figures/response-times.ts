import { isConversationMessage, type LeadMessage } from '@common/lead-model.ts'

/** Where a business reply was written: on the lead's source itself (Yelp), in GHL, or in the hub's inbox. */
export type ReplyChannel = 'yelp' | 'ghl' | 'inbox'

export interface BusinessReply {
  channel: ReplyChannel
  at: Date
}

export interface LeadResponseTimes {
  firstConsumerMessageAt: Date | null
  /** The business's first reply at or after the consumer's first message; null while unanswered. */
  firstBusinessReplyAt: Date | null
}

/**
 * A lead's response time (docs/decisions/0014 "Response time"): from the consumer's first
 * message to the business's first reply after it. Contact changes (Yelp's phone opt-in/out) are
 * not messages. A business message written before the consumer's first (a business reaching out
 * first) answers nothing, so it is not the reply.
 *
 * Replies from GHL and the inbox reach the source and come back as business messages, but
 * `replies` may carry them earlier, at the time they were written (the echo can lag behind a
 * source's outage): the earliest of both counts.
 */
export function leadResponseTimes(
  conversation: ReadonlyArray<Pick<LeadMessage, 'kind' | 'author' | 'time'>>,
  replies: readonly BusinessReply[] = [],
): LeadResponseTimes {
  const messages = conversation.filter(isConversationMessage)
  const firstConsumer = earliest(
    messages.filter((message) => message.author === 'consumer').map((message) => timeOf(message.time)),
  )
  if (!firstConsumer) return { firstConsumerMessageAt: null, firstBusinessReplyAt: null }
  const businessTimes = [
    ...messages.filter((message) => message.author !== 'consumer').map((message) => timeOf(message.time)),
    ...replies.map((reply) => reply.at),
  ].filter((at): at is Date => at !== null && at.getTime() >= firstConsumer.getTime())
  return { firstConsumerMessageAt: firstConsumer, firstBusinessReplyAt: earliest(businessTimes) }
}

/** Seconds from the first consumer message to the first reply; null while unanswered. */
export function responseSeconds(times: LeadResponseTimes): number | null {
  const { firstConsumerMessageAt: from, firstBusinessReplyAt: to } = times
  if (!from || !to) return null
  return Math.round((to.getTime() - from.getTime()) / 1000)
}

function timeOf(value: string | undefined): Date | null {
  if (!value) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : new Date(ms)
}

function earliest(times: ReadonlyArray<Date | null>): Date | null {
  let first: Date | null = null
  for (const time of times) if (time && (!first || time.getTime() < first.getTime())) first = time
  return first
}
