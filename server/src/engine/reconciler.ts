import type PgBoss from 'pg-boss'
import { listYelpConnectedBusinesses } from '../data/clients.repository.ts'
import { listLeadIdsActiveSince } from '../data/leads.repository.ts'
import type { DB } from '../db/database.ts'
import type { LeadsPort } from './provider-ports.ts'
import { type LeadSyncJob, leadSyncKey, QUEUES } from './queue/queues.ts'

// Webhooks can be late or lost (yelp.md §2, pitfalls 5): look back over recent leads.
const NEW_LEAD_WINDOW_MS = 14 * 24 * 3600_000
const ACTIVE_LEAD_WINDOW_MS = 2 * 24 * 3600_000

/**
 * Every 15 minutes: for each connected business, queue a sync of the leads created in the last
 * two weeks (lead_ids) and of the leads active in the last two days. A sync that finds nothing
 * new changes nothing, so this only costs API calls, within the rate limits.
 */
export class Reconciler {
  constructor(
    private readonly db: DB,
    private readonly boss: PgBoss,
    private readonly leads: LeadsPort,
  ) {}

  async run(now = new Date()): Promise<{ queued: number; failures: string[] }> {
    const connected = await listYelpConnectedBusinesses(this.db)
    let queued = 0
    const failures: string[] = []
    for (const { clientId, businessId } of connected) {
      try {
        const recent = await this.leads.listLeadIds(clientId, businessId, {
          createdAfter: new Date(now.getTime() - NEW_LEAD_WINDOW_MS),
        })
        const active = await listLeadIdsActiveSince(
          this.db,
          clientId,
          new Date(now.getTime() - ACTIVE_LEAD_WINDOW_MS),
        )
        for (const leadId of new Set([...recent, ...active])) {
          const job: LeadSyncJob = { clientId, leadId, reason: 'reconcile' }
          if (await this.boss.send(QUEUES.leadSync, job, { singletonKey: leadSyncKey(job) })) queued += 1
        }
      } catch (error) {
        failures.push(`${clientId}: ${(error as Error).message}`)
      }
    }
    return { queued, failures }
  }
}
