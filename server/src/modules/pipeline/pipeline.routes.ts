import {
  type GhlPipelineView,
  type OpportunitySyncStatus,
  type PipelineAnswer,
  type PipelineSettings,
  pipelineSettingsSchema,
} from '@common/pipeline.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import { clientParams } from '../clients/clients.routes.ts'
import type { PipelineService } from './pipeline.service.ts'

/** The GHL pipeline step (docs/spec/product.md §9.4): pipelines, the mapping, the backfill. */
export function registerPipelineRoutes(app: FastifyInstance, pipeline: PipelineService): void {
  const manage = { config: { access: 'canManageClientIntegrations' as const } }

  app.get('/api/clients/:clientId/ghl/pipelines', manage, async (request): Promise<GhlPipelineView[]> => {
    const { clientId } = parseInput(clientParams, request.params)
    return pipeline.pipelines(requireSession(request), clientId)
  })

  app.get('/api/clients/:clientId/pipeline', manage, async (request): Promise<PipelineAnswer> => {
    const { clientId } = parseInput(clientParams, request.params)
    return pipeline.get(requireSession(request), clientId)
  })

  app.put(
    '/api/clients/:clientId/pipeline',
    { config: { ...manage.config, body: pipelineSettingsSchema } },
    async (request): Promise<PipelineSettings> => {
      const { clientId } = parseInput(clientParams, request.params)
      return pipeline.save(
        requireSession(request),
        clientId,
        parseInput(pipelineSettingsSchema, request.body),
      )
    },
  )

  // A job, like the contact sync: 202 with its progress at once.
  app.post(
    '/api/clients/:clientId/ghl/sync-opportunities',
    manage,
    async (request, reply): Promise<OpportunitySyncStatus> => {
      const { clientId } = parseInput(clientParams, request.params)
      const status = await pipeline.startBackfill(requireSession(request), clientId)
      reply.code(202)
      return status
    },
  )

  app.get(
    '/api/clients/:clientId/ghl/opportunity-sync-status',
    { config: { access: 'canViewClients' } },
    async (request): Promise<OpportunitySyncStatus> => {
      const { clientId } = parseInput(clientParams, request.params)
      return pipeline.backfillStatus(requireSession(request), clientId)
    },
  )
}
