import { z } from 'zod'
import { lenient } from '../http/lenient-schema.ts'

// docs/providers/ghl.md §11: pipelines, opportunities and their app webhooks.

export const GHL_OPPORTUNITY_STATUSES = ['open', 'won', 'lost', 'abandoned'] as const
export type GhlOpportunityStatus = (typeof GHL_OPPORTUNITY_STATUSES)[number]

export const ghlPipelineSchema = lenient(
  z.looseObject({
    id: z.string().min(1),
    name: z.string(),
    stages: z
      .array(
        lenient(z.looseObject({ id: z.string().min(1), name: z.string(), position: z.number().optional() })),
      )
      .default([]),
  }),
)
export type GhlPipeline = z.infer<typeof ghlPipelineSchema>
export const ghlPipelineListSchema = z.looseObject({ pipelines: z.array(ghlPipelineSchema) })

export const ghlOpportunitySchema = lenient(
  z.looseObject({
    id: z.string().min(1),
    pipelineId: z.string().optional(),
    pipelineStageId: z.string().optional(),
    contactId: z.string().optional(),
    // Parsed as text: a status GHL adds later must not fail the whole answer.
    status: z.string().optional(),
    name: z.string().optional(),
  }),
)
export type GhlOpportunity = z.infer<typeof ghlOpportunitySchema>
export const ghlOpportunityResponseSchema = z.looseObject({ opportunity: ghlOpportunitySchema })
export const ghlOpportunitySearchSchema = z.looseObject({ opportunities: z.array(ghlOpportunitySchema) })

/** The create body the hub sends: only documented properties (GHL answers 422 to any other). */
export interface GhlNewOpportunity {
  pipelineId: string
  pipelineStageId: string
  contactId: string
  name: string
  status: GhlOpportunityStatus
  source: string
}

/** A move: the stage and the status (docs/spec/product.md §9.4). */
export interface GhlOpportunityMove {
  pipelineStageId: string
  status: GhlOpportunityStatus
}
