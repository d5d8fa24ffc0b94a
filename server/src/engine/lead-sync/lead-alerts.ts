import { isConversationMessage, type LeadMessage, storedMessagesOf } from '@common/lead-model.ts'
import { leadUserDataSchema } from '@common/leads.ts'
import type { LeadFields, LeadRow } from '../../repositories/leads.repository.ts'
import {
  leadMessageAlert,
  leadNewAlert,
  phoneSharedAlert,
  webhooksSilentByReconcile,
} from '../alerts/alert-events.ts'
import type { AlertPort } from '../alerts/alert-port.ts'
import type { LeadSyncJob } from '../queue/queues.ts'

const RECONCILE_REASONS: ReadonlySet<string> = new Set(['reconcile', 'reconcile-stored'])
/**
 * A message older than this when the hub first reads it (a reconcile reaching back two weeks, a
 * client connected with leads of last week) is history, not something to act on now.
 */
const NEWS_MAX_AGE_MS = 24 * 3600_000

const phoneOf = (userData: unknown): string | null => {
  const parsed = leadUserDataSchema.safeParse(userData ?? {})
  return parsed.success && parsed.data.phone ? parsed.data.phone : null
}

/**
 * The lead events of docs/spec/product.md §9.3 that a sync reveals, raised as soon as the lead is
 * stored: `lead.new` for the lead's first consumer message, `lead.message` for each later one,
 * `lead.phone_shared` when a stored lead gains a phone number, and `webhooks.silent` when a
 * reconcile found messages no webhook announced. Only events still to forward count, so a retried
 * sync raises nothing new (and the outbox drops a repeated cause anyway). An import's leads are
 * history, not news: it raises nothing.
 */
export async function raiseLeadAlerts(
  alerts: AlertPort,
  job: LeadSyncJob,
  before: LeadRow | null,
  lead: LeadFields,
  messages: LeadMessage[],
  pending: LeadMessage[],
): Promise<{ unannounced: number }> {
  if (job.reason === 'import') return { unannounced: 0 }
  const isConsumerMessage = (message: LeadMessage) =>
    message.author === 'consumer' && isConversationMessage(message)
  const first = messages.find(isConsumerMessage)
  const now = Date.now()
  for (const event of pending.filter(isConsumerMessage)) {
    const text = event.text || null
    const at = new Date(event.time)
    if (now - at.getTime() > NEWS_MAX_AGE_MS) continue
    await alerts.raise(
      event.id === first?.id
        ? leadNewAlert(job.clientId, job.leadId, text, at)
        : leadMessageAlert(job.clientId, job.leadId, event.id, text, at),
    )
  }
  const phone = phoneOf(lead.userData)
  if (before && phone && !phoneOf(before.userData))
    await alerts.raise(phoneSharedAlert(job.clientId, job.leadId, phone))
  if (RECONCILE_REASONS.has(job.reason)) {
    const known = new Set(before ? storedMessagesOf(before).map((message) => message.id) : [])
    const unannounced = messages
      .filter((message) => isConversationMessage(message) && !known.has(message.id))
      .map((message) => message.id)
    if (unannounced.length)
      await alerts.raise(webhooksSilentByReconcile(job.clientId, job.leadId, unannounced))
    return { unannounced: unannounced.length }
  }
  return { unannounced: 0 }
}
