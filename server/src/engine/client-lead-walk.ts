import type { ContactSyncFailure } from '@common/contacts.ts'
import type { DB } from '../db/database.ts'
import { DailyCapReachedError } from '../integrations/http/provider-errors.ts'
import type { LeadWalkProgress } from '../repositories/lead-walk-rows.ts'
import { type LeadRow, listLeadsOfClient } from '../repositories/leads.repository.ts'

/** Progress is written after this many leads, or this long after the last write. */
const PROGRESS_EVERY_LEADS = 25
const PROGRESS_EVERY_MS = 1_000

/** Where a walk keeps its progress row (`contact_syncs`, `opportunity_syncs`). */
export interface LeadWalkRecord {
  update(db: DB, clientId: string, progress: LeadWalkProgress): Promise<void>
  finish(
    db: DB,
    clientId: string,
    outcome: { status: 'completed' | 'failed'; error?: string } & LeadWalkProgress,
  ): Promise<void>
}

/**
 * Goes through every stored lead of a client, one at a time, for the jobs that do (the contact
 * sync, the opportunity backfill), writing progress to `record` as it goes. `runOne` answers null
 * for a lead done, or why it was not; a lead that throws is a failure too, and the walk goes on.
 * GHL's spent daily cap stops the walk and is thrown (every later lead would meet the same 429):
 * the job waits for the reset and walks again, and a failure of the database marks the walk
 * failed and is thrown for pg-boss to retry.
 */
export async function walkClientLeads(
  db: DB,
  clientId: string,
  record: LeadWalkRecord,
  runOne: (lead: LeadRow) => Promise<string | null>,
): Promise<{ success: number; errors: number }> {
  const failures: ContactSyncFailure[] = []
  let success = 0
  let done = 0
  let written = Date.now()
  const progress = () => ({ leadsDone: done, success, errors: failures.length, failures })
  try {
    const leads = await listLeadsOfClient(db, clientId)
    await record.update(db, clientId, { leadsTotal: leads.length })
    for (const lead of leads) {
      try {
        const failure = await runOne(lead)
        if (failure === null) success += 1
        else failures.push({ leadId: lead.leadId, error: failure })
      } catch (error) {
        if (error instanceof DailyCapReachedError) throw error
        failures.push({ leadId: lead.leadId, error: (error as Error).message })
      }
      done += 1
      if (done % PROGRESS_EVERY_LEADS === 0 || Date.now() - written >= PROGRESS_EVERY_MS) {
        await record.update(db, clientId, progress())
        written = Date.now()
      }
    }
    await record.finish(db, clientId, { status: 'completed', ...progress() })
    return { success, errors: failures.length }
  } catch (error) {
    if (error instanceof DailyCapReachedError) {
      // Still under way, after the reset: not a failure to show.
      await record.update(db, clientId, progress()).catch(() => {})
      throw error
    }
    // The database, not a lead, failed: say so on the status; pg-boss retries the job.
    await record
      .finish(db, clientId, { status: 'failed', error: (error as Error).message, ...progress() })
      .catch(() => {})
    throw error
  }
}
