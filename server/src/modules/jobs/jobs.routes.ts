import { JOB_STATES, type JobView, type RetryJobResult } from '@common/jobs.ts'
import type { FastifyInstance } from 'fastify'
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import type { DB } from '../../db/database.ts'
import { requireSession } from '../../http/guard.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { parseInput } from '../../lib/validation.ts'
import { recordAudit } from '../audit/audit.repository.ts'
import { assertClientVisible, visibleClientIds } from '../clients/client-scope.ts'
import { actorOf } from '../users/users.service.ts'
import { findJob, listJobs } from './jobs.repository.ts'

const listQuery = z.object({
  state: z.enum(JOB_STATES, `state must be one of ${JOB_STATES.join(', ')}`).optional(),
  limit: z.coerce
    .number('limit must be a number')
    .int()
    .min(1, 'limit must be 1 to 500')
    .max(500, 'limit must be 1 to 500')
    .default(100),
})
const idParams = z.object({ id: z.uuid('id must be a job id') })

/** Jobs of the engine: dead ones show their error, and an operator can retry them. */
export function registerJobRoutes(
  app: FastifyInstance,
  db: DB,
  boss: PgBoss,
  wake: (queue: string) => void,
): void {
  app.get('/api/jobs', { config: { access: 'canViewLogs' } }, async (request): Promise<JobView[]> => {
    const { state, limit } = parseInput(listQuery, request.query)
    return listJobs(db, { state, limit, clientIds: await visibleClientIds(db, requireSession(request)) })
  })

  app.post(
    '/api/jobs/:id/retry',
    { config: { access: 'canManageWebhooks' } },
    async (request): Promise<RetryJobResult> => {
      const { id } = parseInput(idParams, request.params)
      const session = requireSession(request)
      const job = await findJob(db, id)
      if (!job) throw new NotFoundError(`Job ${id} not found`)
      if (job.clientId) await assertClientVisible(db, session, job.clientId)
      if (job.state !== 'failed')
        throw new ConflictError(`Job ${id} is ${job.state}; only failed jobs can be retried`)
      await boss.retry(job.queue, id)
      wake(job.queue)
      await recordAudit(db, actorOf(session), {
        action: 'job.retry',
        entityType: 'job',
        entityId: id,
        after: { queue: job.queue },
      })
      return { ok: true, id, state: 'retry' }
    },
  )
}
