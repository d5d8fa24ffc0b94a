import { contactSyncs } from '../db/schema.ts'
import { type LeadWalkRow, leadWalkRows } from './lead-walk-rows.ts'

// "Sync All Leads to GHL Contacts": its progress, one running per client (lead-walk-rows.ts).

export type ContactSyncRow = LeadWalkRow

const rows = leadWalkRows(contactSyncs)

/** Marks the client's contact sync running, unless one is; null when another is running. */
export const claimContactSync = rows.claim
export const updateContactSync = rows.update
export const finishContactSync = rows.finish
export const findContactSync = rows.find
