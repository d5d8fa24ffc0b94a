import type { DB } from '../db/database.ts'
import { NotFoundError } from '../lib/errors.ts'
import type { LeadWalkRow } from '../repositories/lead-walk-rows.ts'
import type { LeadRow } from '../repositories/leads.repository.ts'
import { type LeadWalkRecord, walkClientLeads } from './client-lead-walk.ts'
import type { JobDeps } from './jobs/job-definition.ts'

/**
 * A run's progress row (repositories/lead-walk-rows.ts over its table): one per client, claimed
 * by one statement, so two clicks or two processes never both start one; a running row whose
 * progress stopped for long is taken for abandoned and may be claimed again.
 */
export interface ClientRunRows extends LeadWalkRecord {
  claim(db: DB, clientId: string): Promise<LeadWalkRow | null>
  find(db: DB, clientId: string): Promise<LeadWalkRow | null>
}

/**
 * One kind of client run: work over every stored lead of one client, started by a person's click
 * (or a connection) and carried out by a job, its progress on a row the screen polls. The contact
 * sync (contact-sync.ts) and the opportunity backfill (pipeline/opportunity-backfill.ts) are
 * the two; each is this declaration, and `startClientRun` / `runClientRun` do the rest the same way.
 */
export interface ClientRun<Ready> {
  rows: ClientRunRows
  /** Throws the error a click answers with when this client cannot start the run now. */
  checkStart(db: DB, clientId: string): Promise<void>
  /**
   * Readies a queued run when its job starts: what every lead's step needs, `{ refused }` with
   * the reason the run's status shows (it fails), or null when the client is gone.
   */
  prepare(deps: JobDeps, clientId: string): Promise<{ ready: Ready } | { refused: string } | null>
  /** One lead: null when done, else why it was not (a throw is a failure too; the run goes on). */
  step(ready: Ready, lead: LeadRow): Promise<string | null>
}

/**
 * Claims the client's run and queues its job, or answers the run already going: a second click
 * never starts a second run. A job that could not be queued leaves the run failed, with why.
 */
export async function startClientRun<Ready>(
  db: DB,
  run: ClientRun<Ready>,
  clientId: string,
  queueRun: () => Promise<unknown>,
): Promise<{ started: boolean; sync: LeadWalkRow }> {
  await run.checkStart(db, clientId)
  const claimed = await run.rows.claim(db, clientId)
  if (!claimed) {
    const running = await run.rows.find(db, clientId)
    if (running) return { started: false, sync: running }
    throw new NotFoundError(`Client ${clientId} not found`)
  }
  try {
    await queueRun()
  } catch (error) {
    await run.rows.finish(db, clientId, { status: 'failed', error: (error as Error).message })
    throw error
  }
  return { started: true, sync: claimed }
}

/**
 * The job's part: readies the run, then walks every stored lead of the client through its step
 * (client-lead-walk.ts: progress as it goes, GHL's spent daily cap stops the walk for the job to
 * run again after the reset).
 */
export async function runClientRun<Ready>(
  deps: JobDeps,
  run: ClientRun<Ready>,
  clientId: string,
): Promise<{ success: number; errors: number }> {
  const prepared = await run.prepare(deps, clientId)
  if (!prepared) return { success: 0, errors: 0 }
  if ('refused' in prepared) {
    await run.rows.finish(deps.db, clientId, { status: 'failed', error: prepared.refused })
    return { success: 0, errors: 0 }
  }
  return walkClientLeads(deps.db, clientId, run.rows, (lead) => run.step(prepared.ready, lead))
}
