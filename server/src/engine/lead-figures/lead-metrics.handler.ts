import type { DB } from '../../db/database.ts'
import { findLeadMetricsFetchedAt, recordLeadCost } from '../../repositories/lead-figures.repository.ts'
import type { LeadJob } from '../queue/queues.ts'
import type { LeadSources } from '../sources/sources.ts'

/** What a source answers for a lead that costs nothing, or whose source does not charge per lead. */
const NO_COST = { cents: null, currency: null }

/**
 * Fetches a stored lead's cost from its source, once per lead (docs/decisions/0014 "Cost";
 * Yelp's `cost_per_lead`, docs/providers/yelp.md §1 metrics). Queued by the engine after a sync
 * stored a lead whose metrics were never asked for; a job rather than a call inside the sync so
 * that a cost never delays a message, and it runs as bulk work behind the live calls (Yelp: 5/s
 * per endpoint). A source that does not charge per lead records no cost, without a call.
 */
export class LeadMetricsHandler {
  constructor(
    private readonly db: DB,
    private readonly sources: Pick<LeadSources, 'get'>,
  ) {}

  async run(job: LeadJob, now = () => new Date()): Promise<{ cents: number | null } | { skipped: string }> {
    const stored = await findLeadMetricsFetchedAt(this.db, job.clientId, job.leadId)
    if (!stored) return { skipped: `lead ${job.leadId} is not stored` }
    // Several syncs of a new lead may each have queued one: only the first asks the source.
    if (stored.metricsFetchedAt) return { skipped: `the metrics of lead ${job.leadId} were fetched already` }
    const source = this.sources.get(stored.source)
    const cost = source.leadCost ? await source.leadCost(job.clientId, job.leadId) : NO_COST
    await recordLeadCost(this.db, job.clientId, job.leadId, cost, now())
    return { cents: cost.cents }
  }
}
