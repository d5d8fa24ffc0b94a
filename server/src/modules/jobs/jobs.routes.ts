import { JOB_STATES, type JobView, type RetryJobResult } from '@common/jobs.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import type { JobsService } from './jobs.service.ts'

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
export function registerJobRoutes(app: FastifyInstance, jobs: JobsService): void {
  app.get('/api/jobs', { config: { access: 'canViewLogs' } }, async (request): Promise<JobView[]> => {
    const query = parseInput(listQuery, request.query)
    return jobs.list(requireSession(request), query)
  })

  app.post(
    '/api/jobs/:id/retry',
    { config: { access: 'canManageWebhooks' } },
    async (request): Promise<RetryJobResult> => {
      const { id } = parseInput(idParams, request.params)
      return jobs.retry(requireSession(request), id)
    },
  )
}
