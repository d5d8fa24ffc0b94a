import { opportunitySyncs } from '../db/schema.ts'
import { type LeadWalkRow, leadWalkRows } from './lead-walk-rows.ts'

// The opportunity backfill's progress (docs/spec/product.md §9.4), kept exactly like the contact
// sync's: one running per client, abandoned after a silence (lead-walk-rows.ts).

export type OpportunitySyncRow = LeadWalkRow

const rows = leadWalkRows(opportunitySyncs)

/** Marks the client's opportunity backfill running, unless one is; null when another is running. */
export const claimOpportunitySync = rows.claim
export const updateOpportunitySync = rows.update
export const finishOpportunitySync = rows.finish
export const findOpportunitySync = rows.find
