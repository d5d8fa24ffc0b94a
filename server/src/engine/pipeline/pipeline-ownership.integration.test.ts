import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GHL_SAMPLE_PIPELINE } from '../../../../sim/ghl/ghl-fixtures.ts'
import { opportunityWebhook } from '../../../../sim/ghl/ghl-opportunities.service.ts'
import type { GhlOpportunity } from '../../../../sim/ghl/ghl-store.ts'
import { ACME, type ConnectedWorld, contactOf, startConnectedWorld } from '../../testing/connected-world.ts'
import {
  type LeadView,
  leadOf,
  leadWithOpportunity,
  mapPipeline,
  opportunitiesOf,
  SAMPLE_MAPPING,
  setStatus,
} from '../../testing/pipeline-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// Whose opportunity is whose (PRODUCT.md §9.7 "Pipeline"): a lead links only its own opportunity,
// or an open one no lead owns, as it is; a won/lost deal or another lead's is never reused or
// moved; GHL's refusal of a second open one is shown on the lead; a GHL webhook changes only the
// lead that owns its opportunity, and an older one redelivered late changes nothing.
let world: ConnectedWorld
const STAGES = GHL_SAMPLE_PIPELINE.stages

beforeAll(async () => {
  world = await startConnectedWorld({ core: { engine: { retryBaseMs: 50, retryMaxMs: 400 } } })
  await mapPipeline(world)
})
afterAll(() => world?.close())

const opportunityPuts = (id: string) =>
  world.ghl.server.requests.list().filter((r) => r.method === 'PUT' && r.path === `/opportunities/${id}`)

/** Another lead of the same person (the same relay email: GHL's duplicate search finds the contact). */
function sameContactLead(leadId: string, email: string) {
  world.sims.newLead(leadId, { consumerName: `Pat ${leadId}`, temporaryEmail: email })
}

/** The lead once its opportunity run ended: with an opportunity, or with GHL's refusal. */
async function settledLead(leadId: string): Promise<LeadView & { opportunityError?: string | null }> {
  return waitFor(
    `the opportunity run of ${leadId}`,
    async () => {
      const view = await world.admin.get(`/api/leads/${leadId}`)
      const body = view.body as (LeadView & { opportunityError?: string | null }) | null
      return view.status === 200 && (body?.opportunityId || body?.opportunityError) ? body : null
    },
    30_000,
  )
}

async function firstLead(leadId: string, email: string): Promise<GhlOpportunity> {
  world.sims.newLead(leadId, { consumerName: `Pat ${leadId}`, temporaryEmail: email })
  const lead = await settledLead(leadId)
  const opportunity = world.ghl.store.opportunities.get(lead.opportunityId ?? '')
  if (!opportunity) throw new Error(`no opportunity for ${leadId}`)
  return opportunity
}

describe('a new lead of a contact who already has a deal', () => {
  it('a won deal is never reused: the new lead gets its own opportunity, the won one untouched', {
    timeout: 90_000,
  }, async () => {
    const won = await firstLead('own-won-1', 'own.won@relay.example')
    await setStatus(world, 'own-won-1', 'converted')
    await waitFor('won', () => won.status === 'won')
    const putsBefore = opportunityPuts(won.id).length
    sameContactLead('own-won-2', 'own.won@relay.example')
    const second = await settledLead('own-won-2')
    expect(await contactOf(world.db, 'own-won-2')).toBe(won.contactId)
    expect(second.opportunityId).not.toBeNull()
    expect(second.opportunityId).not.toBe(won.id)
    expect(won).toMatchObject({ pipelineStageId: STAGES.won, status: 'won' })
    expect(opportunityPuts(won.id)).toHaveLength(putsBefore)
    expect(world.ghl.store.opportunities.get(second.opportunityId ?? '')).toMatchObject({
      contactId: won.contactId,
      pipelineStageId: STAGES.newLead,
      status: 'open',
    })
    expect((await leadOf(world, 'own-won-1')).status).toBe('converted')
  })

  it('two open leads of one contact: the second records GHL’s refusal, shown on the lead, and takes nothing', {
    timeout: 90_000,
  }, async () => {
    const first = await firstLead('own-two-1', 'own.two@relay.example')
    await setStatus(world, 'own-two-1', 'contacted')
    await waitFor('contacted', () => first.pipelineStageId === STAGES.contacted)
    const putsBefore = opportunityPuts(first.id).length
    sameContactLead('own-two-2', 'own.two@relay.example')
    const second = await settledLead('own-two-2')
    expect(second.opportunityId).toBeNull()
    expect(second.opportunityError).toMatch(/refused a second open opportunity/)
    expect(opportunitiesOf(world, first.contactId)).toHaveLength(1)
    expect(first).toMatchObject({ pipelineStageId: STAGES.contacted, status: 'open' })
    expect(opportunityPuts(first.id)).toHaveLength(putsBefore)
    expect((await leadOf(world, 'own-two-1')).opportunityId).toBe(first.id)

    // A webhook for the first lead's opportunity changes that lead only.
    await world.ghl.moveOpportunity(first.id, { status: 'won' })
    expect((await leadOf(world, 'own-two-1')).status).toBe('converted')
    expect((await leadOf(world, 'own-two-2')).status).toBe('new')
  })

  it('an open opportunity no lead owns (made by hand in GHL) is adopted as it is, not moved back to new', {
    timeout: 90_000,
  }, async () => {
    const owned = await firstLead('own-adopt-0', 'own.adopt@relay.example')
    // The first lead's is closed in GHL; a person opens another one by hand at "Quote Sent".
    await world.ghl.moveOpportunity(owned.id, { status: 'lost' })
    const byHand: GhlOpportunity = {
      ...owned,
      id: 'OppByHand0001',
      pipelineStageId: STAGES.quoted,
      status: 'open',
      name: 'Made by hand',
    }
    world.ghl.store.opportunities.set(byHand.id, byHand)
    sameContactLead('own-adopt-1', 'own.adopt@relay.example')
    const adopted = await settledLead('own-adopt-1')
    expect(adopted.opportunityId).toBe(byHand.id)
    expect(world.ghl.store.opportunities.get(byHand.id)).toMatchObject({
      pipelineStageId: STAGES.quoted,
      status: 'open',
    })
    expect(opportunityPuts(byHand.id)).toEqual([])
    expect(owned.status).toBe('lost')
    expect(opportunitiesOf(world, owned.contactId)).toHaveLength(2)
  })
})

describe('the backfill', () => {
  it('never takes over another lead’s or a won deal: each stored lead gets its own', {
    timeout: 120_000,
  }, async () => {
    const won = await firstLead('own-fill-1', 'own.fill@relay.example')
    await setStatus(world, 'own-fill-1', 'converted')
    await waitFor('won', () => won.status === 'won')
    // A second lead of the contact arrives while the pipeline is off.
    await mapPipeline(world, { ...SAMPLE_MAPPING, enabled: false })
    try {
      sameContactLead('own-fill-2', 'own.fill@relay.example')
      await waitFor(
        'the second lead’s contact',
        async () => (await contactOf(world.db, 'own-fill-2')) !== null,
        30_000,
      )
    } finally {
      await mapPipeline(world)
    }
    const putsBefore = opportunityPuts(won.id).length
    await world.admin.call('backfill', 'POST', `/api/clients/${ACME.clientId}/ghl/sync-opportunities`)
    await waitFor(
      'the backfill',
      async () => {
        const status = await world.admin.get(`/api/clients/${ACME.clientId}/ghl/opportunity-sync-status`)
        return (status.body as { status: string }).status === 'completed'
      },
      60_000,
    )
    const second = await settledLead('own-fill-2')
    expect(second.opportunityId).not.toBe(won.id)
    expect(won).toMatchObject({ pipelineStageId: STAGES.won, status: 'won' })
    expect(opportunityPuts(won.id)).toHaveLength(putsBefore)
    expect((await leadOf(world, 'own-fill-1')).opportunityId).toBe(won.id)
    // No two leads share an opportunity.
    const links = (await world.db.execute(
      sql`select opportunity_id from lead_opportunities where opportunity_id is not null group by opportunity_id having count(*) > 1`,
    )) as unknown as { rows: unknown[] }
    expect(links.rows).toEqual([])
  })
})

describe('stage → status', () => {
  it('a card dragged to the stage mapped to closed, its status left open, closes the lead; nothing written back', {
    timeout: 60_000,
  }, async () => {
    const opportunity = await leadWithOpportunity(world, 'own-drag-closed')
    const moved = await world.ghl.moveOpportunity(opportunity.id, { pipelineStageId: STAGES.lost })
    expect(moved.opportunity.status).toBe('open')
    expect(moved.webhooks.map((w) => w.status)).toEqual([200])
    const lead = await leadOf(world, 'own-drag-closed')
    expect(lead.status).toBe('closed')
    expect(lead.statusChangedInGhlAt).not.toBeNull()
    expect(opportunityPuts(opportunity.id)).toEqual([])
  })

  it('an older stage update redelivered after a newer one (GHL’s retry after a 429) changes nothing', {
    timeout: 60_000,
  }, async () => {
    const opportunity = await leadWithOpportunity(world, 'own-late-retry')
    // The drag to "Contacted" whose first delivery was answered 429: GHL sends it again later.
    const older = opportunityWebhook(
      'OpportunityStageUpdate',
      { ...opportunity, pipelineStageId: STAGES.contacted, status: 'open' },
      new Date(Date.now() - 60_000).toISOString(),
    )
    await world.ghl.moveOpportunity(opportunity.id, { status: 'won' })
    expect((await leadOf(world, 'own-late-retry')).status).toBe('converted')
    const redelivered = await world.ghl.webhooks.send(
      'OpportunityStageUpdate',
      `${world.server.url}/ghl/webhook`,
      older,
    )
    expect(redelivered.attempts[0]?.status).toBe(200)
    expect(JSON.parse(redelivered.attempts[0]?.responseBody ?? '{}')).toMatchObject({
      ignored: expect.any(String),
    })
    expect((await leadOf(world, 'own-late-retry')).status).toBe('converted')
  })
})

describe('POST /ghl/webhook without a usable timestamp or webhookId', () => {
  it.each([
    ['timestamp missing', { timestamp: undefined }, 400, /^timestamp: /],
    ['timestamp garbled', { timestamp: 'yesterday-ish' }, 400, /^timestamp: /],
    [
      'timestamp in the future',
      { timestamp: new Date(Date.now() + 3600_000).toISOString() },
      400,
      /^timestamp: /,
    ],
    ['timestamp numeric garbage', { timestamp: Number.NaN }, 400, /^timestamp: /],
    ['webhookId missing', { webhookId: undefined }, 400, /^webhookId: /],
    ['webhookId empty', { webhookId: '' }, 400, /^webhookId: /],
  ])(
    '%s: refused naming the field, nothing changed',
    { timeout: 60_000 },
    async (name, patch, status, error) => {
      const leadId = `own-guard-${name.replace(/\W+/g, '-')}`
      const opportunity = await leadWithOpportunity(world, leadId)
      const body = {
        ...opportunityWebhook(
          'OpportunityStatusUpdate',
          { ...opportunity, status: 'won' },
          new Date().toISOString(),
        ),
        ...patch,
      }
      const delivery = await world.ghl.webhooks.send(
        'OpportunityStatusUpdate',
        `${world.server.url}/ghl/webhook`,
        body,
      )
      expect(delivery.attempts[0]?.status).toBe(status)
      expect(JSON.parse(delivery.attempts[0]?.responseBody ?? '{}')).toEqual({
        error: expect.stringMatching(error),
      })
      expect((await leadOf(world, leadId)).status).toBe('new')
    },
  )
})

describe('the migration to one lead per opportunity', () => {
  it('keeps the oldest link of an opportunity two leads shared and unlinks the other', async () => {
    const file = new URL('../../../drizzle/0020_opportunity_ownership.sql', import.meta.url)
    const statements = readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => !/ADD COLUMN/.test(s))
    // Links as the hub made them before the rule: two leads of one contact on one opportunity.
    await world.db.execute(sql`drop index lead_opportunities_client_opportunity_idx`)
    await world.db.execute(
      sql`update lead_opportunities set opportunity_id = 'OppShared01', created_at = now() - interval '2 days' where lead_id = 'own-won-1'`,
    )
    await world.db.execute(
      sql`update lead_opportunities set opportunity_id = 'OppShared01', created_at = now() - interval '1 day' where lead_id = 'own-won-2'`,
    )
    for (const statement of statements) await world.db.execute(sql.raw(statement))
    expect((await leadOf(world, 'own-won-1')).opportunityId).toBe('OppShared01')
    expect((await leadOf(world, 'own-won-2')).opportunityId).toBeNull()
    await expect(
      world.db.execute(
        sql`update lead_opportunities set opportunity_id = 'OppShared01' where lead_id = 'own-won-2'`,
      ),
    ).rejects.toThrow()
  })
})
