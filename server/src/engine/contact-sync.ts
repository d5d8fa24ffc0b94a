import type { DB } from '../db/database.ts'
import { NotFoundError, ValidationError } from '../lib/errors.ts'
import { findGhlConnection, type GhlConnection } from '../repositories/connections.repository.ts'
import {
  claimContactSync,
  findContactSync,
  finishContactSync,
  updateContactSync,
} from '../repositories/contact-syncs.repository.ts'
import type { ClientRun } from './client-run.ts'
import { isGhlConnected } from './ghl-contact/contact-link.ts'
import { leadSyncHandler } from './jobs/lead-sync.job.ts'
import type { LeadSyncHandler } from './lead-sync/lead-sync.handler.ts'
import { withLeadLease } from './queue/lead-lease.ts'
import { leadSyncKey } from './queue/queues.ts'

/** How long the contact sync waits for a running sync of a lead to finish. */
const LEAD_WAIT_MS = 30_000

/**
 * "Sync All Leads to GHL Contacts" (docs/spec/dashboard-spec.md §2.6): upserts every stored lead's
 * contact and forwards the lead's stored messages not forwarded yet. It goes through every lead of
 * the client, so it is a client run (client-run.ts, docs/decisions/0018 §1): a click answers at
 * once, the job (jobs/contact-sync.job.ts) writes its progress to `contact_syncs`, read like the
 * import's.
 */
export const contactSyncRun: ClientRun<{
  db: DB
  client: GhlConnection
  leadSync: LeadSyncHandler
}> = {
  rows: {
    claim: claimContactSync,
    find: findContactSync,
    update: updateContactSync,
    finish: finishContactSync,
  },
  async checkStart(db, clientId) {
    const client = await findGhlConnection(db, clientId)
    if (!client) throw new NotFoundError(`Client ${clientId} not found`)
    if (!isGhlConnected(client))
      throw new ValidationError('clientId: connect GoHighLevel before syncing contacts')
  },
  async prepare(deps, clientId) {
    const client = await findGhlConnection(deps.db, clientId)
    if (!client) return null
    if (!isGhlConnected(client)) return { refused: 'GoHighLevel is not connected for this client' }
    return { ready: { db: deps.db, client, leadSync: leadSyncHandler(deps) } }
  },
  async step({ db, client, leadSync }, lead) {
    // Never beside a lead sync of the same lead: both could post one pending event.
    const outcome = await withLeadLease(
      db,
      leadSyncKey({ clientId: client.clientId, leadId: lead.leadId }),
      (signal) => leadSync.syncFromStore(client, lead, signal),
      { waitMs: LEAD_WAIT_MS },
    )
    return outcome.ran ? null : `Lead ${lead.leadId} is being synced already; try again shortly`
  },
}
