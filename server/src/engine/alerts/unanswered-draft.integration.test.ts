import type { CreatedAlertChannel } from '@common/alerts.ts'
import { QUEUES } from '@common/queues.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookCatcher, type WebhookCatcher } from '../../../../sim/catchers/webhook-catcher.ts'
import { yelpTime } from '../../../../sim/yelp/yelp-time.ts'
import { insertDraft } from '../../repositories/lead-drafts.repository.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// A `lead.unanswered` alert says when a draft reply is ready (issue 35): the answer is one click
// away in the inbox, and the channel's text tells the operator so.

let world: ConnectedWorld
let hooks: WebhookCatcher

beforeAll(async () => {
  hooks = await startWebhookCatcher()
  world = await startConnectedWorld({
    core: { alerts: { retryBaseMs: 100, retryMaxMs: 400, claimMs: 5_000 } },
  })
  const created = await world.admin.post('/api/alert-channels', {
    name: 'Waiting',
    type: 'webhook',
    target: hooks.url,
    events: ['lead.unanswered'],
    slaMinutes: 1,
  })
  expect(created.status, created.text).toBe(201)
  expect((created.body as CreatedAlertChannel).secret).toBeTruthy()
}, 120_000)
afterAll(async () => {
  await world?.close()
  await hooks?.close()
})

interface Delivered {
  type: string
  leadId?: string
  summary: string
  /** The next step travels in `data.action` of the webhook body (alert-delivery-content.ts). */
  data: Record<string, unknown>
}

const delivered = (leadId: string): Delivered | undefined =>
  hooks
    .requests()
    .map((request) => JSON.parse(request.body) as Delivered)
    .find((body) => body.type === 'lead.unanswered' && body.leadId === leadId)

async function waitingLead(leadId: string) {
  const eventId = world.sims.newLead(leadId, { createdAt: yelpTime(Date.now() - 90_000) })
  await world.sims.postWebhook([{ leadId, eventId }])
  await waitFor(
    `lead ${leadId} stored`,
    async () => (await world.admin.get(`/api/leads/${leadId}`)).status === 200,
  )
}

describe('lead.unanswered', () => {
  it('says a draft reply is ready when one waits, and says nothing of drafts otherwise', async () => {
    await waitingLead('unanswered-drafted')
    await waitingLead('unanswered-bare')
    await insertDraft(world.db, {
      id: 'draft-unanswered',
      clientId: ACME.clientId,
      leadId: 'unanswered-drafted',
      kind: 'first_reply',
      text: 'Hi! Thanks for reaching out.',
    })
    expect(await world.server.server.boss.send(QUEUES.alertConditions, {})).toBeTruthy()
    await waitFor('both alerts delivered', async () =>
      Boolean(delivered('unanswered-drafted') && delivered('unanswered-bare')),
    )
    const drafted = delivered('unanswered-drafted')
    expect(drafted?.summary).toMatch(/has waited \d+ minutes for a reply from .+; a draft reply is ready$/)
    expect(drafted?.data).toMatchObject({
      draftReady: true,
      action: 'Open the lead, check the draft and press Send, or mark it replied if you called.',
    })
    const bare = delivered('unanswered-bare')
    expect(bare?.summary).not.toContain('draft')
    expect(bare?.data).toMatchObject({
      draftReady: false,
      action: 'Answer the lead, or mark it replied if you called.',
    })
  })
})
