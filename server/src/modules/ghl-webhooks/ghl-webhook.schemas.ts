import { z } from 'zod'

// The app webhooks of docs/providers/ghl.md §11 the hub acts on; every other type is acknowledged.
export const OPPORTUNITY_UPDATES = ['OpportunityStageUpdate', 'OpportunityStatusUpdate'] as const

// `webhookId` and `timestamp` are what the dedupe and the age check stand on (docs/providers/ghl.md
// §10): an app webhook without them is refused, never applied unchecked.
export const ghlAppWebhookSchema = z.looseObject({
  type: z.string().min(1).max(100),
  locationId: z.string().min(1).max(200).optional(),
  webhookId: z.string().trim().min(1).max(200),
  timestamp: z.union([z.string().min(1).max(100), z.number()]),
})

export const opportunityWebhookSchema = z.looseObject({
  type: z.enum(OPPORTUNITY_UPDATES),
  locationId: z.string().min(1).max(200),
  id: z.string().min(1).max(200),
  pipelineId: z.string().max(200).optional(),
  pipelineStageId: z.string().min(1).max(200),
  status: z.string().min(1).max(50),
})
export type OpportunityWebhook = z.infer<typeof opportunityWebhookSchema>
