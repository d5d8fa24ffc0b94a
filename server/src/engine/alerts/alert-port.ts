import type { AlertType } from '@common/alerts.ts'

/**
 * A fact an operator may want to hear of (docs/spec/product.md §9.3), as the code where it arises
 * knows it: which client, which lead, and the details of this kind of event.
 */
export interface AlertEvent {
  type: AlertType
  clientId: string | null
  leadId?: string | null
  /**
   * Names the cause, so the same cause raised again (a retried job, a second process) is one
   * event: e.g. a lead's first message for `lead.new`, the Yelp event id for `lead.message`.
   */
  key: string
  /**
   * What the dedupe of condition events compares (docs/spec/product.md §9.7: the same condition
   * for the same client or lead alerts once per 30 minutes per channel); defaults to the type with
   * the lead, else the client. Events of one cause each (a message, a change, a reply) ignore it.
   */
  condition?: string
  occurredAt?: Date
  /** The event's own facts: sent as the webhook body's `data` and used to word its message. */
  data?: Record<string, unknown>
  /**
   * The raw text behind the event (a job's or a provider's error): kept with the alert in the
   * hub's history, never sent to a channel, whose message says what happened in the hub's words.
   */
  detail?: string
}

/**
 * Where the engine, the token manager and the services raise alerts. The alerts outbox
 * (engine/alerts/alert-outbox.ts) implements it and the composition root hands it in; raising
 * never throws at the caller: an alert that could not be recorded is logged, the work goes on.
 */
export interface AlertPort {
  raise(event: AlertEvent): Promise<void>
}

/** For code run without alerts (tests of one part, scripts). */
export const NO_ALERTS: AlertPort = { async raise() {} }
