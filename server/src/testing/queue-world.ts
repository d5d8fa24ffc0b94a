import type PgBoss from 'pg-boss'
import { type Database, openDatabase } from '../db/database.ts'
import { createDeclaredQueues } from '../engine/jobs/job-registry.ts'
import { IdleWorkers } from '../engine/queue/idle-workers.ts'
import { PgBossJobQueue } from '../engine/queue/job-queue.ts'
import { createQueue, stopQueue } from '../engine/queue/queue.ts'
import { createTestDatabase } from './test-database.ts'

/** A fresh database with pg-boss started, the declared queues created, and no worker running. */
export interface QueueWorld {
  database: Database
  boss: PgBoss
  jobs: PgBossJobQueue
  close(): Promise<void>
}

export async function openQueueWorld(): Promise<QueueWorld> {
  const testDb = await createTestDatabase()
  const database = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl })
  const boss = createQueue(database)
  await boss.start()
  await createDeclaredQueues(boss)
  return {
    database,
    boss,
    jobs: new PgBossJobQueue(boss, new IdleWorkers(boss)),
    close: async () => {
      await stopQueue(boss, 2000).catch(() => {})
      await database.close()
      await testDb.dispose()
    },
  }
}
