import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertWebhookLogs } from '../../repositories/webhook-logs.repository.ts'
import { openQueueWorld, type QueueWorld } from '../../testing/queue-world.ts'
import { leadSyncJob } from '../jobs/lead-sync.job.ts'
import { type LeadSyncJob, PRIORITY, QUEUES, UNKNOWN_LEAD_OVERFLOW } from './queues.ts'

// Jobs written by their caller's own statement (the webhook's log rows): one statement, so both
// are written or neither, with pg-boss's policy and the job's key and priority as with any enqueue.

let world: QueueWorld

beforeAll(async () => {
  world = await openQueueWorld()
}, 60_000)
afterAll(() => world?.close())

const sync = (leadId: string, reason = 'NEW_EVENT'): LeadSyncJob => ({ clientId: 'acme', leadId, reason })
const log = (marker: string) => ({
  endpoint: '/yelp/webhook',
  method: 'POST',
  statusCode: 200,
  payload: { marker },
  response: { received: true },
  clientId: 'acme',
})

async function syncsOf(leadIds: string[]): Promise<Array<{ leadId: string; priority: number }>> {
  const result = (await world.database.db.execute(
    sql`select data->>'leadId' as lead_id, priority from pgboss.job
      where name = ${QUEUES.leadSync} and data->>'leadId' in ${leadIds} order by lead_id`,
  )) as unknown as { rows: Array<{ lead_id: string; priority: number }> }
  return result.rows.map((row) => ({ leadId: row.lead_id, priority: Number(row.priority) }))
}

async function logsMarked(marker: string): Promise<number> {
  const result = (await world.database.db.execute(
    sql`select count(*) as n from webhook_logs where payload->>'marker' = ${marker}`,
  )) as unknown as { rows: Array<{ n: unknown }> }
  return Number(result.rows[0]?.n)
}

describe('JobQueue.enqueueManyAlong', () => {
  it('writes the jobs and the caller rows in one statement, with the job keys and priorities', async () => {
    const ids = await world.jobs.enqueueManyAlong(
      leadSyncJob,
      [sync('along-1'), sync('along-2', UNKNOWN_LEAD_OVERFLOW)],
      (insertJobs) =>
        insertWebhookLogs(world.database.ingestDb, [log('along-a'), log('along-b')], insertJobs),
    )
    expect(ids).toHaveLength(2)
    expect(ids[0]).toBeLessThan(ids[1] as number)
    expect(await logsMarked('along-a')).toBe(1)
    expect(await syncsOf(['along-1', 'along-2'])).toEqual([
      { leadId: 'along-1', priority: PRIORITY.live },
      { leadId: 'along-2', priority: PRIORITY.overflow },
    ])
  })

  it('keeps the queue policy: a second waiting sync of a lead is dropped, its rows still written', async () => {
    await world.jobs.enqueueManyAlong(leadSyncJob, [sync('along-3')], (insertJobs) =>
      insertWebhookLogs(world.database.ingestDb, [log('along-c')], insertJobs),
    )
    await world.jobs.enqueueManyAlong(leadSyncJob, [sync('along-3')], (insertJobs) =>
      insertWebhookLogs(world.database.ingestDb, [log('along-d')], insertJobs),
    )
    expect(await syncsOf(['along-3'])).toHaveLength(1)
    expect(await logsMarked('along-d')).toBe(1)
  })

  it('writes no job when the caller statement fails', async () => {
    const failing = { ...log('along-e'), statusCode: 'not a number' as unknown as number }
    await expect(
      world.jobs.enqueueManyAlong(leadSyncJob, [sync('along-4')], (insertJobs) =>
        insertWebhookLogs(world.database.ingestDb, [log('along-e'), failing], insertJobs),
      ),
    ).rejects.toThrow()
    expect(await syncsOf(['along-4'])).toEqual([])
    expect(await logsMarked('along-e')).toBe(0)
  })
})
