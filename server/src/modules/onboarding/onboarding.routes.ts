import type { OnboardingView } from '@common/onboarding.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { parseInput } from '../../lib/validation.ts'
import type { OnboardingService } from './onboarding.service.ts'

const query = z.object({ token: z.string().max(200).optional() })
const params = z.object({ clientId: z.string().min(1).max(64) })

/** `GET /api/onboard/{clientId}?token=`: what the public onboarding page shows, and nothing secret. */
export function registerOnboardingRoutes(app: FastifyInstance, onboarding: OnboardingService): void {
  app.get(
    '/api/onboard/:clientId',
    { config: { access: 'public' } },
    async (request): Promise<OnboardingView> => {
      const { clientId } = parseInput(params, request.params)
      const { token } = parseInput(query, request.query)
      return onboarding.view(clientId, token)
    },
  )
}
