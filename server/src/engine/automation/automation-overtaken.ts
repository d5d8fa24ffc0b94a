import type { AutomationReason } from '@common/lead-automation.ts'
import { isConversationMessage, type LeadMessage } from '@common/lead-model.ts'
import type { DB } from '../../db/database.ts'
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
  messages: readonly LeadMessage[],
  consumerAfter: Date,
): Promise<AutomationReason | null> {
  if (CLOSED_STATUSES.has(lead.status)) return 'status_closed'
  const { consumer, business } = conversationTimes(messages)
  const personAt = await findLastPersonReplyAt(db, lead.clientId, lead.leadId, business)
  const firstConsumer = consumer.length ? Math.min(...consumer) : null
  if (personAt && (firstConsumer === null || personAt.getTime() >= firstConsumer)) return 'business_replied'
  if (consumer.some((at) => at > consumerAfter.getTime())) return 'consumer_replied'
  return null
}

/**
 * The conversation's messages by author: when the consumer wrote (epoch ms), and the business's
 * messages with their ids (the planner and this check tell the hub's own from a person's).
 */
export function conversationTimes(messages: readonly LeadMessage[]): {
  consumer: number[]
  business: Array<{ id: string; at: Date }>
} {
  const conversation = messages.filter(isConversationMessage).map((message) => ({
    id: message.id,
    consumer: message.author === 'consumer',
    at: new Date(message.time),
  }))
  return {
    consumer: conversation.filter((m) => m.consumer).map((m) => m.at.getTime()),
    business: conversation.filter((m) => !m.consumer).map(({ id, at }) => ({ id, at })),
  }
}

/** The newest consumer message of the conversation; null when the consumer has written nothing. */
export function newestConsumerMessageAt(messages: readonly LeadMessage[]): Date | null {
  const times = messages
    .filter((message) => isConversationMessage(message) && message.author === 'consumer')
    .map((message) => Date.parse(message.time))
    .filter((time) => !Number.isNaN(time))
  return times.length ? new Date(Math.max(...times)) : null
}
