import {
  type CreateCustomFieldsResult,
  type CreateFieldsResult,
  type CustomFieldRecord,
  createFieldsSchema,
  type DeleteCustomFieldsResult,
  type GhlStatus,
  type LeadAnalysis,
  leadAnalysisSchema,
  type SurveyQuestions,
} from '@common/custom-fields.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import { clientParams } from '../clients/clients.routes.ts'
import type { CustomFieldsService } from './custom-fields.service.ts'

const listQuery = z.object({ clientId: z.string().trim().min(1, 'clientId is required').max(64) })

export function registerCustomFieldRoutes(app: FastifyInstance, fields: CustomFieldsService): void {
  const manage = { config: { access: 'canManageClientIntegrations' as const } }
  const view = { config: { access: 'canViewClients' as const } }

  app.post('/api/clients/:clientId/ghl/analyze-leads', manage, async (request): Promise<LeadAnalysis> => {
    const { clientId } = parseInput(clientParams, request.params)
    return fields.analyze(requireSession(request), clientId)
  })

  app.post(
    '/api/clients/:clientId/ghl/create-custom-fields',
    { config: { ...manage.config, body: leadAnalysisSchema } },
    async (request): Promise<CreateCustomFieldsResult> => {
      const { clientId } = parseInput(clientParams, request.params)
      return fields.createFromAnalysis(
        requireSession(request),
        clientId,
        parseInput(leadAnalysisSchema, request.body),
      )
    },
  )

  app.post(
    '/api/clients/:clientId/ghl/delete-custom-fields',
    manage,
    async (request): Promise<DeleteCustomFieldsResult> => {
      const { clientId } = parseInput(clientParams, request.params)
      return fields.deleteAll(requireSession(request), clientId)
    },
  )

  app.post(
    '/api/clients/:clientId/ghl/create-fields',
    { config: { ...manage.config, body: createFieldsSchema } },
    async (request): Promise<CreateFieldsResult> => {
      const { clientId } = parseInput(clientParams, request.params)
      const { surveyQuestions } = parseInput(createFieldsSchema, request.body)
      return fields.createFields(requireSession(request), clientId, surveyQuestions)
    },
  )

  app.get('/api/clients/:clientId/ghl/custom-fields', view, async (request): Promise<GhlStatus> => {
    const { clientId } = parseInput(clientParams, request.params)
    return fields.mappingStatus(requireSession(request), clientId)
  })

  app.get('/api/clients/:clientId/survey-questions', view, async (request): Promise<SurveyQuestions> => {
    const { clientId } = parseInput(clientParams, request.params)
    return fields.surveyQuestions(requireSession(request), clientId)
  })

  // The spec leaves the path form open: both /api/ghl/custom-fields/{clientId} and ?clientId=.
  app.get('/api/ghl/custom-fields/:clientId', view, async (request): Promise<CustomFieldRecord[]> => {
    const { clientId } = parseInput(clientParams, request.params)
    return fields.list(requireSession(request), clientId)
  })
  app.get('/api/ghl/custom-fields', view, async (request): Promise<CustomFieldRecord[]> => {
    const { clientId } = parseInput(listQuery, request.query)
    return fields.list(requireSession(request), clientId)
  })
}
