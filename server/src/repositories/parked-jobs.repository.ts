import { and, eq, like, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { credentialLeases, parkedJobs } from '../db/schema.ts'

export async function parkJob(
  db: DB,
  job: { clientId: string; provider: string; queue: string; data: unknown; reason: string },
): Promise<void> {
  await db.insert(parkedJobs).values(job)
}

/**
 * Removes and returns a client's jobs parked for one provider, in one statement: two callers at
 * once (a reconnect and a worker) each get different rows, never the same job twice.
 */
export async function takeParkedJobs(db: DB, clientId: string, provider: string) {
  return db
    .delete(parkedJobs)
    .where(and(eq(parkedJobs.clientId, clientId), eq(parkedJobs.provider, provider)))
    .returning()
}

/**
 * A deleted client's work: its queued, retrying and running jobs are cancelled (a running one's
 * worker finds its completion refused), its parked jobs and lead leases removed.
 */
export async function cancelClientWork(db: DB, clientId: string): Promise<void> {
  await db.execute(sql`
    update pgboss.job set state = 'cancelled', completed_on = now()
    where data->>'clientId' = ${clientId} and state in ('created', 'retry', 'active')
  `)
  await db.delete(parkedJobs).where(eq(parkedJobs.clientId, clientId))
  await db.delete(credentialLeases).where(like(credentialLeases.key, `lead:${clientId}:%`))
}

/** Ends a job's retries: pg-boss fails a job for good once its retry count reaches the limit. */
export async function markDeadNow(db: DB, jobId: string): Promise<void> {
  await db.execute(sql`update pgboss.job set retry_limit = retry_count where id = ${jobId}::uuid`)
}

/**
 * The heartbeat of a running job: pg-boss expires an active job `expire_in` after `started_on`,
 * so renewing it tells every process that this job's worker is still alive (queues.ts).
 */
export async function touchActiveJob(db: DB, jobId: string): Promise<void> {
  await db.execute(
    sql`update pgboss.job set started_on = now() where id = ${jobId}::uuid and state = 'active'`,
  )
}

/** Jobs of these queues that a worker had taken (state active), oldest first. */
export async function listActiveJobs(db: DB, queues: string[]): Promise<Array<{ id: string; name: string }>> {
  const result = (await db.execute(sql`
    select id, name from pgboss.job
    where state = 'active' and name in (${sql.join(
      queues.map((q) => sql`${q}`),
      sql`, `,
    )})
    order by started_on
  `)) as unknown as { rows: Array<{ id: string; name: string }> }
  return result.rows.map((r) => ({ id: String(r.id), name: String(r.name) }))
}
