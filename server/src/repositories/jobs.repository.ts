import type { JobState, JobView } from '@common/jobs.ts'
import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'

/** Jobs of the engine's queues, newest first; `clientIds` limits them to assigned clients. */
export async function listJobs(
  db: DB,
  options: { state?: JobState; limit: number; clientIds: string[] | null },
): Promise<JobView[]> {
  if (options.clientIds && options.clientIds.length === 0) return []
  const result = (await db.execute(sql`
    select id, name, state, data, output, retry_count, retry_limit, created_on, started_on, completed_on
    from pgboss.job
    where name not like '\\_\\_%'
      ${options.state ? sql`and state = ${options.state}::pgboss.job_state` : sql``}
      ${
        options.clientIds
          ? sql`and data->>'clientId' in (${sql.join(
              options.clientIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }
    order by created_on desc
    limit ${options.limit}
  `)) as unknown as { rows: Array<Record<string, unknown>> }
  return result.rows.map(toView)
}

export async function findJob(db: DB, id: string): Promise<JobView | null> {
  const result = (await db.execute(sql`
    select id, name, state, data, output, retry_count, retry_limit, created_on, started_on, completed_on
    from pgboss.job where id = ${id}::uuid
  `)) as unknown as { rows: Array<Record<string, unknown>> }
  const row = result.rows[0]
  return row ? toView(row) : null
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
