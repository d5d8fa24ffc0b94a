import type { YelpEvent } from '../../integrations/yelp/yelp.schemas.ts'
import { isMessageEvent } from '../../integrations/yelp/yelp-events.ts'

/** A consumer's "new message" (the first after a business message) and when it was answered. */
export interface LeadWait {
  startedAt: Date
  answeredAt: Date | null
}

export interface LeadConversationTimes {
  /** The business's newest message in the events. */
  lastBusinessMessageAt: Date | null
  /** The oldest consumer message after it: the lead awaits a reply since then. */
  waitingSince: Date | null
  /** Every new message of the consumer, for Yelp's response time and rate. */
  waits: LeadWait[]
}

type MessageFields = Pick<YelpEvent, 'event_type' | 'user_type' | 'time_created'>

/**
 * Who spoke last, and each time the consumer started waiting (docs/spec/product.md §9.1). The
 * migration 0015_lead_response backfills stored leads with the same rule in SQL.
 */
export function leadConversationTimes(events: ReadonlyArray<MessageFields>): LeadConversationTimes {
  const messages = events
    .filter((event) => isMessageEvent(event as YelpEvent))
    .map((event) => ({ who: event.user_type, at: new Date(event.time_created) }))
    .filter((message) => !Number.isNaN(message.at.getTime()))
    .sort((a, b) => a.at.getTime() - b.at.getTime())
  const waits: LeadWait[] = []
  let lastBusinessMessageAt: Date | null = null
  let open: LeadWait | null = null
  for (const message of messages) {
    if (message.who === 'BIZ') {
      lastBusinessMessageAt = message.at
      if (open) open.answeredAt = message.at
      open = null
    } else if (message.who === 'CONSUMER' && !open) {
      // Yelp's times are whole seconds: the consumer may write again in the second the business
      // answered. A wait is stored once per start (lead_waits' key), so that wait opens again.
      const last = waits.at(-1)
      if (last && last.startedAt.getTime() === message.at.getTime()) {
        last.answeredAt = null
        open = last
      } else {
        open = { startedAt: message.at, answeredAt: null }
        waits.push(open)
      }
    }
  }
  return { lastBusinessMessageAt, waitingSince: open?.startedAt ?? null, waits }
}
