import { logIndexJob } from '../../engine/jobs/log-index.job.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'

// A run is queued once commits pause this long: a burst of webhooks is answered first and
// indexed after, instead of sharing the database with its own indexing.
const QUIET_MS = 250
// Under a burst that never pauses, a run still comes this often, so the unindexed tail the
// logs screens scan stays short.
const MAX_WAIT_MS = 5_000

/**
 * Queues a log-index run after webhook log rows were committed: once the commits pause (or at
 * the latest MAX_WAIT_MS after the first of them), one enqueue per burst, after the answers,
 * never inside one. A lost wake-up (the process ends first, the enqueue fails) costs nothing
 * but time: the job's minute sweep indexes what is left, and the logs screens read the
 * unindexed rows meanwhile.
 */
export class LogIndexWake {
  private timer: NodeJS.Timeout | undefined
  private firstPokeAt: number | undefined

  constructor(private readonly jobs: JobQueue) {}

  poke(): void {
    const now = Date.now()
    this.firstPokeAt ??= now
    clearTimeout(this.timer)
    const delay = Math.max(0, Math.min(QUIET_MS, this.firstPokeAt + MAX_WAIT_MS - now))
    this.timer = setTimeout(() => this.fire(), delay)
    this.timer.unref()
  }

  private fire(): void {
    this.timer = undefined
    this.firstPokeAt = undefined
    this.jobs.enqueue(logIndexJob, {}).catch(() => {})
  }
}
