import type { PipelineSettings } from '@common/pipeline.ts'
import { GHL_SAMPLE_PIPELINE } from '../../../sim/ghl/ghl-fixtures.ts'
import type { GhlOpportunity } from '../../../sim/ghl/ghl-store.ts'
import { ACME, type ConnectedWorld } from './connected-world.ts'
import { waitFor } from './wait-for.ts'

// Shared by the pipeline's integration tests: the sample pipeline mapped for acme, and reads of
// the GHL simulator's opportunities and of the hub's lead.

const { stages } = GHL_SAMPLE_PIPELINE
export const SAMPLE_MAPPING: PipelineSettings = {
  enabled: true,
  pipelineId: GHL_SAMPLE_PIPELINE.id,
  stages: { new: stages.newLead, contacted: stages.contacted, converted: stages.won, closed: stages.lost },
}

export async function mapPipeline(world: ConnectedWorld, settings: PipelineSettings = SAMPLE_MAPPING) {
  return world.admin.call<PipelineSettings>(
    'map the pipeline',
    'PUT',
    `/api/clients/${ACME.clientId}/pipeline`,
    settings,
  )
}

export function opportunitiesOf(world: ConnectedWorld, contactId?: string): GhlOpportunity[] {
  return world.ghl.store
    .opportunitiesOf(ACME.location)
    .filter((o) => contactId === undefined || o.contactId === contactId)
}

export interface LeadView {
  leadId: string
  status: string
  opportunityId: string | null
  statusChangedInGhlAt: string | null
  activity: Array<{ kind: string; by: string | null; detail: string | null }>
}

export async function leadOf(world: ConnectedWorld, leadId: string): Promise<LeadView> {
  return world.admin.call<LeadView>('read the lead', 'GET', `/api/leads/${leadId}`)
}

/** A new Yelp lead, once the hub made its opportunity (and stored its id on the lead). */
export async function leadWithOpportunity(world: ConnectedWorld, leadId: string): Promise<GhlOpportunity> {
  world.sims.newLead(leadId, { consumerName: `Pat ${leadId}` })
  const lead = await waitFor(
    `the opportunity of ${leadId}`,
    async () => {
      const view = await world.admin.get(`/api/leads/${leadId}`)
      const body = view.body as LeadView | null
      return view.status === 200 && body?.opportunityId ? body : null
    },
    30_000,
  )
  const opportunity = world.ghl.store.opportunities.get(lead.opportunityId ?? '')
  if (!opportunity) throw new Error(`the GHL simulator has no opportunity ${lead.opportunityId}`)
  return opportunity
}

export async function setStatus(world: ConnectedWorld, leadId: string, status: string) {
  return world.admin.call('set the status', 'PATCH', `/api/leads/${leadId}/status`, { status })
}
