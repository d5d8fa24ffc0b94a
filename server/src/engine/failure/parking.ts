import { takeParkedJobs } from '../../repositories/parked-jobs.repository.ts'
import type { JobDeps } from '../jobs/job-definition.ts'
import { jobOfQueue } from '../jobs/job-registry.ts'
import { type RetryState, withPause } from './failure-policy.ts'

type ParkingDeps = Pick<JobDeps, 'db' | 'jobs' | 'clock' | 'log'>

/**
 * Re-queues the jobs parked while a client's connection needed re-authorization, each through
 * its own declaration (its singleton key and priority); the time they waited is not charged to
 * their retry horizon.
 */
export async function unpark(deps: ParkingDeps, clientId: string, provider: 'yelp' | 'ghl'): Promise<number> {
  const parked = await takeParkedJobs(deps.db, clientId, provider)
  const now = deps.clock().getTime()
  for (const row of parked) {
    const job = jobOfQueue(row.queue)
    if (!job) {
      deps.log.warn({ queue: row.queue, clientId }, 'a parked job of an unknown queue was dropped')
      continue
    }
    const data = row.data as object & { retry?: RetryState }
    const retry = withPause(data.retry, now - row.createdAt.getTime())
    await deps.jobs.enqueue(job, retry ? { ...data, retry } : data)
  }
  return parked.length
}
