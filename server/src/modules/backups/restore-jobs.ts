import type { DB } from '../../db/database.ts'
import { hubReplyJob } from '../../engine/jobs/hub-reply.job.ts'
import { replyJob } from '../../engine/jobs/reply.job.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import type { HubReplyJob, ReplyJob } from '../../engine/queue/queues.ts'
import { listPendingReplies, type PendingReplyRow } from '../../repositories/backups.repository.ts'
import { HUB_PLATFORM } from '../../repositories/lead-inbox.repository.ts'

const GHL_PLATFORM = 'ghl'

/**
 * Queues the delivery job of every reply the restored database holds as pending (a GHL reply or
 * one typed in the inbox) that no parked job holds: a backup carries no queue (docs/backups.md),
 * so without this a reply recorded before the backup would never be sent. Its handler checks
 * Yelp's events before writing when an earlier attempt may have landed, so a reply that did reach
 * Yelp before the backup is not sent twice. Returns how many were queued.
 */
export async function requeuePendingReplies(jobs: JobQueue, db: DB): Promise<number> {
  let queued = 0
  for (const row of await listPendingReplies(db, [GHL_PLATFORM, HUB_PLATFORM])) {
    const job = jobOf(row)
    if (!job) continue
    if (job.kind === 'hub') await jobs.enqueue(hubReplyJob, job.data)
    else await jobs.enqueue(replyJob, job.data)
    queued += 1
  }
  return queued
}

function jobOf(
  row: PendingReplyRow,
): { kind: 'hub'; data: HubReplyJob } | { kind: 'ghl'; data: ReplyJob } | null {
  const meta = row.metadata ?? {}
  const leadId = typeof meta.leadId === 'string' ? meta.leadId : ''
  if (row.platform === HUB_PLATFORM)
    return { kind: 'hub', data: { clientId: row.clientId, leadId, messageRowId: row.id } }
  const locationId = meta.ghlLocationId
  if (!row.messageId || typeof locationId !== 'string') return null
  return {
    kind: 'ghl',
    data: {
      clientId: row.clientId,
      leadId,
      ghlMessageId: row.messageId,
      ghlLocationId: locationId,
      messageRowId: row.id,
    },
  }
}
