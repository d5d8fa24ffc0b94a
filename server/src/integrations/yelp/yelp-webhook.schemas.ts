import { yelpLeadIdField } from '@common/yelp-lead-id.ts'
import { z } from 'zod'

// docs/providers/yelp.md §2: one update per lead interaction; phone opt-in/out updates carry no event_id.
export const yelpWebhookSchema = z.object({
  time: z.string().max(100).optional(),
  object: z.string().max(100).optional(),
  data: z.object({
    id: z.string({ error: 'data.id: the Yelp business id is required' }).min(1).max(200),
    updates: z
      .array(
        z
          .object({
            event_type: z.string().min(1).max(100),
            event_id: z.string().max(200).optional(),
            lead_id: yelpLeadIdField('lead_id'),
            interaction_time: z.string().max(100).optional(),
          })
          .passthrough(),
      )
      .min(1, 'at least one update')
      .max(100, 'at most 100 updates'),
  }),
})
export type YelpWebhook = z.infer<typeof yelpWebhookSchema>
