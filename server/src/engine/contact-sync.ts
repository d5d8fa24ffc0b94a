import type { DB } from '../db/database.ts'
import { NotFoundError, ValidationError } from '../lib/errors.ts'
import { findGhlConnection } from '../repositories/connections.repository.ts'
import {
  type ContactSyncRow,
  claimContactSync,
  findContactSync,
  finishContactSync,
  updateContactSync,
} from '../repositories/contact-syncs.repository.ts'
import { walkClientLeads } from './client-lead-walk.ts'
import { isGhlConnected } from './ghl-contact/contact-link.ts'
import type { LeadSyncHandler } from './lead-sync/lead-sync.handler.ts'
import { withLeadLease } from './queue/lead-lease.ts'
import { leadSyncKey } from './queue/queues.ts'

/** How long the contact sync waits for a running sync of a lead to finish. */
const LEAD_WAIT_MS = 30_000

/**
 * "Sync All Leads to GHL Contacts" (docs/spec/dashboard-spec.md §2.6): upserts every stored lead's contact and
 * forwards the lead's stored messages not forwarded yet. It goes through every lead of the client,
 * so it is a job (docs/decisions/0018 §1): `start` answers at once, `run` writes its progress to
 * `contact_syncs`, read like the import's.
 */
export class ContactSync {
  constructor(
    private readonly db: DB,
    private readonly leadSync: LeadSyncHandler,
    /** Queues the sync's job (jobs/contact-sync.job.ts). */
    private readonly queueRun: (clientId: string) => Promise<unknown>,
  ) {}

  /**
   * Queues the sync, or answers the one already running: a second click never starts a second
   * sync (the claim is one statement, so two processes cannot both win it).
   */
  async start(clientId: string): Promise<{ started: boolean; sync: ContactSyncRow }> {
    const client = await findGhlConnection(this.db, clientId)
    if (!client) throw new NotFoundError(`Client ${clientId} not found`)
    if (!isGhlConnected(client))
      throw new ValidationError('clientId: connect GoHighLevel before syncing contacts')
    const claimed = await claimContactSync(this.db, clientId)
    if (!claimed) {
      const running = await findContactSync(this.db, clientId)
      if (running) return { started: false, sync: running }
      throw new NotFoundError(`Client ${clientId} not found`)
    }
    try {
      await this.queueRun(clientId)
    } catch (error) {
      await finishContactSync(this.db, clientId, { status: 'failed', error: (error as Error).message })
      throw error
    }
    return { started: true, sync: claimed }
  }

  async run(clientId: string): Promise<{ success: number; errors: number }> {
    const client = await findGhlConnection(this.db, clientId)
    if (!client) return { success: 0, errors: 0 }
    if (!isGhlConnected(client)) {
      await finishContactSync(this.db, clientId, {
        status: 'failed',
        error: 'GoHighLevel is not connected for this client',
      })
      return { success: 0, errors: 0 }
    }
    const record = { update: updateContactSync, finish: finishContactSync }
    return walkClientLeads(this.db, clientId, record, async (lead) => {
      // Never beside a lead sync of the same lead: both could post one pending event.
      const outcome = await withLeadLease(
        this.db,
        leadSyncKey({ clientId, leadId: lead.leadId }),
        (signal) => this.leadSync.syncFromStore(client, lead, signal),
        { waitMs: LEAD_WAIT_MS },
      )
      return outcome.ran ? null : `Lead ${lead.leadId} is being synced already; try again shortly`
    })
  }
}
