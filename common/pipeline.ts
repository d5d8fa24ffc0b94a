import { z } from 'zod'
import { contactSyncStatusSchema } from './contacts.ts'
import { LEAD_STATUSES, type LeadStatus } from './leads.ts'

// The GHL pipeline, both ways (docs/spec/product.md §9.4, §9.7 "Pipeline"): a client's mapping of
// the four lead statuses to the stages of one pipeline of its GHL location.

/** GET /api/clients/{clientId}/ghl/pipelines: the location's pipelines, read from GHL. */
export const ghlPipelineViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  stages: z.array(z.object({ id: z.string(), name: z.string() })),
})
export type GhlPipelineView = z.infer<typeof ghlPipelineViewSchema>
export const ghlPipelineListSchema = z.array(ghlPipelineViewSchema)

const stageIdSchema = z.string().trim().min(1, 'a stage id').max(200)

/** One stage per lead status. */
export const pipelineStagesSchema = z.strictObject({
  new: stageIdSchema,
  contacted: stageIdSchema,
  converted: stageIdSchema,
  closed: stageIdSchema,
})
export type PipelineStages = z.infer<typeof pipelineStagesSchema>

/** PUT /api/clients/{clientId}/pipeline; GET answers the same shape. */
export const pipelineSettingsSchema = z.strictObject({
  enabled: z.boolean(),
  pipelineId: z.string().trim().min(1, 'a pipeline id').max(200),
  stages: pipelineStagesSchema,
})
export type PipelineSettings = z.infer<typeof pipelineSettingsSchema>

/** GET before anything was saved: off, nothing chosen. */
export const pipelineAnswerSchema = z.object({
  enabled: z.boolean(),
  pipelineId: z.string().nullable(),
  stages: z.object({
    new: z.string().nullable(),
    contacted: z.string().nullable(),
    converted: z.string().nullable(),
    closed: z.string().nullable(),
  }),
})
export type PipelineAnswer = z.infer<typeof pipelineAnswerSchema>

/**
 * The 409 of the pipeline calls for a GHL connection made before the hub asked for the
 * opportunities scopes (docs/providers/ghl.md §11): the owner must connect GHL again.
 */
export const PIPELINE_RECONNECT_MESSAGE = 'reconnect GHL to enable the pipeline'

/** The backfill of existing leads' opportunities: the contact sync's progress shape. */
export const opportunitySyncStatusSchema = contactSyncStatusSchema
export type OpportunitySyncStatus = z.infer<typeof opportunitySyncStatusSchema>

/** The statuses in the order the pipeline step lists them. */
export const PIPELINE_STATUSES: readonly LeadStatus[] = LEAD_STATUSES

/** What a status moves the opportunity to (docs/spec/product.md §9.4). */
export function opportunityStatusFor(status: LeadStatus): 'open' | 'won' | 'lost' {
  if (status === 'converted') return 'won'
  if (status === 'closed') return 'lost'
  return 'open'
}
