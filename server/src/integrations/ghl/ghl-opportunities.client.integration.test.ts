import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GHL_SAMPLE_OTHER_PIPELINE, GHL_SAMPLE_PIPELINE } from '../../../../sim/ghl/ghl-fixtures.ts'
import {
  CLIENT_ID,
  type ConnectedWorld,
  LOCATION_ID,
  startConnectedWorld,
} from '../../testing/connected-world.ts'
import { PermanentProviderError } from '../http/provider-errors.ts'

// The opportunities client against the GHL simulator (docs/providers/ghl.md §11).
let w: ConnectedWorld
const opportunities = () => w.clients.ghl.opportunities
let contactId = ''

beforeAll(async () => {
  w = await startConnectedWorld({ subscribe: false })
  const { contact } = await w.clients.ghl.upsertContact(CLIENT_ID, LOCATION_ID, {
    locationId: LOCATION_ID,
    firstName: 'Pat',
    email: 'pat.opp@example.com',
  })
  contactId = contact.id
})
afterAll(() => w?.close())
beforeEach(() => {
  w.ghl.server.faults.clear()
  w.ghl.server.requests.clear()
})

const newOpportunity = () => ({
  pipelineId: GHL_SAMPLE_PIPELINE.id,
  pipelineStageId: GHL_SAMPLE_PIPELINE.stages.newLead,
  contactId,
  name: 'Pat – Roof',
  status: 'open' as const,
  source: 'Yelp',
})

describe('the opportunities client', () => {
  it('lists the pipelines with Version 2021-07-28', async () => {
    const pipelines = await opportunities().listPipelines(CLIENT_ID, LOCATION_ID)
    expect(pipelines.map((p) => p.id)).toEqual([GHL_SAMPLE_PIPELINE.id, GHL_SAMPLE_OTHER_PIPELINE.id])
    const [call] = w.ghl.server.requests.list()
    expect(call?.headers.version).toBe('2021-07-28')
  })

  it('creates once; a second create is the duplicate answer; the search finds it by contact and pipeline', async () => {
    const first = await opportunities().create(CLIENT_ID, LOCATION_ID, newOpportunity())
    if (!first.created) throw new Error('expected a create')
    expect(first.opportunity).toMatchObject({ contactId, status: 'open' })
    expect(await opportunities().create(CLIENT_ID, LOCATION_ID, newOpportunity())).toEqual({
      created: false,
      duplicate: true,
    })
    const found = await opportunities().findByContact(
      CLIENT_ID,
      LOCATION_ID,
      contactId,
      GHL_SAMPLE_PIPELINE.id,
    )
    expect(found.map((o) => o.id)).toEqual([first.opportunity.id])
    const query = w.ghl.server.requests.list().at(-1)?.query
    expect(query).toMatchObject({
      location_id: LOCATION_ID,
      contact_id: contactId,
      pipeline_id: GHL_SAMPLE_PIPELINE.id,
    })
  })

  it('moves with PUT /opportunities/{id}: stage and status', async () => {
    const [existing] = await opportunities().findByContact(
      CLIENT_ID,
      LOCATION_ID,
      contactId,
      GHL_SAMPLE_PIPELINE.id,
    )
    if (!existing) throw new Error('no opportunity')
    const moved = await opportunities().move(CLIENT_ID, LOCATION_ID, existing.id, {
      pipelineStageId: GHL_SAMPLE_PIPELINE.stages.won,
      status: 'won',
    })
    expect(moved).toMatchObject({
      id: existing.id,
      pipelineStageId: GHL_SAMPLE_PIPELINE.stages.won,
      status: 'won',
    })
  })

  it('refuses an answer in an unexpected shape, saying where it broke', async () => {
    w.ghl.server.faults.add({
      method: 'GET',
      path: '/opportunities/pipelines',
      status: 200,
      body: { pipelines: [{ name: 'x' }] },
    })
    const error = await opportunities()
      .listPipelines(CLIENT_ID, LOCATION_ID)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PermanentProviderError)
    expect((error as Error).message).toMatch(/unexpected shape \(pipelines\.0\.id/)
  })

  it('a stage of another pipeline is GHL’s 400, thrown as a permanent error', async () => {
    const [existing] = await opportunities().findByContact(
      CLIENT_ID,
      LOCATION_ID,
      contactId,
      GHL_SAMPLE_PIPELINE.id,
    )
    const error = await opportunities()
      .move(CLIENT_ID, LOCATION_ID, existing?.id ?? '', {
        pipelineStageId: GHL_SAMPLE_OTHER_PIPELINE.stages.new,
        status: 'open',
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PermanentProviderError)
    expect((error as PermanentProviderError).status).toBe(400)
  })
})
