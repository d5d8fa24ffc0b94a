import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookCatcher, type WebhookCatcher } from '../../../../sim/catchers/webhook-catcher.ts'
import { GHL_SAMPLE_PIPELINE } from '../../../../sim/ghl/ghl-fixtures.ts'
import { alerts } from '../../db/schema.ts'
import { type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { leadOf, leadWithOpportunity, mapPipeline } from '../../testing/pipeline-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// A new lead marked "replied by phone" in the inbox moves to contacted, and that move gets the
// reactions of one made with the status menu (engine/lead-events/): its GHL opportunity goes to
// the contacted stage and lead.status_changed is raised. Before, the mark set the status alone,
// so the card stayed in "New Lead" in GHL.

let world: ConnectedWorld
let hooks: WebhookCatcher

beforeAll(async () => {
  hooks = await startWebhookCatcher()
  world = await startConnectedWorld()
  const channel = await world.admin.post('/api/alert-channels', {
    name: 'Status changes',
    type: 'webhook',
    target: hooks.url,
    events: ['lead.status_changed'],
    slaMinutes: 5,
  })
  expect(channel.status, channel.text).toBe(201)
  await mapPipeline(world)
})
afterAll(async () => {
  await world?.close()
  await hooks?.close()
})

describe('replied by phone on a new lead', () => {
  it('moves its GHL opportunity to contacted and raises lead.status_changed', {
    timeout: 60_000,
  }, async () => {
    const opportunity = await leadWithOpportunity(world, 'mark-phone-1')
    expect((await leadOf(world, 'mark-phone-1')).status).toBe('new')
    expect(opportunity.pipelineStageId).toBe(GHL_SAMPLE_PIPELINE.stages.newLead)

    const marked = await world.admin.post('/api/leads/mark-phone-1/replied', { replyType: 'PHONE' })
    expect(marked.status, marked.text).toBe(200)

    expect((await leadOf(world, 'mark-phone-1')).status).toBe('contacted')
    await waitFor('the move to contacted in GHL', () =>
      opportunity.pipelineStageId === GHL_SAMPLE_PIPELINE.stages.contacted ? true : null,
    )
    const raised = await waitFor('lead.status_changed raised', async () => {
      const rows = await world.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.leadId, 'mark-phone-1'), eq(alerts.type, 'lead.status_changed')))
      return rows.length > 0 ? rows : null
    })
    expect(raised.map((row) => (row.payload as { data?: Record<string, unknown> }).data)).toEqual([
      expect.objectContaining({ previous: 'new', status: 'contacted', by: 'admin' }),
    ])
  })
})
