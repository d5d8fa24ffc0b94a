import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { LONG_JOB_EXPIRE_SECONDS } from '../queue/queues.ts'
import { defineJob } from './job-definition.ts'

/**
 * A snapshot of the database. Its schedule follows the `backupFrequency` setting, so it is planned
 * by the backups module through the JobQueue port (modules/backups/backup-schedule.ts), not here.
 */
export const scheduledBackupJob = defineJob({
  queue: QUEUES.scheduledBackup,
  // A cron job carries no data.
  payload: z.looseObject({}),
  workers: 1,
  // `singleton`: one backup at a time across processes; a snapshot of a large database can take
  // minutes, so its expiry is a long job's.
  options: { policy: 'singleton', retryLimit: 2, expireInSeconds: LONG_JOB_EXPIRE_SECONDS },
  announces: 'none',
  handle: (_job, { deps }) => deps.backups.create(),
})
