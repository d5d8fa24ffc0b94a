import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { QUEUE_SCHEMA } from '../db/schema-sources.ts'
import { selectRows } from './raw-rows.ts'

// The figures GET /metrics reads from the database at each scrape (docs/spec/product.md §9.5): the
// same for every process sharing it.

export async function countJobsByQueueAndState(
  db: DB,
): Promise<Array<{ queue: string; state: string; n: number }>> {
  const rows = await selectRows<{ name: string; state: string; n: unknown }>(
    db,
    sql`select name, state, count(*) as n from ${sql.raw(QUEUE_SCHEMA)}.job
      where name not like '\\_\\_%' group by name, state`,
  )
  return rows.map((row) => ({ queue: row.name, state: row.state, n: Number(row.n) }))
}

export async function countConnectionsNeedingReauth(db: DB): Promise<Array<{ provider: string; n: number }>> {
  const [row] = await selectRows<{ yelp: unknown; ghl: unknown }>(
    db,
    sql`select count(*) filter (where provider = 'yelp') as yelp,
        count(*) filter (where provider = 'ghl') as ghl
      from provider_connections where (facts->>'needsReauth')::boolean`,
  )
  return [
    { provider: 'yelp', n: Number(row?.yelp ?? 0) },
    { provider: 'ghl', n: Number(row?.ghl ?? 0) },
  ]
}
