import type PgBoss from 'pg-boss'
import { alertConditionsJob } from './alert-conditions.job.ts'
import { alertDeliveryJob } from './alert-delivery.job.ts'
import { automationSweepJob } from './automation-sweep.job.ts'
import { contactSyncJob } from './contact-sync.job.ts'
import { housekeepingJob } from './housekeeping.job.ts'
import { hubReplyJob } from './hub-reply.job.ts'
import type { JobDefinition } from './job-definition.ts'
import { leadAutomationJob } from './lead-automation.job.ts'
import { leadAutomationAiJob } from './lead-automation-ai.job.ts'
import { leadContactJob } from './lead-contact.job.ts'
import { leadImportJob } from './lead-import.job.ts'
import { leadMetricsJob } from './lead-metrics.job.ts'
import { leadSyncBulkJob, leadSyncJob } from './lead-sync.job.ts'
import { logIndexJob } from './log-index.job.ts'
import { logRetentionJob } from './log-retention.job.ts'
import { markReadJob } from './mark-read.job.ts'
import { opportunityBackfillJob } from './opportunity-backfill.job.ts'
import { opportunitySyncJob } from './opportunity-sync.job.ts'
import { reconcileJob } from './reconcile.job.ts'
import { replyJob } from './reply.job.ts'
import { scheduledBackupJob } from './scheduled-backup.job.ts'
import { subscriptionSyncJob } from './subscription-sync.job.ts'

/**
 * Every job the engine runs: it creates each one's queue, workers and schedule from this list
 * (docs/architecture.md, "Adding a job"). One line per job file.
 */
export const JOBS: readonly JobDefinition[] = [
  leadSyncJob,
  leadSyncBulkJob,
  replyJob,
  hubReplyJob,
  leadContactJob,
  markReadJob,
  contactSyncJob,
  leadImportJob,
  reconcileJob,
  subscriptionSyncJob,
  leadMetricsJob,
  logRetentionJob,
  housekeepingJob,
  leadAutomationJob,
  leadAutomationAiJob,
  automationSweepJob,
  opportunitySyncJob,
  opportunityBackfillJob,
  alertDeliveryJob,
  alertConditionsJob,
  scheduledBackupJob,
  logIndexJob,
]

/** The declaration of a queue's jobs (a parked or rescheduled job names only its queue). */
export function jobOfQueue(queue: string): JobDefinition | undefined {
  return JOBS.find((job) => job.queue === queue)
}

/**
 * Creates (or updates) every declared job's queue and its schedule: the engine at start, and a
 * restore that queues jobs on a database no server has started on.
 */
export async function createDeclaredQueues(boss: PgBoss): Promise<void> {
  for (const job of JOBS) {
    const queue = { name: job.queue, ...job.options }
    if (await boss.getQueue(job.queue)) await boss.updateQueue(job.queue, queue)
    else await boss.createQueue(job.queue, queue)
    // One schedule row per queue: pg-boss sends one job per tick whatever the processes.
    if (job.schedule)
      await boss.schedule(
        job.queue,
        job.schedule.cron,
        undefined,
        job.schedule.tz ? { tz: job.schedule.tz } : undefined,
      )
  }
}
