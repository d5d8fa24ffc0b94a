import type { OkResponse } from '@common/api.ts'
import {
  type ClientView,
  createClientSchema,
  ghlApiKeySchema,
  type SaveGhlApiKeyResult,
  type SubscribeWebhookResult,
  subscribeWebhookSchema,
  type TokenRefreshResult,
  updateClientSchema,
} from '@common/clients.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession as sessionOf } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import { actorOf } from '../users/users.service.ts'
import type { ClientsService } from './clients.service.ts'

export const clientParams = z.object({
  clientId: z
    .string()
    .trim()
    .min(1, 'clientId is required')
    .max(64, 'clientId must be at most 64 characters'),
})

export function registerClientRoutes(app: FastifyInstance, clients: ClientsService): void {
  app.get(
    '/api/clients',
    { config: { access: 'canViewClients' } },
    async (request): Promise<ClientView[]> => clients.list(sessionOf(request)),
  )

  app.post<{ Reply: ClientView }>(
    '/api/clients',
    { config: { access: 'canCreateClients', body: createClientSchema } },
    async (request, reply) => {
      const input = parseInput(createClientSchema, request.body)
      return reply.code(201).send(await clients.create(input, actorOf(sessionOf(request))))
    },
  )

  app.get(
    '/api/clients/:clientId',
    { config: { access: 'canViewClients' } },
    async (request): Promise<ClientView> => {
      const { clientId } = parseInput(clientParams, request.params)
      return clients.get(sessionOf(request), clientId)
    },
  )

  app.put(
    '/api/clients/:clientId',
    { config: { access: 'canEditClients', body: updateClientSchema } },
    async (request): Promise<ClientView> => {
      const { clientId } = parseInput(clientParams, request.params)
      return clients.update(sessionOf(request), clientId, parseInput(updateClientSchema, request.body))
    },
  )

  app.delete(
    '/api/clients/:clientId',
    { config: { access: 'canDeleteClients' } },
    async (request): Promise<OkResponse> => {
      const { clientId } = parseInput(clientParams, request.params)
      await clients.remove(sessionOf(request), clientId)
      return { ok: true }
    },
  )

  app.post(
    '/api/subscribe-webhook',
    { config: { access: 'canManageClientIntegrations', body: subscribeWebhookSchema } },
    async (request): Promise<SubscribeWebhookResult> => {
      const { clientId, businessId } = parseInput(subscribeWebhookSchema, request.body)
      return clients.subscribeWebhook(sessionOf(request), clientId, businessId)
    },
  )

  app.post(
    '/api/clients/:clientId/ghl/api-key',
    { config: { access: 'canManageClientIntegrations', body: ghlApiKeySchema } },
    async (request): Promise<SaveGhlApiKeyResult> => {
      const { clientId } = parseInput(clientParams, request.params)
      return clients.saveGhlApiKey(sessionOf(request), clientId, parseInput(ghlApiKeySchema, request.body))
    },
  )

  // "New link" on the Overview tab: revokes the current onboarding link (docs/decisions/0016 §6).
  app.post(
    '/api/clients/:clientId/onboarding-link',
    { config: { access: 'canEditClients' } },
    async (request): Promise<ClientView> => {
      const { clientId } = parseInput(clientParams, request.params)
      return clients.issueOnboardingLink(sessionOf(request), clientId)
    },
  )

  app.post(
    '/api/clients/:clientId/refresh-tokens',
    { config: { access: 'canManageClientIntegrations' } },
    async (request): Promise<TokenRefreshResult> => {
      const { clientId } = parseInput(clientParams, request.params)
      return clients.refreshTokens(sessionOf(request), clientId)
    },
  )
}
