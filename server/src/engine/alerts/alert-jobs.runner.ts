import type PgBoss from 'pg-boss'
import type { DB } from '../../db/database.ts'
import { markDeadNow } from '../../repositories/parked-jobs.repository.ts'
import type { JobDefinition, JobDeps } from '../jobs/job-definition.ts'
import type { IdleWorkers, WorkerSlot } from '../queue/idle-workers.ts'
import { withQueueSetupLock } from '../queue/queue.ts'

/**
 * Creates the queues, schedules and workers of these job declarations. Only the alert jobs go
 * through it: the engine still registers its own jobs (engine.ts) until they move to
 * declarations, and then runs the whole registry (engine/jobs/job-registry.ts) instead of this.
 */
export async function runDeclaredJobs(
  boss: PgBoss,
  db: DB,
  isSharedDatabase: boolean,
  definitions: readonly JobDefinition[],
  deps: JobDeps,
  idle: IdleWorkers,
): Promise<void> {
  await withQueueSetupLock(db, isSharedDatabase, async () => {
    for (const job of definitions) {
      const options = { name: job.queue, ...job.options }
      if (await boss.getQueue(job.queue)) await boss.updateQueue(job.queue, options)
      else await boss.createQueue(job.queue, options)
      if (job.schedule)
        await boss.schedule(job.queue, job.schedule.cron, undefined, { tz: job.schedule.tz ?? 'UTC' })
    }
  })
  for (const job of definitions) {
    const slots: WorkerSlot[] = []
    for (let i = 0; i < job.workers; i++) {
      const slot: WorkerSlot = { id: '', busy: false }
      slot.id = await boss.work<object>(
        job.queue,
        { pollingIntervalSeconds: 2, batchSize: 1 },
        async ([run]) => {
          if (!run) return
          slot.busy = true
          try {
            // A scheduled job carries no data: pg-boss stores null.
            const parsed = job.payload.safeParse(run.data ?? {})
            if (!parsed.success) {
              await markDeadNow(db, run.id)
              throw new Error(
                `Job ${run.id} of ${job.queue} has data that does not parse: ${parsed.error.message}`,
              )
            }
            return await job.handle(parsed.data, { deps, jobId: run.id })
          } finally {
            slot.busy = false
          }
        },
      )
      slots.push(slot)
    }
    idle.register(job.queue, slots)
  }
}
