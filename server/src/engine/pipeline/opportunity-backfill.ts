import type { ContactSyncFailure } from '@common/contacts.ts'
import type { DB } from '../../db/database.ts'
import { DailyCapReachedError } from '../../integrations/http/provider-errors.ts'
import { findClient } from '../../repositories/clients.repository.ts'
import { listLeadsOfClient } from '../../repositories/leads.repository.ts'
import {
  finishOpportunitySync,
  updateOpportunitySync,
} from '../../repositories/opportunity-syncs.repository.ts'
import { findPipeline } from '../../repositories/pipelines.repository.ts'
import type { OpportunitySync } from './opportunity-sync.ts'

/** Progress is written after this many leads, or this long after the last write. */
const PROGRESS_EVERY_LEADS = 25
const PROGRESS_EVERY_MS = 1_000

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
    const failures: ContactSyncFailure[] = []
    let success = 0
    let done = 0
    let written = Date.now()
    const progress = () => ({ leadsDone: done, success, errors: failures.length, failures })
    try {
      const leads = await listLeadsOfClient(this.db, clientId)
      await updateOpportunitySync(this.db, clientId, { leadsTotal: leads.length })
      for (const lead of leads) {
        try {
          const outcome = await this.opportunities.run({ clientId, leadId: lead.leadId })
          if ('skipped' in outcome) failures.push({ leadId: lead.leadId, error: outcome.skipped })
          else success += 1
        } catch (error) {
          // Every later lead would meet the same 429: the job waits for GHL's reset (engine.ts).
          if (error instanceof DailyCapReachedError) throw error
          failures.push({ leadId: lead.leadId, error: (error as Error).message })
        }
        done += 1
        if (done % PROGRESS_EVERY_LEADS === 0 || Date.now() - written >= PROGRESS_EVERY_MS) {
          await updateOpportunitySync(this.db, clientId, progress())
          written = Date.now()
        }
      }
      await finishOpportunitySync(this.db, clientId, { status: 'completed', ...progress() })
      return { success, errors: failures.length }
    } catch (error) {
      if (error instanceof DailyCapReachedError) {
        await updateOpportunitySync(this.db, clientId, progress()).catch(() => {})
        throw error
      }
      await finishOpportunitySync(this.db, clientId, {
        status: 'failed',
        error: (error as Error).message,
        ...progress(),
      }).catch(() => {})
      throw error
    }
  }
}
