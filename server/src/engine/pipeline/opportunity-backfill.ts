import { ValidationError } from '../../lib/errors.ts'
import { findClient } from '../../repositories/clients.repository.ts'
import {
  claimOpportunitySync,
  findOpportunitySync,
  finishOpportunitySync,
  updateOpportunitySync,
} from '../../repositories/opportunity-syncs.repository.ts'
import { findPipeline } from '../../repositories/pipelines.repository.ts'
import type { ClientRun } from '../client-run.ts'
import { OpportunitySync } from './opportunity-sync.ts'

/**
 * The pipeline step's one-click backfill (docs/spec/product.md §9.4): every stored lead of the
 * client gets its opportunity, at the stage of its status, through the same run a new lead's goes
 * through (so a lead never gets two). A client run (client-run.ts) like the contact sync: its
 * progress in `opportunity_syncs`, its job jobs/opportunity-backfill.job.ts.
 */
export const opportunityBackfillRun: ClientRun<OpportunitySync> = {
  rows: {
    claim: claimOpportunitySync,
    find: findOpportunitySync,
    update: updateOpportunitySync,
    finish: finishOpportunitySync,
  },
  async checkStart(db, clientId) {
    const pipeline = await findPipeline(db, clientId)
    if (!pipeline?.enabled) throw new ValidationError('enabled: turn the pipeline on before the backfill')
  },
  async prepare(deps, clientId) {
    if (!(await findClient(deps.db, clientId))) return null
    const pipeline = await findPipeline(deps.db, clientId)
    if (!pipeline?.enabled) return { refused: 'The pipeline is off for this client' }
    return { ready: new OpportunitySync(deps.db, deps.providers.ghl.opportunities) }
  },
  async step(opportunities, lead) {
    const outcome = await opportunities.run({ clientId: lead.clientId, leadId: lead.leadId })
    return 'skipped' in outcome ? outcome.skipped : null
  },
}
