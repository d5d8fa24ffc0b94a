import type { PlaybookInput } from '@common/playbook.ts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookCatcher, type WebhookCatcher } from '../../../../sim/catchers/webhook-catcher.ts'
import { GHL_SAMPLE_PIPELINE } from '../../../../sim/ghl/ghl-fixtures.ts'
import { alerts } from '../../db/schema.ts'
import { ALL_WEEK, automationProbes } from '../../testing/automation-probes.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { leadOf, leadWithOpportunity, mapPipeline, setStatus } from '../../testing/pipeline-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// Issue 36 item 5: a lead's status set in GHL (its opportunity moved, applied from GHL's webhook)
// gets the reactions of one set in the inbox, because both record the same lead event
// (engine/lead-events/): the follow-ups of a closed lead end at once, and `lead.status_changed`
// is raised. Only the move back to GHL is the inbox's alone: GHL holds that status already.

let world: ConnectedWorld
let hooks: WebhookCatcher
const { history, lead, queuesIdle } = automationProbes(() => world)

const PLAYBOOK: PlaybookInput = {
  timezone: 'America/Los_Angeles',
  businessHours: ALL_WEEK,
  firstReply: { enabled: true, mode: 'auto', delaySeconds: 0, inHours: 'Hi {firstName}!', afterHours: '' },
  followUps: [{ afterMinutes: 60, text: 'Still looking for help, {firstName}?' }],
  followUpMode: 'auto',
}

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
  const saved = await world.admin.request('PUT', `/api/clients/${ACME.clientId}/playbook`, { json: PLAYBOOK })
  expect(saved.status, saved.text).toBe(200)
  await mapPipeline(world)
})
afterAll(async () => {
  await world?.close()
  await hooks?.close()
})

const opportunityPuts = (id: string) =>
  world.ghl.server.requests.list().filter((r) => r.method === 'PUT' && r.path === `/opportunities/${id}`)

async function statusAlertsOf(leadId: string) {
  const rows = await world.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.leadId, leadId), eq(alerts.type, 'lead.status_changed')))
  return rows.map((row) => (row.payload as { data?: Record<string, unknown> }).data)
}

describe('a status closed in GHL and one closed in the inbox', () => {
  it.each([
    ['the inbox', (leadId: string) => setStatus(world, leadId, 'closed'), 'admin'],
    [
      'GHL',
      async (_leadId: string, opportunityId: string) =>
        world.ghl.moveOpportunity(opportunityId, {
          pipelineStageId: GHL_SAMPLE_PIPELINE.stages.lost,
          status: 'lost',
        }),
      'GHL',
    ],
  ] as const)(
    'closed in %s: the follow-ups end at once and lead.status_changed is raised',
    {
      timeout: 90_000,
    },
    async (origin, close, by) => {
      const leadId = `reactions-${origin === 'GHL' ? 'ghl' : 'inbox'}`
      const opportunity = await leadWithOpportunity(world, leadId)
      await waitFor('the follow-up scheduled', async () =>
        (await history(leadId)).some((step) => step.kind === 'follow_up' && step.state === 'scheduled'),
      )
      // The sync of the first reply's echo runs the automation again: let it pass first.
      await waitFor('the first reply stored back from Yelp', async () =>
        (await lead(leadId)).events.some((event) => event.user_type === 'BIZ'),
      )
      await waitFor('the queues to settle', queuesIdle)
      const before = (await leadOf(world, leadId)).status
      const putsBefore = opportunityPuts(opportunity.id).length

      await close(leadId, opportunity.id)

      expect((await leadOf(world, leadId)).status).toBe('closed')
      // Due in an hour, on a clock nobody moves: only a run queued by the change itself ends it now.
      await waitFor('the follow-up cancelled', async () =>
        (await history(leadId)).some(
          (step) =>
            step.kind === 'follow_up' && step.state === 'cancelled' && step.reason === 'status_closed',
        ),
      )
      await waitFor('lead.status_changed recorded', async () => (await statusAlertsOf(leadId)).length === 1)
      expect(await statusAlertsOf(leadId)).toEqual([
        expect.objectContaining({ previous: before, status: 'closed', by }),
      ])
      // The inbox's change moves the opportunity; GHL's is GHL's already: nothing is written back.
      if (origin === 'GHL') expect(opportunityPuts(opportunity.id)).toHaveLength(putsBefore)
      else await waitFor('the move to lost', () => opportunity.status === 'lost')
    },
  )
})
