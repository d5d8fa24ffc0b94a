// The floor under the webhook acknowledgement: the very group commit POST /yelp/webhook runs
// (YelpWebhookService.ingest: client lookup, lead-sync jobs, webhook_logs rows, one transaction),
// called in-process with no HTTP, no job workers and nothing else running, on a freshly migrated
// database. What the hub reaches over HTTP is quoted as a share of this (bench/RESULTS.md).
//
//   node --import tsx bench/ack-floor.bench.ts             # PGlite
//   BENCH_DB=postgres node --import tsx bench/ack-floor.bench.ts
//
// FLOOR_SECONDS (5) per phase, FLOOR_CONCURRENCY (10, as the ack bench's connections).
// Phase 1: one delivery at a time (a batch of one: the latency of one commit).
// Phase 2: FLOOR_CONCURRENCY submitters back to back (batches form as in the hub): acks/s.
// FLOOR_ACKS=N instead: phase 2 only, until N acks (a fixed amount of work, for A/B timing of
// the whole process).
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { INGEST_POOL_SIZE, openDatabase } from '../server/src/db/database.ts'
import { clients } from '../server/src/db/schema.ts'
import { createDeclaredQueues } from '../server/src/engine/jobs/job-registry.ts'
import { IdleWorkers } from '../server/src/engine/queue/idle-workers.ts'
import { PgBossJobQueue } from '../server/src/engine/queue/job-queue.ts'
import { createQueue, stopQueue } from '../server/src/engine/queue/queue.ts'
import { WebhookSecret } from '../server/src/modules/settings/webhook-secret.ts'
import { YelpWebhookService } from '../server/src/modules/webhooks/yelp-webhook.service.ts'
import { seedConnection } from '../server/src/testing/stored-connections.ts'
import { createBenchPostgres } from './bench-postgres.ts'

const ON_POSTGRES = process.env.BENCH_DB === 'postgres'
const SECONDS = Number(process.env.FLOOR_SECONDS ?? 5)
const CONCURRENCY = Number(process.env.FLOOR_CONCURRENCY ?? 10)
const FIXED_ACKS = process.env.FLOOR_ACKS ? Number(process.env.FLOOR_ACKS) : null
const BUSINESS = 'floor-business'
const LEADS = 50

function body(n: number) {
  return {
    time: new Date().toISOString(),
    object: 'business',
    data: {
      id: BUSINESS,
      updates: [
        {
          event_type: 'NEW_EVENT',
          event_id: `floor-event-${n}`,
          lead_id: `floor-lead-${n % LEADS}`,
          interaction_time: new Date().toISOString(),
        },
      ],
    },
  }
}

function percentile(sorted: number[], p: number): number {
  return +(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2)
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadrelay-floor-'))
  const pg = ON_POSTGRES ? await createBenchPostgres() : undefined
  const database = await openDatabase({ dataDir, databaseUrl: pg?.url })
  const boss = createQueue(database)
  await boss.start()
  try {
    await createDeclaredQueues(boss)
    await database.db.insert(clients).values({ clientId: 'floor', name: 'Floor' })
    await seedConnection(database.db, 'yelp', 'floor', { businessId: BUSINESS })
    const jobs = new PgBossJobQueue(boss, new IdleWorkers(boss))
    const service = new YelpWebhookService(database.ingestDb, jobs, new WebhookSecret(database.db), {
      concurrentWrites: ON_POSTGRES ? INGEST_POOL_SIZE - 1 : 1,
    })
    let n = 0
    const ack = async () => {
      const result = await service.ingest(body(n++), undefined)
      if (result.status !== 200 || result.queued !== 1)
        throw new Error(`unexpected ${JSON.stringify(result)}`)
    }
    for (let i = 0; i < 200; i++) await ack()

    const single: number[] = []
    const singleEnd = FIXED_ACKS ? 0 : Date.now() + SECONDS * 1000
    while (Date.now() < singleEnd) {
      const start = performance.now()
      await ack()
      single.push(performance.now() - start)
    }
    single.sort((a, b) => a - b)

    const concurrent: number[] = []
    const end = Date.now() + SECONDS * 1000
    const startAll = performance.now()
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (FIXED_ACKS ? n < FIXED_ACKS + 200 : Date.now() < end) {
          const start = performance.now()
          await ack()
          concurrent.push(performance.now() - start)
        }
      }),
    )
    const elapsed = (performance.now() - startAll) / 1000
    concurrent.sort((a, b) => a - b)
    const result = {
      db: ON_POSTGRES ? 'postgres' : 'pglite',
      load: loadavg().map((v) => +v.toFixed(2)),
      oneAtATime: {
        acksPerSecond: FIXED_ACKS ? null : Math.round(single.length / SECONDS),
        p50Ms: percentile(single, 50),
        p99Ms: percentile(single, 99),
      },
      concurrent: {
        submitters: CONCURRENCY,
        acksPerSecond: Math.round(concurrent.length / elapsed),
        p50Ms: percentile(concurrent, 50),
        p99Ms: percentile(concurrent, 99),
      },
    }
    console.log(JSON.stringify(result))
  } finally {
    await stopQueue(boss, 2000).catch(() => {})
    await database.close()
    await pg?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
