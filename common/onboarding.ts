import { z } from 'zod'

/**
 * What the public onboarding page may show (GET /api/onboard/{clientId}?token=): connection
 * states and whether each provider's app is configured, nothing secret.
 */
export const onboardingViewSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  yelp: z.object({
    connected: z.boolean(),
    businessId: z.string().nullable(),
    webhookSubscribed: z.boolean(),
    configured: z.boolean(),
  }),
  ghl: z.object({ connected: z.boolean(), hasApiKey: z.boolean(), configured: z.boolean() }),
})
export type OnboardingView = z.infer<typeof onboardingViewSchema>
