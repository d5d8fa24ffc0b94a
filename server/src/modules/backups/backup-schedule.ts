import { BACKUP_FREQUENCIES, type BackupFrequency, SETTING_DEFAULTS } from '@common/settings.ts'
import type { DB } from '../../db/database.ts'
import { scheduledBackupJob } from '../../engine/jobs/scheduled-backup.job.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import { withQueueSetupLock } from '../../engine/queue/queue.ts'
import { readSetting } from '../../repositories/settings.repository.ts'

export const BACKUP_QUEUE = scheduledBackupJob.queue

/** The `backupFrequency` choices of docs/spec/dashboard-spec.md §5 as cron (UTC): on the hour, 02:00 daily, 02:00 Sundays. */
export const BACKUP_CRON: Record<BackupFrequency, string> = {
  hourly: '0 * * * *',
  daily: '0 2 * * *',
  weekly: '0 2 * * 0',
}

/**
 * Plans the scheduled backup (engine/jobs/scheduled-backup.job.ts) at the `backupFrequency`
 * setting's ticks, through the JobQueue port: one schedule row in the database, so one job per
 * tick whatever the number of processes. Returns the function that re-plans it after
 * `backupFrequency` changes.
 */
export async function registerBackupSchedule(
  jobs: JobQueue,
  db: DB,
  isSharedDatabase: boolean,
): Promise<() => Promise<void>> {
  const plan = async () => {
    const stored = await readSetting(db, 'backupFrequency')
    const frequency = (BACKUP_FREQUENCIES as readonly unknown[]).includes(stored)
      ? (stored as BackupFrequency)
      : SETTING_DEFAULTS.backupFrequency
    await jobs.schedule(scheduledBackupJob, BACKUP_CRON[frequency], { tz: 'UTC' })
  }
  // The first plan may create the queue: one process at a time on a shared database.
  await withQueueSetupLock(db, isSharedDatabase, plan)
  return plan
}
