import type { AutomationReason } from '@common/lead-automation.ts'
import type { DB } from '../../db/database.ts'
import type { YelpEvent } from '../../integrations/yelp/yelp.schemas.ts'
import { isMessageEvent } from '../../integrations/yelp/yelp-events.ts'
import { findLastPersonReplyAt } from '../../repositories/lead-automation.repository.ts'
import type { LeadRow } from '../../repositories/leads.repository.ts'

const CLOSED_STATUSES: ReadonlySet<string> = new Set(['converted', 'closed'])

/**
 * Why an automated message already decided (claimed for posting, or a draft waiting for a
 * person) must not go out any more, or null (docs/spec/product.md §9.2): the lead is converted or
 * closed (its status as stored now); a person answered the lead (any reply not the automation's,
 * at or after the consumer's first message, as the planner counts it); or the consumer wrote
 * after `consumerAfter`, the newest consumer message the step was decided on.
 */
export async function overtakenBy(
  db: DB,
  lead: LeadRow,
  events: readonly YelpEvent[],
  consumerAfter: Date,
): Promise<AutomationReason | null> {
  if (CLOSED_STATUSES.has(lead.status)) return 'status_closed'
  const { consumer, business } = conversationTimes(events)
  const personAt = await findLastPersonReplyAt(db, lead.clientId, lead.leadId, business)
  const firstConsumer = consumer.length ? Math.min(...consumer) : null
  if (personAt && (firstConsumer === null || personAt.getTime() >= firstConsumer)) return 'business_replied'
  if (consumer.some((at) => at > consumerAfter.getTime())) return 'consumer_replied'
  return null
}

/**
 * The conversation's messages by author: when the consumer wrote (epoch ms), and the business's
 * messages with their event ids (the planner and this check tell the hub's own from a person's).
 */
export function conversationTimes(events: readonly YelpEvent[]): {
  consumer: number[]
  business: Array<{ id: string; at: Date }>
} {
  const messages = events.filter(isMessageEvent).map((event) => ({
    id: event.id,
    who: event.user_type,
    at: new Date(event.time_created),
  }))
  return {
    consumer: messages.filter((m) => m.who === 'CONSUMER').map((m) => m.at.getTime()),
    business: messages.filter((m) => m.who === 'BIZ').map(({ id, at }) => ({ id, at })),
  }
}

/** The newest consumer message of the events; null when the consumer has written nothing. */
export function newestConsumerMessageAt(events: readonly YelpEvent[]): Date | null {
  const times = events
    .filter((event) => isMessageEvent(event) && event.user_type === 'CONSUMER')
    .map((event) => Date.parse(event.time_created))
    .filter((time) => !Number.isNaN(time))
  return times.length ? new Date(Math.max(...times)) : null
}
