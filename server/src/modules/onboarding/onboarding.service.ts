import type { OnboardingView } from '@common/onboarding.ts'
import type { AppConfig } from '../../config/config.ts'
import type { DB } from '../../db/database.ts'
import { ghlManifest } from '../../integrations/ghl/ghl.manifest.ts'
import { yelpManifest } from '../../integrations/yelp/yelp.manifest.ts'
import type { Signer } from '../../lib/signer.ts'
import { ghlTokensOf, yelpTokensOf } from '../../repositories/clients.repository.ts'
import { clientForOnboardingToken } from './onboarding-access.ts'

/** What the public onboarding page shows of a client: its connections' state, and nothing secret. */
export class OnboardingService {
  constructor(
    private readonly db: DB,
    private readonly signer: Signer,
    private readonly config: AppConfig,
  ) {}

  async view(clientId: string, token: string | undefined): Promise<OnboardingView> {
    const row = await clientForOnboardingToken(this.db, this.signer, clientId, token)
    const yelp = yelpTokensOf(row)
    const ghl = ghlTokensOf(row)
    return {
      clientId: row.clientId,
      name: row.name,
      yelp: {
        connected: Boolean(yelp.accessToken),
        businessId: yelp.businessId ?? null,
        webhookSubscribed: yelp.webhookSubscribed === true,
        configured: yelpManifest.isConfigured(this.config),
      },
      ghl: {
        connected: Boolean(ghl.accessToken),
        hasApiKey: Boolean(row.ghlLocationApiKey),
        configured: ghlManifest.isConfigured(this.config),
      },
    }
  }
}
