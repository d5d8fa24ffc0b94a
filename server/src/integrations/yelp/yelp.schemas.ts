import { z } from 'zod'

// Parsed defensively: yelp.md §4 rates the token field list "medium".
export const yelpTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.coerce.number().optional(),
  scope: z.string().optional(),
})
export type YelpTokenResponse = z.infer<typeof yelpTokenResponseSchema>

export const yelpBusinessesResponseSchema = z.object({ business_ids: z.array(z.string()) })
