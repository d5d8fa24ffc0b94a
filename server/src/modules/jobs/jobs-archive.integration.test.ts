import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeExpiredLogs } from '../../engine/retention.job.ts'
import { type ConnectedWorld, messageRow, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// pg-boss moves a failed job out of its job table 12 h after it failed (its "archive") and drops
// archived rows after 7 days. A dead job must stay listed and retryable for the log-retention
// period (30 days by default) all the same. The clock is played by moving timestamps back and
// running pg-boss's own maintenance, never by sleeping.

let world: ConnectedWorld
const boss = () => world.server.server.boss

beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

interface ListedJob {
  id: string
  state: string
  data: { leadId?: string } | null
  error: string | null
}
const failedJobs = async () => (await world.admin.get('/api/jobs?state=failed')).body as ListedJob[]

/** A lead whose second message GHL refuses with a 422: its sync job dies at once. */
async function deadJobOf(leadId: string): Promise<{ job: ListedJob; eventId: string }> {
  const first = world.sims.newLead(leadId)
  await waitFor(`${leadId} in GHL`, async () => (await world.sims.ghlMessagesFor([first])).length === 1)
  world.ghl.server.faults.add({
    method: 'POST',
    path: '/conversations/messages/inbound',
    status: 422,
    body: { statusCode: 422, message: ['property surprise should not exist'], error: 'Unprocessable Entity' },
    times: 1,
  })
  const eventId = world.sims.consumerMessage(leadId, `Call me back about ${leadId}`)
  const job = await waitFor('the dead job', async () =>
    (await failedJobs()).find((j) => j.data?.leadId === leadId),
  )
  return { job, eventId }
}

/** As pg-boss's maintenance does 12 h after the failure: the job moves to pgboss.archive. */
async function archiveAsPgBossDoes(jobId: string, failedAgo = '13 hours'): Promise<void> {
  await world.db.execute(
    sql`update pgboss.job set completed_on = now() - ${failedAgo}::interval where id = ${jobId}::uuid`,
  )
  await boss().archive()
  const left = await world.db.execute(sql`select 1 from pgboss.job where id = ${jobId}::uuid`)
  expect((left as unknown as { rows: unknown[] }).rows).toHaveLength(0)
}

const ageArchived = (jobId: string, ago: string) =>
  world.db.execute(
    sql`update pgboss.archive set archived_on = now() - ${ago}::interval,
          completed_on = now() - ${ago}::interval where id = ${jobId}::uuid`,
  )

describe('dead jobs pg-boss has archived', () => {
  it('are listed as failed and retried from the archive, once', async () => {
    const { job, eventId } = await deadJobOf('lead-archived-job')
    await archiveAsPgBossDoes(job.id)

    const listed = (await failedJobs()).find((j) => j.id === job.id)
    expect(listed).toMatchObject({ state: 'failed', data: { leadId: 'lead-archived-job' } })
    expect(listed?.error).toContain('422')

    const retried = await world.admin.post(`/api/jobs/${job.id}/retry`)
    expect(retried.status, retried.text).toBe(200)
    expect(retried.body).toEqual({ ok: true, id: job.id, state: 'retry' })
    await waitFor('the message in GHL', async () => (await world.sims.ghlMessagesFor([eventId])).length === 1)
    await waitFor(
      'the row to be success',
      async () => (await messageRow(world.db, `yelp:${eventId}`))?.status === 'success',
    )
    const again = await world.admin.post(`/api/jobs/${job.id}/retry`)
    expect(again.status).toBe(409)
  })

  it('stay listed through pg-boss maintenance for the log-retention period, and go after it', async () => {
    const { job } = await deadJobOf('lead-old-dead-job')
    await archiveAsPgBossDoes(job.id)
    await ageArchived(job.id, '20 days')
    await boss().maintain()
    expect((await failedJobs()).map((j) => j.id)).toContain(job.id)

    // Past the 30 days of logRetention, the daily retention run removes it.
    await ageArchived(job.id, '31 days')
    await purgeExpiredLogs(world.db)
    expect((await failedJobs()).map((j) => j.id)).not.toContain(job.id)
  })
})
