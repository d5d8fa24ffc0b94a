import { randomUUID } from 'node:crypto'
import { AUTOMATION_SOURCE } from '../../repositories/lead-automation.repository.ts'
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
    // Each change is its own cause.
    key: `lead.status_changed:${leadId}:${randomUUID()}`,
    data: { previous, status, by },
  }
}

/** Where a reply delivered to Yelp came from: GHL, the inbox, or the playbook's automation. */
export type ReplySource = 'ghl' | 'inbox' | 'automation'

/** The origin of an outbound message row, as its platform and metadata record it. */
export function replySourceOf(row: { platform: string | null; metadata: unknown }): ReplySource {
  if (row.platform === 'ghl') return 'ghl'
  const source = (row.metadata as { source?: unknown } | null)?.source
  return source === AUTOMATION_SOURCE ? 'automation' : 'inbox'
}

/** A reply delivered to Yelp, once per message row, named by its real origin. */
export function replySentAlert(
  clientId: string,
  leadId: string,
  row: { id: number; content: string | null; platform: string | null; metadata: unknown },
): AlertEvent {
  const source = replySourceOf(row)
  const automation = (row.metadata as { automation?: unknown } | null)?.automation
  return {
    type: 'reply.sent',
    clientId,
    leadId,
    key: `reply.sent:${row.id}`,
    data: {
      text: row.content,
      source,
      ...(source === 'automation' && typeof automation === 'string' ? { automation } : {}),
    },
  }
}

/** The provider's own reason stays in the hub (`detail`); channels hear it in our words. */
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
    data: { provider },
    ...(reason ? { detail: reason } : {}),
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

/** GHL's own words about the cap stay in the hub (`detail`). */
export function ghlDailyCapAlert(clientId: string, resetAt: Date, reason: string): AlertEvent {
  return {
    type: 'ghl.daily_cap',
    clientId,
    key: `ghl.daily_cap:${clientId}:${resetAt.toISOString().slice(0, 13)}`,
    data: { resetAt: resetAt.toISOString() },
    detail: reason,
  }
}
