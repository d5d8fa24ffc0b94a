import type { DB } from '../../db/database.ts'
import { findClient } from '../../repositories/clients.repository.ts'
import {
  finishOpportunitySync,
  updateOpportunitySync,
} from '../../repositories/opportunity-syncs.repository.ts'
import { findPipeline } from '../../repositories/pipelines.repository.ts'
import { walkClientLeads } from '../client-lead-walk.ts'
import type { OpportunitySync } from './opportunity-sync.ts'

/**
 * The pipeline step's one-click backfill (docs/spec/product.md §9.4): every stored lead of the client
 * gets its opportunity, at the stage of its status, through the same run a new lead's goes
 * through (so a lead never gets two). Progress in `opportunity_syncs`, like the contact sync's.
 */
export class OpportunityBackfill {
  constructor(
    private readonly db: DB,
    private readonly opportunities: OpportunitySync,
  ) {}

  async run(clientId: string): Promise<{ success: number; errors: number }> {
    const client = await findClient(this.db, clientId)
    if (!client) return { success: 0, errors: 0 }
    const pipeline = await findPipeline(this.db, clientId)
    if (!pipeline?.enabled) {
      await finishOpportunitySync(this.db, clientId, {
        status: 'failed',
        error: 'The pipeline is off for this client',
      })
      return { success: 0, errors: 0 }
    }
    const record = { update: updateOpportunitySync, finish: finishOpportunitySync }
    return walkClientLeads(this.db, clientId, record, async (lead) => {
      const outcome = await this.opportunities.run({ clientId, leadId: lead.leadId })
      return 'skipped' in outcome ? outcome.skipped : null
    })
  }
}
