import { createPublicKey, verify } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GHL_SAMPLE_OTHER_PIPELINE, GHL_SAMPLE_PIPELINE } from './ghl-fixtures.ts'
import { DUPLICATE_OPPORTUNITY_MESSAGE } from './ghl-opportunities.service.ts'
import {
  GHL_SAMPLE,
  type GhlTestBed,
  type Receiver,
  startGhlTestBed,
  startReceiver,
} from './ghl-test.helpers.ts'

const LOC = GHL_SAMPLE.locationId
const PIPE = GHL_SAMPLE_PIPELINE

async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('GHL simulator: pipelines and opportunities (docs/providers/ghl.md §11)', () => {
  let bed: GhlTestBed
  let receiver: Receiver
  let contactId: string
  beforeAll(async () => {
    bed = await startGhlTestBed()
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await bed.close()
    await receiver.close()
  })
  beforeEach(async () => {
    await bed.resetWorld()
    receiver.received.length = 0
    receiver.answers = [200]
    await bed.control('PUT', '/app-webhook-url', { url: receiver.url })
    const contact = await bed.call('POST', '/contacts/upsert', {
      body: { locationId: LOC, firstName: 'Pat' },
    })
    contactId = (contact.body as { contact: { id: string } }).contact.id
  })

  const create = (extra: Record<string, unknown> = {}) =>
    bed.call('POST', '/opportunities/', {
      body: { pipelineId: PIPE.id, locationId: LOC, name: 'Pat – Roof', status: 'open', contactId, ...extra },
    })

  it('lists the location pipelines with their stages in order', async () => {
    const answer = await bed.call('GET', `/opportunities/pipelines?locationId=${LOC}`)
    expect(answer.status).toBe(200)
    const { pipelines } = answer.body as { pipelines: Array<{ id: string; stages: Array<{ name: string }> }> }
    expect(pipelines.map((p) => p.id)).toEqual([PIPE.id, GHL_SAMPLE_OTHER_PIPELINE.id])
    expect(pipelines[0]?.stages.map((s) => s.name)).toEqual([
      'New Lead',
      'Contacted',
      'Quote Sent',
      'Won',
      'Lost',
    ])
  })

  it('creates (201), refuses a second open one of the contact in the pipeline (400), finds it by contact and pipeline', async () => {
    const first = await create({ pipelineStageId: PIPE.stages.newLead, source: 'Yelp' })
    expect(first.status).toBe(201)
    const id = (first.body as { opportunity: { id: string } }).opportunity.id
    const second = await create()
    expect(second.status).toBe(400)
    expect(second.body).toMatchObject({ statusCode: 400, message: DUPLICATE_OPPORTUNITY_MESSAGE })
    const found = await bed.call(
      'GET',
      `/opportunities/search?location_id=${LOC}&contact_id=${contactId}&pipeline_id=${PIPE.id}`,
    )
    expect(found.body).toMatchObject({ opportunities: [{ id, source: 'Yelp' }], meta: { total: 1 } })
    const got = await bed.call('GET', `/opportunities/${id}`)
    expect(got.body).toMatchObject({
      opportunity: { id, pipelineStageId: PIPE.stages.newLead, status: 'open' },
    })
  })

  it('refuses an unknown stage, a stage of another pipeline and unknown properties', async () => {
    expect((await create({ pipelineStageId: GHL_SAMPLE_OTHER_PIPELINE.stages.new })).status).toBe(400)
    expect((await create({ foo: 1 })).status).toBe(422)
  })

  it('an API update sends signed stage and status webhooks (the echo); a board move answers the hub', async () => {
    const id = ((await create()).body as { opportunity: { id: string } }).opportunity.id
    await until(() => receiver.received.length === 1) // OpportunityCreate
    const put = await bed.call('PUT', `/opportunities/${id}`, {
      body: { pipelineStageId: PIPE.stages.won, status: 'won' },
    })
    expect(put.status).toBe(200)
    await until(() => receiver.received.length === 3)
    const bodies = receiver.received.map((r) => JSON.parse(r.raw.toString()) as Record<string, unknown>)
    expect(bodies.map((b) => b.type)).toEqual([
      'OpportunityCreate',
      'OpportunityStageUpdate',
      'OpportunityStatusUpdate',
    ])
    expect(bodies[2]).toMatchObject({
      id,
      contactId,
      pipelineStageId: PIPE.stages.won,
      status: 'won',
      locationId: LOC,
    })
    expect(typeof bodies[2]?.webhookId).toBe('string')
    const key = createPublicKey(bed.sim.publicKeys.ed25519.pem)
    const last = receiver.received[2]
    expect(
      last && verify(null, last.raw, key, Buffer.from(String(last.headers['x-ghl-signature']), 'base64')),
    ).toBe(true)

    const moved = await bed.control('POST', `/opportunities/${id}/move`, {
      pipelineStageId: PIPE.stages.lost,
      status: 'lost',
    })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      opportunity: { status: 'lost' },
      webhooks: [
        { event: 'OpportunityStageUpdate', status: 200 },
        { event: 'OpportunityStatusUpdate', status: 200 },
      ],
    })
  })

  it('faults apply to opportunity calls like any other, and a stored-then-failed create is still stored', async () => {
    const fault = await fetch(`${bed.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: '/opportunities', status: 503, afterHandler: true }),
    })
    expect(fault.status).toBe(201)
    expect((await create()).status).toBe(503)
    const list = await bed.control('GET', `/locations/${LOC}/opportunities`)
    expect(list.body).toHaveLength(1)
  })
})
