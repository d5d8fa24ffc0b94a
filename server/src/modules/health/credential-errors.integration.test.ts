import type { SystemHealth } from '@common/stats.ts'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiRequestLogs } from '../../db/schema.ts'
import { ACME, type ConnectedWorld, contactOf, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// The header's "System Degraded" came from every GHL reply: GHL answers the status update 403 for
// a few seconds while it "downstreams" the message (docs/providers/ghl.md §9), the engine waits it
// out, and that normal 403 counted as a refused credential for 24 hours.
let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

async function credentialCheck() {
  const health = (await world.admin.get('/api/system-health')).body as SystemHealth
  return health.checks.find((check) => check.key === 'credentialErrors')
}

const statusCalls = (status: number) =>
  world.db
    .select({ id: apiRequestLogs.id })
    .from(apiRequestLogs)
    .where(and(eq(apiRequestLogs.statusCode, status), sql`${apiRequestLogs.endpoint} like '%/status'`))

describe('credential errors in System Health', () => {
  it('leave out the 403 of a GHL reply that the engine waited out, and still count a real refusal', {
    timeout: 90_000,
  }, async () => {
    const eventId = world.sims.newLead('lead-settling')
    await waitFor('the lead in GHL', async () => (await world.sims.ghlMessagesFor([eventId])).length === 1)
    const contactId = await contactOf(world.db, 'lead-settling')
    const sent = await world.ghl.simulateUserReply({
      locationId: ACME.location,
      contactId: contactId ?? '',
      message: 'We can come by on Tuesday.',
    })
    expect(sent.response.status).toBe(200)
    await waitFor(
      'GHL refused the status update while settling',
      async () => (await statusCalls(403)).length > 0,
    )
    // GHL finishes downstreaming; the engine's next attempt is accepted.
    world.ghl.server.clock.advance(6000)
    await waitFor('the status update accepted', async () => (await statusCalls(200)).length > 0, 30_000)

    // An hour later (the figure covers 24 hours) it is still no credential error.
    await world.db.execute(sql`update api_request_logs set created_at = created_at - interval '1 hour'`)
    expect(await credentialCheck()).toMatchObject({ state: 'ok', detail: 'None' })

    // A call refused an hour ago and never accepted since is a credential the provider refused.
    await world.db.insert(apiRequestLogs).values({
      direction: 'outgoing',
      platform: 'ghl',
      endpoint: 'https://services.leadconnectorhq.com/contacts/upsert',
      method: 'POST',
      statusCode: 403,
      clientId: ACME.clientId,
      createdAt: new Date(Date.now() - 3_600_000),
    })
    expect(await credentialCheck()).toMatchObject({
      state: 'warning',
      detail: '1 provider call refused with 401 or 403',
    })
  })
})
