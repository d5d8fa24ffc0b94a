import type { Alert } from '@common/alerts.ts'

/** One event and what became of it on each channel it was meant for. */
export interface AlertEventGroup {
  eventId: string
  /** The newest delivery's fields stand for the event: every delivery carries the same event. */
  event: Alert
  deliveries: Alert[]
}

/**
 * The history's rows grouped by event (docs/spec/product.md §9.3: one delivery per event and
 * channel), newest event first, in the order the list gave them. A group cut by a page boundary
 * joins up once the next page is loaded, since the whole loaded list is grouped.
 */
export function groupAlertsByEvent(alerts: readonly Alert[]): AlertEventGroup[] {
  const groups = new Map<string, AlertEventGroup>()
  for (const alert of alerts) {
    const group = groups.get(alert.eventId)
    if (group) group.deliveries.push(alert)
    else groups.set(alert.eventId, { eventId: alert.eventId, event: alert, deliveries: [alert] })
  }
  return [...groups.values()]
}
