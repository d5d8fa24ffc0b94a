import { randomUUID } from 'node:crypto'
import type { AlertEvent } from './alert-port.ts'

// The events of docs/spec/product.md §9.3 as the places that cause them raise them: each names its
// cause in `key`, so a retried job or a second process raising it again adds nothing.

export function leadNewAlert(clientId: string, leadId: string, text: string | null, at?: Date): AlertEvent {
  return { type: 'lead.new', clientId, leadId, key: `lead.new:${leadId}`, occurredAt: at, data: { text } }
}

/** A later consumer message: one per Yelp event. */
export function leadMessageAlert(
  clientId: string,
  leadId: string,
  eventId: string,
  text: string | null,
  at?: Date,
): AlertEvent {
  return {
    type: 'lead.message',
    clientId,
    leadId,
    key: `lead.message:${eventId}`,
    occurredAt: at,
    data: { eventId, text },
  }
}

export function phoneSharedAlert(clientId: string, leadId: string, phone: string): AlertEvent {
  return {
    type: 'lead.phone_shared',
    clientId,
    leadId,
    key: `lead.phone_shared:${leadId}:${phone}`,
    data: { phone },
  }
}

export function statusChangedAlert(
  clientId: string,
  leadId: string,
  previous: string,
  status: string,
  by: string | null,
): AlertEvent {
  return {
    type: 'lead.status_changed',
    clientId,
    leadId,
    key: `lead.status_changed:${leadId}:${randomUUID()}`,
    condition: `lead.status_changed:${leadId}:${status}`,
    data: { previous, status, by },
  }
}

/** A reply delivered to Yelp, once per message row (from GHL or the inbox). */
export function replySentAlert(
  clientId: string,
  leadId: string,
  messageRowId: number,
  text: string | null,
  source: 'ghl' | 'inbox',
): AlertEvent {
  return {
    type: 'reply.sent',
    clientId,
    leadId,
    key: `reply.sent:${messageRowId}`,
    // Every reply is news of its own, not a repeated condition.
    condition: `reply.sent:${messageRowId}`,
    data: { text, source },
  }
}

export function needsReauthAlert(
  provider: 'yelp' | 'ghl',
  clientId: string,
  reason: string | undefined,
): AlertEvent {
  return {
    type: 'connection.needs_reauth',
    clientId,
    key: `connection.needs_reauth:${provider}:${clientId}:${randomUUID()}`,
    condition: `connection.needs_reauth:${provider}:${clientId}`,
    data: { provider, reason: reason ?? null },
  }
}

/** The reconcile fetched a lead or messages no webhook announced. */
export function webhooksSilentByReconcile(clientId: string, leadId: string, eventIds: string[]): AlertEvent {
  return {
    type: 'webhooks.silent',
    clientId,
    leadId,
    key: `webhooks.silent:reconcile:${leadId}:${eventIds.join(',')}`,
    // Two conditions: webhooks that went missing, and a subscription Yelp no longer lists.
    condition: `webhooks.silent:reconcile:${clientId}`,
    data: { cause: 'reconcile', found: eventIds.length, eventIds },
  }
}

/** The daily check found the business's webhook subscription missing at Yelp. */
export function webhooksSilentBySubscription(clientId: string, businessId: string, day: string): AlertEvent {
  return {
    type: 'webhooks.silent',
    clientId,
    key: `webhooks.silent:subscription:${clientId}:${day}`,
    condition: `webhooks.silent:subscription:${clientId}`,
    data: { cause: 'subscription', businessId },
  }
}

export function ghlDailyCapAlert(clientId: string, resetAt: Date, reason: string): AlertEvent {
  return {
    type: 'ghl.daily_cap',
    clientId,
    key: `ghl.daily_cap:${clientId}:${resetAt.toISOString().slice(0, 13)}`,
    data: { resetAt: resetAt.toISOString(), reason },
  }
}
