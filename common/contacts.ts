import { z } from 'zod'

/**
 * POST /api/clients/{clientId}/ghl/sync-contacts, "Sync All Leads to GHL Contacts" (docs/spec/dashboard-spec.md §2.6):
 * how many stored leads' contacts were upserted and which failed.
 */
export const contactSyncResultSchema = z.object({
  /** Leads whose contact was created or updated. */
  success: z.number().int(),
  errors: z.number().int(),
  message: z.string(),
  failures: z.array(z.object({ leadId: z.string(), error: z.string() })),
})
export type ContactSyncResult = z.infer<typeof contactSyncResultSchema>
