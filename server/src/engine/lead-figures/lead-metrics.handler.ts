import type { DB } from '../../db/database.ts'
import { findLeadMetricsFetchedAt, recordLeadCost } from '../../repositories/lead-figures.repository.ts'
import type { LeadsPort } from '../provider-ports.ts'
import type { LeadJob } from '../queue/queues.ts'

/**
 * Fetches a stored lead's `cost_per_lead` from Yelp, once per lead (docs/decisions/0014 "Cost";
 * docs/providers/yelp.md §1 metrics). Queued by the engine after a sync stored a lead whose metrics
 * were never asked for; a job rather than a call inside the sync so that a cost never delays a
 * message, and it runs as bulk work behind the live calls in Yelp's 5/s per-endpoint budget.
 */
export class LeadMetricsHandler {
  constructor(
    private readonly db: DB,
    private readonly leads: Pick<LeadsPort, 'getLeadCost'>,
  ) {}

  async run(job: LeadJob, now = () => new Date()): Promise<{ cents: number | null } | { skipped: string }> {
    const stored = await findLeadMetricsFetchedAt(this.db, job.clientId, job.leadId)
    if (!stored) return { skipped: `lead ${job.leadId} is not stored` }
    // Several syncs of a new lead may each have queued one: only the first asks Yelp.
    if (stored.metricsFetchedAt) return { skipped: `the metrics of lead ${job.leadId} were fetched already` }
    const cost = await this.leads.getLeadCost(job.clientId, job.leadId)
    await recordLeadCost(this.db, job.clientId, job.leadId, cost, now())
    return { cents: cost.cents }
  }
}
