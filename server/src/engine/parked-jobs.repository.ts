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
