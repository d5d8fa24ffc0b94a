import { type Playbook, type PlaybookSummary, playbookSchema } from '@common/playbook.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import { clientParams } from '../clients/clients.routes.ts'
import type { PlaybookService } from './playbook.service.ts'

/**
 * `GET` / `PUT /api/clients/{clientId}/playbook` (docs/spec/product.md §9.2), and
 * `GET /api/playbooks/summary`: on or off per client, for everyone who sees the client list.
 */
export function registerPlaybookRoutes(app: FastifyInstance, playbooks: PlaybookService): void {
  const access = 'canManageClientIntegrations' as const

  app.get(
    '/api/playbooks/summary',
    { config: { access: 'canViewClients' } },
    async (request): Promise<PlaybookSummary[]> => playbooks.summaries(requireSession(request)),
  )

  app.get('/api/clients/:clientId/playbook', { config: { access } }, async (request): Promise<Playbook> => {
    const { clientId } = parseInput(clientParams, request.params)
    return playbooks.get(requireSession(request), clientId)
  })

  app.put(
    '/api/clients/:clientId/playbook',
    { config: { access, body: playbookSchema } },
    async (request): Promise<Playbook> => {
      const { clientId } = parseInput(clientParams, request.params)
      return playbooks.put(requireSession(request), clientId, parseInput(playbookSchema, request.body))
    },
  )
}
