import type { LeadMessage } from '@common/lead-model.ts'
import { isConversationMessage } from '@common/lead-model.ts'

/** A consumer's "new message" (the first after a business message) and when it was answered. */
export interface LeadWait {
  startedAt: Date
  answeredAt: Date | null
}

export interface LeadConversationTimes {
  /** The business's newest message in the conversation. */
  lastBusinessMessageAt: Date | null
  /** The oldest consumer message after it: the lead awaits a reply since then. */
  waitingSince: Date | null
  /** Every new message of the consumer, for the response time and rate. */
  waits: LeadWait[]
}

type MessageFields = Pick<LeadMessage, 'kind' | 'author' | 'time'>

/**
 * Who spoke last, and each time the consumer started waiting (docs/spec/product.md §9.1). A
 * message of the business or of the hub answers; a contact change is no message. The migration
 * 0015_lead_response backfills stored leads with the same rule in SQL.
 */
export function leadConversationTimes(messages: ReadonlyArray<MessageFields>): LeadConversationTimes {
  const spoken = messages
    .filter(isConversationMessage)
    .map((message) => ({ byConsumer: message.author === 'consumer', at: new Date(message.time) }))
    .filter((message) => !Number.isNaN(message.at.getTime()))
    .sort((a, b) => a.at.getTime() - b.at.getTime())
  const waits: LeadWait[] = []
  let lastBusinessMessageAt: Date | null = null
  let open: LeadWait | null = null
  for (const message of spoken) {
    if (!message.byConsumer) {
      lastBusinessMessageAt = message.at
      if (open) open.answeredAt = message.at
      open = null
    } else if (!open) {
      // A source's times may be whole seconds (Yelp's are): the consumer may write again in the
      // second the business answered. A wait is stored once per start (lead_waits' key), so that
      // wait opens again.
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
