import type { JobState, JobView } from '@common/jobs.ts'
import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'

const COLUMNS = sql.raw(
  'id, name, state, data, output, retry_count, retry_limit, created_on, started_on, completed_on',
)

/**
 * Jobs of the engine's queues, newest first; `clientIds` limits them to assigned clients.
 * pg-boss moves a finished job to `pgboss.archive` 12 h after it ended, so a dead job is read
 * from both tables: an operator sees (and can retry) it for the whole log-retention period,
 * which the retention run keeps the archive to (retention.repository.ts pruneJobArchive).
 */
export async function listJobs(
  db: DB,
  options: { state?: JobState; limit: number; clientIds: string[] | null },
): Promise<JobView[]> {
  if (options.clientIds && options.clientIds.length === 0) return []
  const filter = sql`name not like '\\_\\_%'
      ${options.state ? sql`and state = ${options.state}::pgboss.job_state` : sql``}
      ${
        options.clientIds
          ? sql`and data->>'clientId' in (${sql.join(
              options.clientIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }`
  const result = (await db.execute(sql`
    select * from (
      (select ${COLUMNS} from pgboss.job where ${filter} order by created_on desc limit ${options.limit})
      union all
      (select ${COLUMNS} from pgboss.archive where ${filter} order by created_on desc limit ${options.limit})
    ) jobs
    order by created_on desc
    limit ${options.limit}
  `)) as unknown as { rows: Array<Record<string, unknown>> }
  return result.rows.map(toView)
}

/** A job by id, live or archived (`archived` says which table holds it). */
export async function findJob(db: DB, id: string): Promise<(JobView & { archived: boolean }) | null> {
  const result = (await db.execute(sql`
    select ${COLUMNS}, false as archived from pgboss.job where id = ${id}::uuid
    union all
    select ${COLUMNS}, true as archived from pgboss.archive where id = ${id}::uuid
  `)) as unknown as { rows: Array<Record<string, unknown>> }
  const row = result.rows[0]
  return row ? { ...toView(row), archived: row.archived === true || row.archived === 't' } : null
}

/**
 * Moves a dead job back from pg-boss's archive into its queue, as `boss.retry` does for one
 * still in the job table (state `retry`, one more try allowed). Its timestamps start afresh:
 * pg-boss archives a waiting job whose `keep_until` passed, and any non-failed one whose
 * `completed_on` is older than 12 h. False when it is not an archived failed job, or when the
 * queue's policy already holds an equal job (the insert then conflicts and nothing moves).
 */
export async function retryArchivedJob(db: DB, queue: string, id: string): Promise<boolean> {
  const result = (await db.execute(sql`
    with revived as (
      insert into pgboss.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay,
        retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on,
        completed_on, keep_until, dead_letter, policy, output)
      select id, name, priority, data, 'retry', retry_limit + 1, retry_count, retry_delay,
        retry_backoff, now(), started_on, singleton_key, singleton_on, expire_in, created_on,
        null, now() + interval '14 days', dead_letter, policy, output
      from pgboss.archive
      where name = ${queue} and id = ${id}::uuid and state = 'failed'
      on conflict do nothing
      returning id
    ), removed as (
      delete from pgboss.archive where name = ${queue} and id in (select id from revived) returning 1
    )
    select count(*)::int as n from revived
  `)) as unknown as { rows: Array<{ n: number | string }> }
  return Number(result.rows[0]?.n ?? 0) === 1
}

function toView(row: Record<string, unknown>): JobView {
  const data = (row.data ?? null) as { clientId?: string } | null
  const output = row.output as { message?: string } | null
  return {
    id: String(row.id),
    queue: String(row.name),
    state: row.state as JobState,
    clientId: data?.clientId ?? null,
    data,
    error: typeof output?.message === 'string' ? output.message : null,
    retryCount: Number(row.retry_count),
    retryLimit: Number(row.retry_limit),
    createdOn: iso(row.created_on) ?? '',
    startedOn: iso(row.started_on),
    completedOn: iso(row.completed_on),
  }
}

/** pg-boss timestamps arrive as Date (pg) or as text like `2026-11-21 21:35:33.1+00` (PGlite). */
export function iso(value: unknown): string | null {
  if (!value) return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  const text = String(value)
    .trim()
    .replace(' ', 'T')
    .replace(/([+-]\d\d)$/, '$1:00')
  const date = new Date(/([zZ]|[+-]\d\d:\d\d)$/.test(text) ? text : `${text}Z`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
