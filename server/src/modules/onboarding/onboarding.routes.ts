import type { OnboardingView } from '@common/onboarding.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppConfig } from '../../config/config.ts'
import type { DB } from '../../db/database.ts'
import { ForbiddenError } from '../../lib/errors.ts'
import type { Signer } from '../../lib/signer.ts'
import { parseInput } from '../../lib/validation.ts'
import { ghlTokensOf, yelpTokensOf } from '../clients/clients.repository.ts'
import { clientForOnboardingToken } from './onboarding-access.ts'

const query = z.object({ token: z.string().max(200).optional() })
const params = z.object({ clientId: z.string().min(1).max(64) })

/** `GET /api/onboard/{clientId}?token=`: what the public onboarding page shows, and nothing secret. */
export function registerOnboardingRoutes(
  app: FastifyInstance,
  db: DB,
  signer: Signer,
  config: AppConfig,
): void {
  app.get(
    '/api/onboard/:clientId',
    { config: { access: 'public' } },
    async (request): Promise<OnboardingView> => {
      const { clientId } = parseInput(params, request.params)
      const { token } = parseInput(query, request.query)
      const row = await clientForOnboardingToken(db, signer, clientId, token)
      if (!row) throw new ForbiddenError('This onboarding link is invalid')
      const yelp = yelpTokensOf(row)
      const ghl = ghlTokensOf(row)
      return {
        clientId: row.clientId,
        name: row.name,
        yelp: {
          connected: Boolean(yelp.accessToken),
          businessId: yelp.businessId ?? null,
          webhookSubscribed: yelp.webhookSubscribed === true,
          configured: Boolean(config.yelp.clientId && config.yelp.clientSecret),
        },
        ghl: {
          connected: Boolean(ghl.accessToken),
          hasApiKey: Boolean(row.ghlLocationApiKey),
          configured: Boolean(config.ghl.clientId && config.ghl.clientSecret),
        },
      }
    },
  )
}
