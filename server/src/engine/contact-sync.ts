import type { ContactSyncResult } from '@common/contacts.ts'
import type { DB } from '../db/database.ts'
import { NotFoundError, ValidationError } from '../lib/errors.ts'
import { findClient } from '../repositories/clients.repository.ts'
import { listLeadsOfClient } from '../repositories/leads.repository.ts'
import { isGhlConnected, type LeadSyncHandler } from './lead-sync/lead-sync.handler.ts'
import { withLeadLease } from './queue/lead-lease.ts'
import { leadSyncKey } from './queue/queues.ts'

/** How long the contact sync waits for a running sync of a lead to finish. */
const LEAD_WAIT_MS = 30_000

/**
 * "Sync All Leads to GHL Contacts" (docs/spec/dashboard-spec.md §2.6): upserts every stored lead's contact and
 * forwards the lead's stored messages not forwarded yet; reports success and error counts.
 */
export class ContactSync {
  constructor(
    private readonly db: DB,
    private readonly leadSync: LeadSyncHandler,
  ) {}

  async run(clientId: string): Promise<ContactSyncResult> {
    const client = await findClient(this.db, clientId)
    if (!client) throw new NotFoundError(`Client ${clientId} not found`)
    if (!isGhlConnected(client))
      throw new ValidationError('clientId: connect GoHighLevel before syncing contacts')
    const failures: ContactSyncResult['failures'] = []
    let success = 0
    for (const lead of await listLeadsOfClient(this.db, clientId)) {
      try {
        // Never beside a lead sync of the same lead: both could post one pending event.
        const outcome = await withLeadLease(
          this.db,
          leadSyncKey({ clientId, leadId: lead.leadId }),
          (signal) => this.leadSync.syncFromStore(client, lead, signal),
          { waitMs: LEAD_WAIT_MS },
        )
        if (!outcome.ran) throw new Error(`Lead ${lead.leadId} is being synced already; try again shortly`)
        success += 1
      } catch (error) {
        failures.push({ leadId: lead.leadId, error: (error as Error).message })
      }
    }
    const message = `${success} contact${success === 1 ? '' : 's'} synced${failures.length ? `, ${failures.length} failed` : ''}`
    return { success, errors: failures.length, message, failures }
  }
}
