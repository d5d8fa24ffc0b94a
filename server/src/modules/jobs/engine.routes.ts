import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { DB } from '../../db/database.ts'
import type { Engine } from '../../engine/engine.ts'
import { QUEUES } from '../../engine/queues.ts'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import { recordAudit } from '../audit/audit.repository.ts'
import { assertClientVisible } from '../clients/client-scope.ts'
import { clientParams } from '../clients/clients.routes.ts'
import { findLeadImport } from '../leads/lead-imports.repository.ts'
import { countLeadsOfClient } from '../leads/leads.repository.ts'
import { actorOf } from '../users/users.service.ts'

const importBody = z.object({
  clientId: z.string({ error: 'clientId is required' }).trim().min(1, 'clientId is required').max(64),
})

/** Historical import, its progress, and the contact sync of Integration Setup (spec §2.6, §7). */
export function registerEngineRoutes(app: FastifyInstance, db: DB, engine: Engine): void {
  const manage = { config: { access: 'canManageClientIntegrations' as const } }

  app.post('/api/import-historical-leads', manage, async (request) => {
    const { clientId } = parseInput(importBody, request.body)
    const session = requireSession(request)
    await assertClientVisible(db, session, clientId)
    const started = await engine.imports.start(clientId)
    engine.wake(QUEUES.leadImport)
    await recordAudit(db, actorOf(session), {
      action: 'client.import_started',
      entityType: 'client',
      entityId: clientId,
    })
    return started
  })

  app.get(
    '/api/clients/:clientId/import-status',
    { config: { access: 'canViewClients' } },
    async (request) => {
      const { clientId } = parseInput(clientParams, request.params)
      await assertClientVisible(db, requireSession(request), clientId)
      const progress = await findLeadImport(db, clientId)
      const storedLeads = await countLeadsOfClient(db, clientId)
      return {
        status: progress?.status ?? 'never',
        businessId: progress?.businessId ?? null,
        leadsFound: progress?.leadsFound ?? 0,
        leadsQueued: progress?.leadsQueued ?? 0,
        storedLeads,
        error: progress?.error ?? null,
        startedAt: progress?.startedAt.toISOString() ?? null,
        finishedAt: progress?.finishedAt?.toISOString() ?? null,
      }
    },
  )

  app.post('/api/clients/:clientId/ghl/sync-contacts', manage, async (request) => {
    const { clientId } = parseInput(clientParams, request.params)
    const session = requireSession(request)
    await assertClientVisible(db, session, clientId)
    const result = await engine.contactSync.run(clientId)
    await recordAudit(db, actorOf(session), {
      action: 'client.contacts_synced',
      entityType: 'client',
      entityId: clientId,
      after: { success: result.success, errors: result.errors },
    })
    return result
  })
}
