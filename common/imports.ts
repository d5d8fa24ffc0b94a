import { z } from 'zod'
import { isoTimestampSchema } from './api.ts'

// The historical lead import of Integration Setup (docs/spec/dashboard-spec.md §2.6): starting it and its progress.

/** POST /api/import-historical-leads. */
export const importHistoricalLeadsSchema = z.object({
  clientId: z.string({ error: 'clientId is required' }).trim().min(1, 'clientId is required').max(64),
})

/** The answer to starting an import: it is queued for the client's Yelp business. */
export const importStartedSchema = z.object({ businessId: z.string(), status: z.literal('started') })
export type ImportStarted = z.infer<typeof importStartedSchema>

export const IMPORT_STATES = ['never', 'running', 'completed', 'failed'] as const
export type ImportState = (typeof IMPORT_STATES)[number]

/** GET /api/clients/{clientId}/import-status: the last historical import and its progress. */
export const importStatusSchema = z.object({
  status: z.enum(IMPORT_STATES),
  businessId: z.string().nullable(),
  /** Lead ids Yelp listed for the business. */
  leadsFound: z.number().int(),
  /** Of those, queued for a lead sync (updated every 20 leads while running). */
  leadsQueued: z.number().int(),
  /** Leads of the client stored in the hub; grows as the queued syncs finish. */
  storedLeads: z.number().int(),
  error: z.string().nullable(),
  startedAt: isoTimestampSchema.nullable(),
  finishedAt: isoTimestampSchema.nullable(),
})
export type ImportStatus = z.infer<typeof importStatusSchema>
