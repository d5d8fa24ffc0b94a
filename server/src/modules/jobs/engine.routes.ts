import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import { clientParams } from '../clients/clients.routes.ts'
import type { EngineService } from './engine.service.ts'

const importBody = z.object({
  clientId: z.string({ error: 'clientId is required' }).trim().min(1, 'clientId is required').max(64),
})

/** Historical import, its progress, and the contact sync of Integration Setup (spec §2.6, §7). */
export function registerEngineRoutes(app: FastifyInstance, engine: EngineService): void {
  const manage = { config: { access: 'canManageClientIntegrations' as const } }

  app.post(
    '/api/import-historical-leads',
    { config: { ...manage.config, body: importBody } },
    async (request) => {
      const { clientId } = parseInput(importBody, request.body)
      return engine.startImport(requireSession(request), clientId)
    },
  )

  app.get(
    '/api/clients/:clientId/import-status',
    { config: { access: 'canViewClients' } },
    async (request) => {
      const { clientId } = parseInput(clientParams, request.params)
      return engine.importStatus(requireSession(request), clientId)
    },
  )

  app.post('/api/clients/:clientId/ghl/sync-contacts', manage, async (request) => {
    const { clientId } = parseInput(clientParams, request.params)
    return engine.syncContacts(requireSession(request), clientId)
  })
}
