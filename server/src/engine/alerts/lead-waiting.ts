/** A stored Yelp event as the lead row keeps it (docs/providers/yelp.md §1). */
interface StoredEvent {
  id?: unknown
  user_type?: unknown
  event_type?: unknown
  time_created?: unknown
}

const isMessage = (event: StoredEvent) =>
  typeof event.event_type === 'string' && !event.event_type.includes('PHONE_NUMBER_OPT')

/**
 * When a lead began awaiting a reply (docs/spec/product.md §9.1): the oldest consumer message
 * after the newest business message; null when the business spoke last or nobody wrote.
 */
export function waitingSinceOf(events: readonly unknown[]): Date | null {
  const messages = (events as StoredEvent[]).filter(isMessage)
  let since: Date | null = null
  for (const event of messages) {
    if (event.user_type === 'BIZ') since = null
    else if (event.user_type === 'CONSUMER' && since === null && typeof event.time_created === 'string') {
      since = new Date(event.time_created)
    }
  }
  return since && !Number.isNaN(since.getTime()) ? since : null
}
