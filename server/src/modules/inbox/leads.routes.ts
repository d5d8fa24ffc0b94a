import {
  type HubReply,
  type Lead,
  type LeadDetail,
  type LeadFacets,
  type LeadReplyAnswer,
  leadContactBodySchema,
  leadFacetsQuerySchema,
  leadParamsSchema,
  leadReplyBodySchema,
  leadStatusBodySchema,
  leadsQuerySchema,
} from '@common/leads.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession as sessionOf } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import type { LeadsService } from './leads.service.ts'

const replyParamsSchema = leadParamsSchema.extend({
  messageId: z.coerce
    .number({ error: 'must be a reply id' })
    .int('must be a reply id')
    .positive('must be a reply id'),
})

/** The Lead Inbox API (docs/spec/product.md §6.1). */
export function registerLeadRoutes(app: FastifyInstance, leads: LeadsService): void {
  app.get('/api/leads', { config: { access: 'canViewInbox' } }, async (request, reply): Promise<Lead[]> => {
    const page = await leads.list(sessionOf(request), parseInput(leadsQuerySchema, request.query))
    reply.header('x-total-count', String(page.total))
    if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor)
    return page.leads
  })

  app.get(
    '/api/leads/facets',
    { config: { access: 'canViewInbox' } },
    async (request): Promise<LeadFacets> => {
      const { clientId } = parseInput(leadFacetsQuerySchema, request.query)
      return leads.facets(sessionOf(request), clientId)
    },
  )

  app.get(
    '/api/leads/:leadId',
    { config: { access: 'canViewInbox' } },
    async (request): Promise<LeadDetail> => {
      const { leadId } = parseInput(leadParamsSchema, request.params)
      return leads.get(sessionOf(request), leadId)
    },
  )

  app.patch(
    '/api/leads/:leadId/status',
    { config: { access: 'canManageConversations', body: leadStatusBodySchema } },
    async (request): Promise<Lead> => {
      const { leadId } = parseInput(leadParamsSchema, request.params)
      const { status } = parseInput(leadStatusBodySchema, request.body)
      return leads.setStatus(sessionOf(request), leadId, status)
    },
  )

  app.patch(
    '/api/leads/:leadId/contact',
    { config: { access: 'canManageConversations', body: leadContactBodySchema } },
    async (request): Promise<Lead> => {
      const { leadId } = parseInput(leadParamsSchema, request.params)
      return leads.setContact(sessionOf(request), leadId, parseInput(leadContactBodySchema, request.body))
    },
  )

  app.post(
    '/api/leads/:leadId/reply',
    { config: { access: 'canSendMessages', body: leadReplyBodySchema } },
    async (request, reply): Promise<LeadReplyAnswer> => {
      const { leadId } = parseInput(leadParamsSchema, request.params)
      const { text } = parseInput(leadReplyBodySchema, request.body)
      reply.code(202)
      return leads.reply(sessionOf(request), leadId, text)
    },
  )

  app.post(
    '/api/leads/:leadId/replies/:messageId/retry',
    { config: { access: 'canSendMessages' } },
    async (request, reply): Promise<HubReply> => {
      const { leadId, messageId } = parseInput(replyParamsSchema, request.params)
      reply.code(202)
      return leads.retryReply(sessionOf(request), leadId, messageId)
    },
  )
}
