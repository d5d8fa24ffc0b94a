import type PgBoss from 'pg-boss'
import type { DB } from '../db/database.ts'
import { listYelpConnectedBusinesses } from '../repositories/clients.repository.ts'
import { listStoredLeadIds } from '../repositories/leads.repository.ts'
import type { LeadsPort } from './provider-ports.ts'
import { type LeadSyncJob, leadSyncKey, PRIORITY, QUEUES } from './queue/queues.ts'

// Webhooks can be late or lost (docs/providers/yelp.md §2, pitfalls 5): look back over recent leads.
const NEW_LEAD_WINDOW_MS = 14 * 24 * 3600_000
const ACTIVE_LEAD_WINDOW_MS = 2 * 24 * 3600_000

/**
 * Every 15 minutes: for each connected business, queue a sync of the leads created in the last
 * two weeks (lead_ids) and of the leads active in the last two days. It costs what changed: a
 * lead already stored is synced incrementally (its new events only — one Yelp call, and no GHL
 * call when nothing is new); only a lead id never seen gets a full sync. The jobs go in one
 * insert, at bulk priority, behind the webhooks' (bench/RESULTS.md "reconcile").
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
        const known = new Set(
          await listStoredLeadIds(this.db, clientId, {
            activeSince: new Date(now.getTime() - ACTIVE_LEAD_WINDOW_MS),
            among: recent,
          }),
        )
        const jobs = [...new Set([...recent, ...known])].map((leadId) => {
          const data: LeadSyncJob = {
            clientId,
            leadId,
            reason: known.has(leadId) ? 'reconcile-stored' : 'reconcile',
          }
          return { name: QUEUES.leadSync, data, singletonKey: leadSyncKey(data), priority: PRIORITY.bulk }
        })
        if (jobs.length) await this.boss.insert(jobs)
        queued += jobs.length
      } catch (error) {
        failures.push(`${clientId}: ${(error as Error).message}`)
      }
    }
    return { queued, failures }
  }
}
