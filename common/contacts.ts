import { z } from 'zod'
import { isoTimestampSchema } from './api.ts'

// "Sync All Leads to GHL Contacts" (docs/spec/dashboard-spec.md §2.6): a job per client, started by
// POST /api/clients/{clientId}/ghl/sync-contacts (202) and followed through
// GET /api/clients/{clientId}/ghl/contact-sync-status, like the historical import.

export const CONTACT_SYNC_STATES = ['never', 'running', 'completed', 'failed'] as const
export type ContactSyncState = (typeof CONTACT_SYNC_STATES)[number]

/** At most this many failed leads are kept and shown; `errors` counts them all. */
export const CONTACT_SYNC_FAILURES_KEPT = 50

export const contactSyncFailureSchema = z.object({ leadId: z.string(), error: z.string() })
export type ContactSyncFailure = z.infer<typeof contactSyncFailureSchema>

/** The client's last contact sync and its progress; the POST answers it too (202). */
export const contactSyncStatusSchema = z.object({
  status: z.enum(CONTACT_SYNC_STATES),
  /** Stored leads the sync goes through (known once it starts running). */
  leadsTotal: z.number().int(),
  /** Of those, done so far: synced or failed. */
  leadsDone: z.number().int(),
  /** Leads whose contact was created or updated. */
  success: z.number().int(),
  errors: z.number().int(),
  /** The first failed leads (CONTACT_SYNC_FAILURES_KEPT at most). */
  failures: z.array(contactSyncFailureSchema),
  /** Why the sync as a whole stopped (failed), e.g. GoHighLevel disconnected. */
  error: z.string().nullable(),
  startedAt: isoTimestampSchema.nullable(),
  finishedAt: isoTimestampSchema.nullable(),
})
export type ContactSyncStatus = z.infer<typeof contactSyncStatusSchema>
