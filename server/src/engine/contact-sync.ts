import type { ContactSyncFailure } from '@common/contacts.ts'
import type { DB } from '../db/database.ts'
import { DailyCapReachedError } from '../integrations/http/provider-errors.ts'
import { NotFoundError, ValidationError } from '../lib/errors.ts'
import { findClient } from '../repositories/clients.repository.ts'
import {
  type ContactSyncRow,
  claimContactSync,
  findContactSync,
  finishContactSync,
  updateContactSync,
} from '../repositories/contact-syncs.repository.ts'
import { listLeadsOfClient } from '../repositories/leads.repository.ts'
import { isGhlConnected, type LeadSyncHandler } from './lead-sync/lead-sync.handler.ts'
import { withLeadLease } from './queue/lead-lease.ts'
import { leadSyncKey } from './queue/queues.ts'

/** How long the contact sync waits for a running sync of a lead to finish. */
const LEAD_WAIT_MS = 30_000
/** Progress is written after this many leads, or this long after the last write. */
const PROGRESS_EVERY_LEADS = 25
const PROGRESS_EVERY_MS = 1_000

/**
 * "Sync All Leads to GHL Contacts" (docs/spec/dashboard-spec.md §2.6): upserts every stored lead's contact and
 * forwards the lead's stored messages not forwarded yet. It goes through every lead of the client,
 * so it is a job: `start` answers at once, `run` writes its progress to
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
    const client = await findClient(this.db, clientId)
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
    const client = await findClient(this.db, clientId)
    if (!client) return { success: 0, errors: 0 }
    if (!isGhlConnected(client)) {
      await finishContactSync(this.db, clientId, {
        status: 'failed',
        error: 'GoHighLevel is not connected for this client',
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
      await updateContactSync(this.db, clientId, { leadsTotal: leads.length })
      for (const lead of leads) {
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
          // Every later lead would meet the same 429: the job waits for GHL's reset instead
          // (engine.ts), and runs again from the first lead then (an unchanged contact is not rewritten).
          if (error instanceof DailyCapReachedError) throw error
          failures.push({ leadId: lead.leadId, error: (error as Error).message })
        }
        done += 1
        if (done % PROGRESS_EVERY_LEADS === 0 || Date.now() - written >= PROGRESS_EVERY_MS) {
          await updateContactSync(this.db, clientId, progress())
          written = Date.now()
        }
      }
      await finishContactSync(this.db, clientId, { status: 'completed', ...progress() })
      return { success, errors: failures.length }
    } catch (error) {
      if (error instanceof DailyCapReachedError) {
        // Still under way, after the reset: not a failure to show.
        await updateContactSync(this.db, clientId, progress()).catch(() => {})
        throw error
      }
      // The database, not a lead, failed: say so on the status; pg-boss retries the job.
      await finishContactSync(this.db, clientId, {
        status: 'failed',
        error: (error as Error).message,
        ...progress(),
      }).catch(() => {})
      throw error
    }
  }
}
