import type { JobState, JobView, RetryJobResult } from '@common/jobs.ts'
import type { DB } from '../../db/database.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { recordAudit } from '../../repositories/audit.repository.ts'
import { findJob, listJobs, retryArchivedJob } from '../../repositories/jobs.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { assertClientVisible, visibleClientIds } from '../clients/client-scope.ts'
import { actorOf } from '../users/users.service.ts'

/** Jobs of the engine: dead ones show their error, and an operator can retry them. */
export class JobsService {
  constructor(
    private readonly db: DB,
    private readonly jobs: JobQueue,
  ) {}

  async list(session: AuthenticatedSession, query: { state?: JobState; limit: number }): Promise<JobView[]> {
    const clientIds = await visibleClientIds(this.db, session)
    return listJobs(this.db, { ...query, clientIds })
  }

  async retry(session: AuthenticatedSession, id: string): Promise<RetryJobResult> {
    const job = await findJob(this.db, id)
    if (!job) throw new NotFoundError(`Job ${id} not found`)
    if (job.clientId) await assertClientVisible(this.db, session, job.clientId)
    if (job.state !== 'failed')
      throw new ConflictError(`Job ${id} is ${job.state}; only failed jobs can be retried`)
    if (!job.archived) await this.jobs.retry(job.queue, id)
    else if (!(await retryArchivedJob(this.db, job.queue, id)))
      throw new ConflictError(`Job ${id} cannot be retried: an equal ${job.queue} job is already queued`)
    await recordAudit(this.db, actorOf(session), {
      action: 'job.retry',
      entityType: 'job',
      entityId: id,
      after: { queue: job.queue },
    })
    return { ok: true, id, state: 'retry' }
  }
}
