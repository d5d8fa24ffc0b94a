import type PgBoss from 'pg-boss'

/** One pg-boss worker of this process; busy while it runs a job. */
export interface WorkerSlot {
  id: string
  busy: boolean
}

/**
 * This process's workers per queue, so an enqueue can wake an idle one at once instead of at
 * its next poll: one per new job, since every woken worker runs a fetch (at 20 webhooks a
 * second, waking all sixteen lead-sync workers for each was most of the hub's CPU on PGlite).
 */
export class IdleWorkers {
  private readonly slots = new Map<string, WorkerSlot[]>()

  constructor(private readonly boss: PgBoss) {}

  register(queue: string, slots: WorkerSlot[]): void {
    this.slots.set(queue, slots)
  }

  wake(queue: string, jobs = 1): void {
    let woken = 0
    for (const worker of this.slots.get(queue) ?? []) {
      if (woken >= jobs) break
      if (worker.busy) continue
      this.boss.notifyWorker(worker.id)
      woken += 1
    }
  }
}
