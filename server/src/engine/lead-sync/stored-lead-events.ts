import { isConversationMessage, type LeadMessage, storedMessagesOf } from '@common/lead-model.ts'
import { leadUserDataSchema } from '@common/leads.ts'
import type { LeadFields, LeadRow } from '../../repositories/leads.repository.ts'
import type { LeadEvent } from '../lead-events/lead-event.ts'
import type { LeadSyncJob } from '../queue/queues.ts'

const RECONCILE_REASONS: ReadonlySet<string> = new Set(['reconcile', 'reconcile-stored'])

/** What a sync stored, and what it read to store it. */
export interface StoredLead {
  job: LeadSyncJob
  /** The lead's row before this sync stored it; null for a lead new to the hub. */
  before: Pick<LeadRow, 'userData' | 'events'> | null
  stored: Pick<LeadFields, 'userData'>
  /** Every message of the lead, oldest first. */
  messages: readonly LeadMessage[]
  /** The conversation messages not forwarded (nor claimed as echoes of the hub's replies) yet. */
  pending: readonly LeadMessage[]
  needsMetrics: boolean
}

/**
 * The lead events a sync's store reveals (engine/lead-events/lead-event.ts): the lead stored, and
 * each message still to forward. Only those count, so a retried sync records no message twice.
 */
export function storedLeadEvents(sync: StoredLead): LeadEvent[] {
  const { job, before, pending } = sync
  const lead = { clientId: job.clientId, leadId: job.leadId }
  // A historical import's leads are history, not news.
  const history = job.reason === 'import'
  const first = sync.messages.find(isConsumerMessage)
  const phone = phoneOf(sync.stored.userData)
  return [
    {
      type: 'lead.stored',
      ...lead,
      needsMetrics: sync.needsMetrics,
      history,
      gainedPhone: before && phone && !phoneOf(before.userData) ? phone : null,
      unannounced: RECONCILE_REASONS.has(job.reason) ? unannounced(before, sync.messages) : [],
    },
    ...pending.map(
      (message): LeadEvent => ({
        type: 'lead.message',
        ...lead,
        message,
        first: message.id === first?.id,
        history,
      }),
    ),
  ]
}

function isConsumerMessage(message: LeadMessage): boolean {
  return message.author === 'consumer' && isConversationMessage(message)
}

function phoneOf(userData: unknown): string | null {
  const parsed = leadUserDataSchema.safeParse(userData ?? {})
  return parsed.success && parsed.data.phone ? parsed.data.phone : null
}

/** A reconcile's find: the conversation messages the lead's stored row did not have. */
function unannounced(before: StoredLead['before'], messages: readonly LeadMessage[]): string[] {
  const known = new Set(before ? storedMessagesOf(before).map((message) => message.id) : [])
  return messages
    .filter((message) => isConversationMessage(message) && !known.has(message.id))
    .map((message) => message.id)
}
