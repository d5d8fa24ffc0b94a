import type { GhlSim } from './ghl-sim.ts'
import type { GhlApiKey, GhlLocation, GhlPipeline, GhlUser } from './ghl-store.ts'

/** The ids of docs/providers/ghl.md's own examples, so docs, logs and tests read alike. */
export const GHL_SAMPLE = {
  locationId: 'LocAAA111',
  companyId: 'CmpBBB222',
  userId: 'UsrCCC333',
} as const

/**
 * The sample location's sales pipeline (fixed ids, so tests, the demo and its printed commands
 * name them) and a second one, whose stages are "of another pipeline".
 */
export const GHL_SAMPLE_PIPELINE = {
  id: 'PipYelpLeads01',
  name: 'Yelp Leads',
  stages: {
    newLead: 'StgNewLead0001',
    contacted: 'StgContacted01',
    quoted: 'StgQuoted00001',
    won: 'StgWon00000001',
    lost: 'StgLost0000001',
  },
} as const
export const GHL_SAMPLE_OTHER_PIPELINE = {
  id: 'PipReferrals01',
  name: 'Referrals',
  stages: { new: 'StgRefNew00001', done: 'StgRefDone0001' },
} as const

export interface GhlSampleWorld {
  location: GhlLocation
  user: GhlUser
  /** A sub-account Private Integration Token for the location (docs/providers/ghl.md §6). */
  apiKey: GhlApiKey
  pipelines: GhlPipeline[]
}

/**
 * Seeds the demo's GHL side: one sub-account of an agency with GHL's default duplicate rules
 * (duplicates not allowed, email first), the user who will "reply" from GHL, and its pipelines.
 */
export function seedGhlSample(
  sim: GhlSim,
  overrides: { allowDuplicateContact?: boolean } = {},
): GhlSampleWorld {
  const location = sim.seedLocation({
    id: GHL_SAMPLE.locationId,
    name: 'Bay Area Roofing Co.',
    companyId: GHL_SAMPLE.companyId,
    allowDuplicateContact: overrides.allowDuplicateContact ?? false,
    duplicatePriority: ['email', 'phone'],
    timezone: 'America/Los_Angeles',
  })
  const user = sim.seedUser({
    id: GHL_SAMPLE.userId,
    name: 'Dana Whitfield',
    email: 'dana@bayarearoofing.example',
    locationIds: [location.id],
  })
  const apiKey = sim.createApiKey(location.id)
  const { stages } = GHL_SAMPLE_PIPELINE
  const other = GHL_SAMPLE_OTHER_PIPELINE
  const pipelines = [
    sim.seedPipeline(location.id, {
      id: GHL_SAMPLE_PIPELINE.id,
      name: GHL_SAMPLE_PIPELINE.name,
      stages: [
        { id: stages.newLead, name: 'New Lead' },
        { id: stages.contacted, name: 'Contacted' },
        { id: stages.quoted, name: 'Quote Sent' },
        { id: stages.won, name: 'Won' },
        { id: stages.lost, name: 'Lost' },
      ],
    }),
    sim.seedPipeline(location.id, {
      id: other.id,
      name: other.name,
      stages: [
        { id: other.stages.new, name: 'Referred' },
        { id: other.stages.done, name: 'Done' },
      ],
    }),
  ]
  return { location, user, apiKey, pipelines }
}
