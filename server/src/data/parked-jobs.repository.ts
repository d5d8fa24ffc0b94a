import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { parkedJobs } from '../db/schema.ts'

export async function parkJob(
  db: DB,
  job: { clientId: string; provider: string; queue: string; data: unknown; reason: string },
): Promise<void> {
  await db.insert(parkedJobs).values(job)
}

/** Removes and returns a client's jobs parked for one provider. */
export async function takeParkedJobs(db: DB, clientId: string, provider: string) {
  const rows = await db
    .select()
    .from(parkedJobs)
    .where(and(eq(parkedJobs.clientId, clientId), eq(parkedJobs.provider, provider)))
  if (rows.length)
    await db.delete(parkedJobs).where(
      inArray(
        parkedJobs.id,
        rows.map((r) => r.id),
      ),
    )
  return rows
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
