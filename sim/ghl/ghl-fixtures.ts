import type { GhlSim } from './ghl-sim.ts'
import type { GhlApiKey, GhlLocation, GhlUser } from './ghl-store.ts'

/** The ids of docs/providers/ghl.md's own examples, so docs, logs and tests read alike. */
export const GHL_SAMPLE = {
  locationId: 'LocAAA111',
  companyId: 'CmpBBB222',
  userId: 'UsrCCC333',
} as const

export interface GhlSampleWorld {
  location: GhlLocation
  user: GhlUser
  /** A sub-account Private Integration Token for the location (docs/providers/ghl.md §6). */
  apiKey: GhlApiKey
}

/**
 * Seeds the demo's GHL side: one sub-account of an agency with GHL's default duplicate rules
 * (duplicates not allowed, email first) and the user who will "reply" from GHL.
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
  return { location, user, apiKey }
}
