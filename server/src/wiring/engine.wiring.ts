import type { FastifyInstance } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Database } from '../db/database.ts'
import { Engine } from '../engine/engine.ts'
import type { JobDeps } from '../engine/jobs/job-definition.ts'
import { IdleWorkers } from '../engine/queue/idle-workers.ts'
import { PgBossJobQueue } from '../engine/queue/job-queue.ts'
import { type ChangeBus, InProcessChangeBus } from '../modules/events/change-bus.ts'
import { PostgresChangeBus } from '../modules/events/postgres-change-bus.ts'
import type { AlertJobParts } from './alerts.wiring.ts'
import type { Core } from './core.wiring.ts'

/**
 * What changed, for the operators' open screens: the engine and the services announce through
 * its port. Several processes share PostgreSQL, so changes travel by NOTIFY there; PGlite has
 * one process.
 */
export async function openChangeBus(database: Database, app: FastifyInstance): Promise<ChangeBus> {
  const changes = await startChangeBus(database, (error) =>
    app.log.warn({ err: error }, `change notifications: ${error.message}`),
  )
  app.addHook('onClose', async () => changes.close())
  return changes
}

async function startChangeBus(database: Database, onError: (error: Error) => void): Promise<ChangeBus> {
  if (database.kind !== 'postgres' || !database.url) return new InProcessChangeBus()
  const bus = new PostgresChangeBus(database.url, database.execute, onError)
  await bus.start()
  return bus
}

/**
 * The job queue: services enqueue through its port (which wakes an idle worker of this
 * process), the engine runs the workers. Absent when the app is built without pg-boss.
 */
export function openJobQueue(boss: PgBoss | undefined): {
  workers: IdleWorkers | undefined
  jobs: PgBossJobQueue | undefined
} {
  const workers = boss ? new IdleWorkers(boss) : undefined
  return { workers, jobs: boss && workers ? new PgBossJobQueue(boss, workers) : undefined }
}

/**
 * The engine and what every job's handler may use (JobDeps, engine/jobs/job-definition.ts):
 * built once here, from the shared core, the queue and the alert jobs' parts. Without a job
 * queue there is neither.
 */
export function wireEngine({
  core,
  boss,
  queue: { workers, jobs },
  changes,
  clock,
  log,
  alertJobs,
  backups,
}: {
  core: Core
  boss: PgBoss | undefined
  queue: ReturnType<typeof openJobQueue>
  changes: ChangeBus
  clock: () => Date
  log: FastifyInstance['log']
  alertJobs: AlertJobParts | undefined
  backups: JobDeps['backups']
}): { jobDeps: JobDeps | undefined; engine: Engine | undefined } {
  const jobDeps: JobDeps | undefined = jobs &&
    alertJobs && {
      config: core.config,
      db: core.db,
      providers: core.providers,
      sources: core.sources,
      tokens: core.tokens,
      yelpOAuth: core.yelpOAuth,
      subscriptions: core.subscriptions,
      jobs,
      changes,
      clock,
      log,
      alerts: core.alerts,
      ...alertJobs,
      backups,
      aiDrafts: core.aiDrafts,
    }
  const engine =
    boss && workers && jobDeps
      ? new Engine(boss, jobDeps, workers, core.engineOptions, core.connectionListeners)
      : undefined
  return { jobDeps, engine }
}
