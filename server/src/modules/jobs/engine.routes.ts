import type { ContactSyncStatus } from '@common/contacts.ts'
import { type ImportStarted, type ImportStatus, importHistoricalLeadsSchema } from '@common/imports.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import { clientParams } from '../clients/clients.routes.ts'
import type { EngineService } from './engine.service.ts'

/** Historical import, its progress, and the contact sync of Integration Setup (docs/spec/dashboard-spec.md §2.6, §7). */
export function registerEngineRoutes(app: FastifyInstance, engine: EngineService): void {
  const manage = { config: { access: 'canManageClientIntegrations' as const } }

  app.post(
    '/api/import-historical-leads',
    { config: { ...manage.config, body: importHistoricalLeadsSchema } },
    async (request): Promise<ImportStarted> => {
      const { clientId } = parseInput(importHistoricalLeadsSchema, request.body)
      return engine.startImport(requireSession(request), clientId)
    },
  )

  app.get(
    '/api/clients/:clientId/import-status',
    { config: { access: 'canViewClients' } },
    async (request): Promise<ImportStatus> => {
      const { clientId } = parseInput(clientParams, request.params)
      return engine.importStatus(requireSession(request), clientId)
    },
  )

  // A job, like the import (docs/decisions/0018 §1): 202 with its status at once, whether this click
  // started it or found it running.
  app.post(
    '/api/clients/:clientId/ghl/sync-contacts',
    manage,
    async (request, reply): Promise<ContactSyncStatus> => {
      const { clientId } = parseInput(clientParams, request.params)
      const status = await engine.startContactSync(requireSession(request), clientId)
      reply.code(202)
      return status
    },
  )

  app.get(
    '/api/clients/:clientId/ghl/contact-sync-status',
    { config: { access: 'canViewClients' } },
    async (request): Promise<ContactSyncStatus> => {
      const { clientId } = parseInput(clientParams, request.params)
      return engine.contactSyncStatus(requireSession(request), clientId)
    },
  )
}
