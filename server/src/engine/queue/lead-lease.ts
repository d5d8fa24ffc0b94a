import { randomUUID } from 'node:crypto'
import type { DB } from '../../db/database.ts'
import { acquireLease, releaseLease, renewLease } from '../../repositories/credential-leases.repository.ts'
import { JOB_EXPIRE_SECONDS, JOB_HEARTBEAT_MS } from './queues.ts'

export type LeaseOutcome<T> = { ran: true; result: T } | { ran: false }

/** The work's lease expired and another holder took it: it must stop before writing more. */
export class LeaseLostError extends Error {}

/**
 * Runs `work` as the only sync of one lead, across workers and processes: a lead sync and a
 * contact sync of the same lead at once could both post an event whose claim is still pending.
 * A lease row (renewed while the work runs, so a crashed holder's expires) rather than pg-boss's
 * `stately` policy, whose fetch fails for every worker while the oldest queued job's lead is
 * running — one slow lead held up all the others.
 */
export async function withLeadLease<T>(
  db: DB,
  leadKey: string,
  /** `signal` aborts when a renewal finds the lease lost: the work must stop writing. */
  work: (signal: AbortSignal) => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<LeaseOutcome<T>> {
  const key = `lead:${leadKey}`
  const holder = randomUUID()
  const ttlMs = JOB_EXPIRE_SECONDS * 1000
  const deadline = Date.now() + (options.waitMs ?? 0)
  while (!(await acquireLease(db, key, holder, ttlMs))) {
    if (Date.now() >= deadline) return { ran: false }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const lost = new AbortController()
  const renewal = setInterval(() => {
    renewLease(db, key, holder, ttlMs).then(
      (kept) => {
        // Expired and taken (this holder stalled past its lease): another sync of the lead may run.
        if (!kept) lost.abort(new LeaseLostError(`The lease on ${key} was lost; this sync stops`))
      },
      () => {},
    )
  }, JOB_HEARTBEAT_MS)
  renewal.unref()
  try {
    return { ran: true, result: await work(lost.signal) }
  } finally {
    clearInterval(renewal)
    await releaseLease(db, key, holder)
  }
}
