import type { MessageRow } from '../../repositories/messages.repository.ts'

/**
 * Whether the `messages` row a reply job names is the one it was queued for: same client, same
 * lead and, for a GHL reply, the same GHL message. A job can outlive its database's rows (a
 * restore with --force keeps the queue while the restored id sequence hands old ids to new
 * rows: docs/backups.md "Jobs after a restore"), and must then end without posting another
 * reply's text to its lead.
 */
export function isOwnRow(
  job: { clientId: string; leadId: string; ghlMessageId?: string },
  row: MessageRow,
): boolean {
  const leadId = (row.metadata as { leadId?: unknown } | null)?.leadId ?? ''
  if (row.clientId !== job.clientId || leadId !== job.leadId) return false
  return job.ghlMessageId === undefined || row.messageId === job.ghlMessageId
}
