import type { YelpEvent } from '../../integrations/yelp/yelp.schemas.ts'
import { isMessageEvent } from '../../integrations/yelp/yelp-events.ts'

/** Where a business reply was written: on Yelp itself, in GHL, or in the hub's inbox. */
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
 * message to the business's first reply after it. Phone opt-in/out events are not messages. A business message written before the
 * consumer's first (a business reaching out first) answers nothing, so it is not the reply.
 *
 * Replies from GHL and the inbox reach Yelp and come back as BIZ events, but `replies` may carry
 * them earlier, at the time they were written (the Yelp echo can lag behind a Yelp outage):
 * the earliest of both counts.
 */
export function leadResponseTimes(
  events: ReadonlyArray<Pick<YelpEvent, 'event_type' | 'user_type' | 'time_created'>>,
  replies: readonly BusinessReply[] = [],
): LeadResponseTimes {
  const messages = events.filter((event) => isMessageEvent(event as YelpEvent))
  const firstConsumer = earliest(
    messages.filter((event) => event.user_type === 'CONSUMER').map((event) => timeOf(event.time_created)),
  )
  if (!firstConsumer) return { firstConsumerMessageAt: null, firstBusinessReplyAt: null }
  const businessTimes = [
    ...messages.filter((event) => event.user_type === 'BIZ').map((event) => timeOf(event.time_created)),
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
