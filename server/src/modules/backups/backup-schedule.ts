import { BACKUP_FREQUENCIES, type BackupFrequency, SETTING_DEFAULTS } from '@common/settings.ts'
import type PgBoss from 'pg-boss'
import type { DB } from '../../db/database.ts'
import { withQueueSetupLock } from '../../engine/queue/queue.ts'
import { readSetting } from '../../repositories/settings.repository.ts'
import type { BackupsService } from './backups.service.ts'

export const BACKUP_QUEUE = 'scheduled-backup'

/** The `backupFrequency` choices of docs/spec/dashboard-spec.md §5 as cron (UTC): on the hour, 02:00 daily, 02:00 Sundays. */
export const BACKUP_CRON: Record<BackupFrequency, string> = {
  hourly: '0 * * * *',
  daily: '0 2 * * *',
  weekly: '0 2 * * 0',
}

/**
 * The scheduled backup. pg-boss keeps one schedule row for the queue in the database and sends
 * one job per tick whatever the number of processes; the `singleton` queue runs one at a time.
 * Returns the function that re-plans it after `backupFrequency` changes.
 */
export async function registerBackupSchedule(
  boss: PgBoss,
  db: DB,
  isSharedDatabase: boolean,
  backups: BackupsService,
): Promise<() => Promise<void>> {
  const plan = async () => {
    const stored = await readSetting(db, 'backupFrequency')
    const frequency = (BACKUP_FREQUENCIES as readonly unknown[]).includes(stored)
      ? (stored as BackupFrequency)
      : SETTING_DEFAULTS.backupFrequency
    await boss.schedule(BACKUP_QUEUE, BACKUP_CRON[frequency], undefined, { tz: 'UTC' })
  }
  await withQueueSetupLock(db, isSharedDatabase, async () => {
    if (!(await boss.getQueue(BACKUP_QUEUE))) {
      await boss.createQueue(BACKUP_QUEUE, { name: BACKUP_QUEUE, policy: 'singleton', retryLimit: 2 })
    }
    await plan()
  })
  await boss.work(BACKUP_QUEUE, async () => {
    await backups.create()
  })
  return plan
}
