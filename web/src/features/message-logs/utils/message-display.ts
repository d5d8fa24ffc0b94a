import { MESSAGE_DIRECTION_LABELS, type MessageLog, type MessageStatus } from '@common/messages.ts'

const timestampFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function formatTimestamp(iso: string): string {
  return timestampFormat.format(new Date(iso))
}

export const STATUS_BADGE: Record<MessageStatus, 'success' | 'warning' | 'destructive'> = {
  success: 'success',
  pending: 'warning',
  error: 'destructive',
}

/** Where a message's lead opens in the Lead Inbox. */
export function inboxHref(message: Pick<MessageLog, 'leadId' | 'clientId'>): string | null {
  if (!message.leadId) return null
  return `/inbox?clientId=${encodeURIComponent(message.clientId)}&leadId=${encodeURIComponent(message.leadId)}`
}

/** Where a message came from and went, in the operator's words, and who or what wrote it. */
export interface MessageRoute {
  /** "Yelp → GHL", "GHL → Yelp", "Inbox → Yelp" or "Playbook → Yelp". */
  label: string
  /** "Automated first reply (playbook)", "Sent by pat from the inbox"; null when the label says it all. */
  detail: string | null
}

/**
 * The route of one message. A reply to Yelp is written in GHL, in the hub's inbox, or by the
 * response playbook (docs/spec/product.md §9.2): the hub stores which as `metadata.source`
 * (`automation` or `inbox`) with the step or the user, so an automated reply says it came from
 * the playbook rather than passing for a person's.
 */
export function messageRoute(message: Pick<MessageLog, 'direction' | 'metadata'>): MessageRoute {
  if (message.direction === 'inbound') return { label: MESSAGE_DIRECTION_LABELS.inbound, detail: null }
  const meta = message.metadata ?? {}
  const sentBy = typeof meta.sentBy === 'string' && meta.sentBy ? meta.sentBy : null
  if (meta.source === 'automation') {
    const step = automatedStep(meta)
    return {
      label: 'Playbook → Yelp',
      detail: sentBy
        ? `${step} (playbook), approved by ${sentBy}`
        : `Automated ${lowerFirst(step)} (playbook)`,
    }
  }
  if (meta.source === 'inbox') {
    return {
      label: 'Inbox → Yelp',
      detail: sentBy ? `Sent by ${sentBy} from the inbox` : 'Sent from the inbox',
    }
  }
  return { label: MESSAGE_DIRECTION_LABELS.outbound, detail: null }
}

function automatedStep(meta: Record<string, unknown>): string {
  const kind = meta.automation ?? meta.draftKind
  if (kind === 'follow_up') return typeof meta.step === 'number' ? `Follow-up ${meta.step}` : 'Follow-up'
  return 'First reply'
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}
