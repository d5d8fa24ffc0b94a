import { PIPELINE_RECONNECT_MESSAGE } from '@common/pipeline.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GHL_SAMPLE_OTHER_PIPELINE, GHL_SAMPLE_PIPELINE } from '../../../../sim/ghl/ghl-fixtures.ts'
import { ghlWebhookReceipts } from '../../db/schema.ts'
import { purgeGhlWebhookReceipts } from '../../repositories/lead-opportunities.repository.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import {
  leadOf,
  leadWithOpportunity,
  mapPipeline,
  opportunitiesOf,
  SAMPLE_MAPPING,
  setStatus,
} from '../../testing/pipeline-world.ts'
import { readStoredConnection, seedConnection } from '../../testing/stored-connections.ts'
import { sleep, waitFor } from '../../testing/wait-for.ts'

// The GHL pipeline both ways (docs/spec/product.md §9.4, §9.7), over real HTTP against both
// simulators: the mapping, one opportunity per lead, status → stage and stage → status.
let world: ConnectedWorld
const STAGES = GHL_SAMPLE_PIPELINE.stages
const PIPELINE_PATH = `/api/clients/${ACME.clientId}/pipeline`

beforeAll(async () => {
  world = await startConnectedWorld({ core: { engine: { retryBaseMs: 50, retryMaxMs: 400 } } })
})
afterAll(() => world?.close())

const opportunityPuts = (id: string) =>
  world.ghl.server.requests.list().filter((r) => r.method === 'PUT' && r.path === `/opportunities/${id}`)

describe('the pipeline mapping', () => {
  it('lists the location pipelines from GHL with their stages', async () => {
    const answer = await world.admin.get(`/api/clients/${ACME.clientId}/ghl/pipelines`)
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body).toEqual([
      {
        id: GHL_SAMPLE_PIPELINE.id,
        name: 'Yelp Leads',
        stages: [
          { id: STAGES.newLead, name: 'New Lead' },
          { id: STAGES.contacted, name: 'Contacted' },
          { id: STAGES.quoted, name: 'Quote Sent' },
          { id: STAGES.won, name: 'Won' },
          { id: STAGES.lost, name: 'Lost' },
        ],
      },
      expect.objectContaining({ id: GHL_SAMPLE_OTHER_PIPELINE.id }),
    ])
  })

  it('refuses an unknown pipeline and a stage of another pipeline, naming them, and saves nothing', async () => {
    const unknown = await world.admin.request('PUT', PIPELINE_PATH, {
      json: { ...SAMPLE_MAPPING, pipelineId: 'PipNope' },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ error: expect.stringMatching(/^pipelineId: pipeline PipNope /) })
    const otherStage = await world.admin.request('PUT', PIPELINE_PATH, {
      json: {
        ...SAMPLE_MAPPING,
        stages: { ...SAMPLE_MAPPING.stages, closed: GHL_SAMPLE_OTHER_PIPELINE.stages.done },
      },
    })
    expect(otherStage.status).toBe(400)
    expect(otherStage.body).toEqual({
      error: `stages.closed: stage ${GHL_SAMPLE_OTHER_PIPELINE.stages.done} is not a stage of pipeline Yelp Leads`,
    })
    const missing = await world.admin.request('PUT', PIPELINE_PATH, {
      json: { enabled: true, pipelineId: 'x' },
    })
    expect(missing.status).toBe(400)
    expect((await world.admin.get(PIPELINE_PATH)).body).toEqual({
      enabled: false,
      pipelineId: null,
      stages: { new: null, contacted: null, converted: null, closed: null },
    })
  })

  it('saves a valid mapping and GET answers it', async () => {
    expect(await mapPipeline(world)).toEqual(SAMPLE_MAPPING)
    expect((await world.admin.get(PIPELINE_PATH)).body).toEqual(SAMPLE_MAPPING)
  })

  it('a connection made before the pipeline scopes says "reconnect GHL to enable the pipeline"', async () => {
    const tokens = (await readStoredConnection(world.db, 'ghl', ACME.clientId)) ?? {}
    const granted = String(tokens.scope ?? '')
    const oldScope = granted.replace(/\s*opportunities\.\S+/g, '').trim()
    await seedConnection(world.db, 'ghl', ACME.clientId, { scope: oldScope })
    try {
      const answer = await world.admin.get(`/api/clients/${ACME.clientId}/ghl/pipelines`)
      expect(answer.status).toBe(409)
      expect(answer.body).toEqual({ error: PIPELINE_RECONNECT_MESSAGE })
      expect((await world.admin.request('PUT', PIPELINE_PATH, { json: SAMPLE_MAPPING })).status).toBe(409)
    } finally {
      await seedConnection(world.db, 'ghl', ACME.clientId, { scope: granted })
    }
  })
})

describe('one opportunity per lead', () => {
  beforeAll(async () => {
    await mapPipeline(world)
  })

  it('a new lead gets one opportunity at the new stage, open, named "<name> – <job>", source Yelp, despite duplicate webhooks', {
    timeout: 60_000,
  }, async () => {
    const eventId = world.sims.newLead('lead-opp-dup', { consumerName: 'Dana K.', notify: false })
    const deliveries = Array.from({ length: 5 }, () =>
      world.sims.postWebhook([{ leadId: 'lead-opp-dup', eventId }]),
    )
    expect((await Promise.all(deliveries)).every((a) => a.status === 200)).toBe(true)
    const lead = await waitFor(
      'the opportunity id on the lead',
      async () => {
        const view = await world.admin.get('/api/leads/lead-opp-dup')
        const body = view.body as { opportunityId?: string | null } | null
        return view.status === 200 && body?.opportunityId ? body : null
      },
      30_000,
    )
    // Late deliveries and another consumer message queue more syncs of the lead.
    await world.sims.postWebhook([{ leadId: 'lead-opp-dup', eventId }])
    const next = world.sims.consumerMessage('lead-opp-dup', 'Any news?')
    await waitFor(
      'the next message in GHL',
      async () => (await world.sims.ghlMessagesFor([next])).length === 1,
    )
    const contactId = world.ghl.store.opportunities.get(lead.opportunityId ?? '')?.contactId
    expect(opportunitiesOf(world, contactId)).toEqual([
      expect.objectContaining({
        id: lead.opportunityId,
        pipelineId: GHL_SAMPLE_PIPELINE.id,
        pipelineStageId: STAGES.newLead,
        status: 'open',
        name: 'Dana K. – Roof inspection',
        source: 'Yelp',
      }),
    ])
    const creates = world.ghl.server.requests
      .list()
      .filter((r) => r.method === 'POST' && r.path.startsWith('/opportunities'))
    expect(creates.filter((r) => JSON.stringify(r.body).includes(contactId ?? '?'))).toHaveLength(1)
  })

  it.each([
    ['GHL answers 503 without creating', false],
    ['GHL creates it, then answers 503 (stored then failed)', true],
  ])('%s: the retry ends with exactly one opportunity', { timeout: 60_000 }, async (_name, afterHandler) => {
    const leadId = afterHandler ? 'lead-opp-stored-503' : 'lead-opp-503'
    const before = world.ghl.server.requests.list().length
    world.ghl.server.faults.add({ method: 'POST', path: '/opportunities', status: 503, afterHandler })
    const opportunity = await leadWithOpportunity(world, leadId)
    // This lead's creates since the fault: the refused one was answered before its body was read.
    const creates = world.ghl.server.requests
      .list()
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path.startsWith('/opportunities'))
      .filter((r) => r.body == null || JSON.stringify(r.body).includes(opportunity.contactId))
    expect(creates.map((r) => r.status)).toEqual(afterHandler ? [503] : [503, 201])
    expect(opportunitiesOf(world, opportunity.contactId)).toHaveLength(1)
  })

  it('GHL’s duplicate-opportunity 400 is an answer: the existing opportunity becomes the lead’s', {
    timeout: 60_000,
  }, async () => {
    // The contact already has an open opportunity in the pipeline (made in GHL by a person).
    const first = await leadWithOpportunity(world, 'lead-opp-pre')
    await world.db.execute(sql`delete from lead_opportunities where lead_id = 'lead-opp-pre'`)
    // The search misses it once (a search index lagging behind, as GHL's may): the create meets the 400.
    world.ghl.server.faults.add({
      method: 'GET',
      path: '/opportunities/search',
      status: 200,
      body: { opportunities: [], meta: { total: 0 } },
    })
    await world.admin.call('backfill', 'POST', `/api/clients/${ACME.clientId}/ghl/sync-opportunities`)
    await waitFor(
      'the backfill',
      async () => {
        const status = await world.admin.get(`/api/clients/${ACME.clientId}/ghl/opportunity-sync-status`)
        return (status.body as { status: string }).status === 'completed'
      },
      30_000,
    )
    expect((await leadOf(world, 'lead-opp-pre')).opportunityId).toBe(first.id)
    expect(opportunitiesOf(world, first.contactId)).toHaveLength(1)
  })
})

describe('status → stage', () => {
  beforeAll(async () => {
    await mapPipeline(world)
  })

  it.each([
    ['contacted', STAGES.contacted, 'open'],
    ['converted', STAGES.won, 'won'],
    ['closed', STAGES.lost, 'lost'],
    ['new', STAGES.newLead, 'open'],
  ])('%s moves the opportunity to %s, %s', { timeout: 60_000 }, async (status, stageId, ghlStatus) => {
    const leadId = `lead-move-${status}`
    const opportunity = await leadWithOpportunity(world, leadId)
    // From another status first, so every case is a real move.
    if (status === 'new') {
      await setStatus(world, leadId, 'contacted')
      await waitFor('contacted', () => opportunity.pipelineStageId === STAGES.contacted)
    }
    await setStatus(world, leadId, status)
    await waitFor(
      `stage of ${status}`,
      () => opportunity.pipelineStageId === stageId && opportunity.status === ghlStatus,
    )
    expect(opportunityPuts(opportunity.id).at(-1)?.body).toEqual({
      pipelineStageId: stageId,
      status: ghlStatus,
    })
  })

  it('two quick changes arrive in order: the last one wins, even when the first move is slow', {
    timeout: 60_000,
  }, async () => {
    const opportunity = await leadWithOpportunity(world, 'lead-two-quick')
    // GHL takes the first move only 1.5 s after it was sent: a second move sent meanwhile would land first.
    world.ghl.server.faults.add({ method: 'PUT', path: `/opportunities/${opportunity.id}`, delayMs: 1500 })
    await setStatus(world, 'lead-two-quick', 'contacted')
    await waitFor('the first move on the wire', () => world.ghl.server.faults.list().length === 0)
    await setStatus(world, 'lead-two-quick', 'converted')
    await waitFor('won', () => opportunity.status === 'won', 30_000)
    // Whatever moves are still owed, none takes it back to an older status.
    await waitFor('no job of the lead left', async () => {
      const rows = (await world.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'ghl-opportunity-sync' and data->>'leadId' = 'lead-two-quick' and state in ('created', 'retry', 'active')`,
      )) as unknown as { rows: Array<{ n: number }> }
      return rows.rows[0]?.n === 0
    })
    expect(opportunity).toMatchObject({ pipelineStageId: STAGES.won, status: 'won' })
    expect((await leadOf(world, 'lead-two-quick')).status).toBe('converted')
    expect(opportunityPuts(opportunity.id).at(-1)?.body).toEqual({
      pipelineStageId: STAGES.won,
      status: 'won',
    })
  })

  it('an older move retried after a newer one never takes the opportunity back', {
    timeout: 60_000,
  }, async () => {
    const opportunity = await leadWithOpportunity(world, 'lead-stale-retry')
    // GHL refuses the first move for 3 s: its job is put back for then, carrying the older change.
    world.ghl.server.faults.add({
      method: 'PUT',
      path: `/opportunities/${opportunity.id}`,
      status: 429,
      headers: { 'retry-after': '3' },
    })
    await setStatus(world, 'lead-stale-retry', 'contacted')
    await waitFor('the first move refused', () => world.ghl.server.faults.list().length === 0)
    await setStatus(world, 'lead-stale-retry', 'closed')
    await waitFor('lost', () => opportunity.status === 'lost')
    await waitFor(
      'the older move’s retry to run',
      async () => {
        const rows = (await world.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'ghl-opportunity-sync' and data->>'leadId' = 'lead-stale-retry' and state in ('created', 'retry', 'active')`,
        )) as unknown as { rows: Array<{ n: number }> }
        return rows.rows[0]?.n === 0
      },
      30_000,
    )
    expect(opportunity).toMatchObject({ pipelineStageId: STAGES.lost, status: 'lost' })
    expect(opportunityPuts(opportunity.id).map((r) => [r.status, r.body])).toEqual([
      [429, null],
      [200, { pipelineStageId: STAGES.lost, status: 'lost' }],
    ])
  })

  it('no echo loop: GHL’s webhooks for the hub’s own move change nothing and write nothing back', {
    timeout: 60_000,
  }, async () => {
    const opportunity = await leadWithOpportunity(world, 'lead-echo')
    const webhooksBefore = world.ghl.webhooks.list().length
    await setStatus(world, 'lead-echo', 'converted')
    await waitFor('won', () => opportunity.status === 'won')
    // The move's stage and status webhooks, answered by the hub.
    const echoes = await waitFor('both echoes answered', () => {
      const sent = world.ghl.webhooks
        .list()
        .slice(webhooksBefore)
        .filter((d) => JSON.parse(d.body).id === opportunity.id)
      return sent.length === 2 && sent.every((d) => d.state === 'delivered') ? sent : null
    })
    expect(echoes.map((d) => JSON.parse(d.attempts[0]?.responseBody ?? '{}'))).toEqual([
      { received: true, unchanged: true },
      { received: true, unchanged: true },
    ])
    const lead = await leadOf(world, 'lead-echo')
    expect(lead.status).toBe('converted')
    expect(lead.statusChangedInGhlAt).toBeNull()
    expect(lead.activity.filter((a) => a.kind === 'status_changed_in_ghl')).toEqual([])
    expect(opportunityPuts(opportunity.id)).toHaveLength(1)
  })
})

describe('stage → status', () => {
  beforeAll(async () => {
    await mapPipeline(world)
  })

  it.each([
    ['won', STAGES.won, 'won', 'converted'],
    ['lost', STAGES.lost, 'lost', 'closed'],
    ['abandoned', STAGES.lost, 'abandoned', 'closed'],
    ['a move to the contacted stage', STAGES.contacted, 'open', 'contacted'],
    ['a card dragged to the won stage, left open', STAGES.won, 'open', 'converted'],
  ])(
    'GHL: %s sets the lead’s status, audited as changed in GHL, shown on the lead',
    { timeout: 60_000 },
    async (_name, stageId, ghlStatus, leadStatus) => {
      const leadId = `lead-ghl-${ghlStatus}-${stageId}`
      const opportunity = await leadWithOpportunity(world, leadId)
      const moved = await world.ghl.moveOpportunity(opportunity.id, {
        pipelineStageId: stageId,
        status: ghlStatus as 'won',
      })
      expect(moved.webhooks.map((w) => w.status)).toEqual(moved.webhooks.map(() => 200))
      const lead = await leadOf(world, leadId)
      expect(lead.status).toBe(leadStatus)
      expect(lead.statusChangedInGhlAt).not.toBeNull()
      expect(lead.activity).toContainEqual({
        kind: 'status_changed_in_ghl',
        by: 'GHL',
        detail: `new → ${leadStatus}`,
        at: expect.any(String),
      })
      const audit = await world.admin.call<
        Array<{ action: string; entityId: string; after: { changedIn: string } }>
      >('audit', 'GET', '/api/audit')
      expect(audit.find((e) => e.entityId === leadId)).toMatchObject({
        action: 'lead.status_changed_in_ghl',
        after: { changedIn: 'GHL' },
      })
      // Nothing is written back to GHL.
      await sleep(0)
      expect(opportunityPuts(opportunity.id)).toEqual([])
    },
  )

  it.each([['a stage mapped to no status', STAGES.quoted, 'open']])(
    '%s leaves the lead’s status alone',
    { timeout: 60_000 },
    async (_name, stageId, ghlStatus) => {
      const leadId = `lead-ghl-alone-${stageId}`
      const opportunity = await leadWithOpportunity(world, leadId)
      const moved = await world.ghl.moveOpportunity(opportunity.id, {
        pipelineStageId: stageId,
        status: ghlStatus as 'open',
      })
      expect(moved.webhooks.length).toBeGreaterThan(0)
      expect(moved.webhooks.every((w) => w.status === 200)).toBe(true)
      const lead = await leadOf(world, leadId)
      expect(lead.status).toBe('new')
      expect(lead.statusChangedInGhlAt).toBeNull()
    },
  )
})

describe('POST /ghl/webhook', () => {
  beforeAll(async () => {
    await mapPipeline(world)
  })

  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${world.server.url}/ghl/webhook`, { method: 'POST', headers, body })

  it('refuses a forged webhook (401, nothing changed) and applies a replayed one once', {
    timeout: 60_000,
  }, async () => {
    const opportunity = await leadWithOpportunity(world, 'lead-ghl-replay')
    const before = world.ghl.webhooks.list().length
    await world.ghl.moveOpportunity(opportunity.id, { pipelineStageId: STAGES.contacted })
    const [delivery] = world.ghl.webhooks.list().slice(before)
    if (!delivery) throw new Error('no webhook sent')
    expect((await leadOf(world, 'lead-ghl-replay')).status).toBe('contacted')

    // The same signature over other bytes: GHL did not send this.
    const forged = delivery.body
      .replace('"status":"open"', '"status":"won"')
      .replace(delivery.body.match(/"webhookId":"[^"]+"/)?.[0] ?? '', '"webhookId":"forged-1"')
    const refused = await post(forged, delivery.headers)
    expect(refused.status).toBe(401)
    const unsigned = await post(forged, { 'content-type': 'application/json' })
    expect(unsigned.status).toBe(401)
    expect((await leadOf(world, 'lead-ghl-replay')).status).toBe('contacted')

    // The very delivery again (a replay, or GHL's retry): answered, applied once.
    await setStatus(world, 'lead-ghl-replay', 'new')
    await waitFor('moved back to new', () => opportunity.pipelineStageId === STAGES.newLead)
    const replay = await post(delivery.body, delivery.headers)
    expect(replay.status).toBe(200)
    expect(await replay.json()).toEqual({ received: true, duplicate: true })
    expect((await leadOf(world, 'lead-ghl-replay')).status).toBe('new')
    const audit = await world.admin.call<Array<{ action: string; entityId: string }>>(
      'audit',
      'GET',
      '/api/audit',
    )
    expect(
      audit.filter((e) => e.entityId === 'lead-ghl-replay' && e.action === 'lead.status_changed_in_ghl'),
    ).toHaveLength(1)
  })

  it('acknowledges a move of an opportunity that is no lead’s without changing anything', async () => {
    // Made in GHL by a person, in another pipeline: copied from a lead's for its contact and location.
    const some = [...world.ghl.store.opportunities.values()][0]
    if (!some) throw new Error('no opportunity')
    const other = GHL_SAMPLE_OTHER_PIPELINE
    world.ghl.store.opportunities.set('OppNotALead01', {
      ...some,
      id: 'OppNotALead01',
      pipelineId: other.id,
      pipelineStageId: other.stages.new,
    })
    const leadsBefore = (await world.admin.call<Array<{ status: string }>>('leads', 'GET', '/api/leads')).map(
      (l) => l.status,
    )
    const moved = await world.ghl.moveOpportunity('OppNotALead01', { status: 'won' })
    expect(moved.webhooks.map((w) => [w.status, JSON.parse(w.body ?? '{}')])).toEqual([
      [200, { received: true, ignored: "opportunity OppNotALead01 is no lead's" }],
    ])
    const leadsAfter = (await world.admin.call<Array<{ status: string }>>('leads', 'GET', '/api/leads')).map(
      (l) => l.status,
    )
    expect(leadsAfter).toEqual(leadsBefore)
  })

  it('forgets webhook ids a day old (long after GHL’s last retry) and keeps the recent ones', async () => {
    const dayAgo = new Date(Date.now() - 24 * 3600_000)
    await world.db.insert(ghlWebhookReceipts).values([
      {
        webhookId: 'old-webhook',
        type: 'OpportunityStageUpdate',
        receivedAt: new Date(dayAgo.getTime() - 1000),
      },
      { webhookId: 'recent-webhook', type: 'OpportunityStageUpdate' },
    ])
    expect(await purgeGhlWebhookReceipts(world.db, dayAgo)).toBe(1)
    const left = await world.db.select({ id: ghlWebhookReceipts.webhookId }).from(ghlWebhookReceipts)
    expect(left.map((r) => r.id)).toContain('recent-webhook')
    expect(left.map((r) => r.id)).not.toContain('old-webhook')
  })
})
