import type { OnboardingView } from '@common/onboarding.ts'
import type { AppConfig } from '../../config/config.ts'
import type { DB } from '../../db/database.ts'
import { ghlManifest } from '../../integrations/ghl/ghl.manifest.ts'
import { yelpManifest } from '../../integrations/yelp/yelp.manifest.ts'
import type { Signer } from '../../lib/signer.ts'
import { clientForOnboardingToken } from './onboarding-access.ts'

/** What the public onboarding page shows of a client: its connections' state, and nothing secret. */
export class OnboardingService {
  constructor(
    private readonly db: DB,
    private readonly signer: Signer,
    private readonly config: AppConfig,
  ) {}

  async view(clientId: string, token: string | undefined): Promise<OnboardingView> {
    const { row, connections } = await clientForOnboardingToken(this.db, this.signer, clientId, token)
    const { yelp, ghl } = connections
    return {
      clientId: row.clientId,
      name: row.name,
      yelp: {
        connected: yelp.connected,
        businessId: yelp.businessId,
        webhookSubscribed: yelp.webhookSubscribed,
        configured: yelpManifest.isConfigured(this.config),
      },
      ghl: {
        connected: ghl.connected,
        hasApiKey: ghl.hasApiKey,
        configured: ghlManifest.isConfigured(this.config),
      },
    }
  }
}
