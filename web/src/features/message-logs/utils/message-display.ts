import type { MessageLog, MessageStatus } from '@common/messages.ts'

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
