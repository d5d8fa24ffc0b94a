import {
  type LeadReadAnswer,
  type LeadRepliedAnswer,
  leadParamsSchema,
  leadReadBodySchema,
  leadRepliedBodySchema,
} from '@common/leads.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession as sessionOf } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import type { LeadDutiesService } from './lead-duties.service.ts'

/**
 * Beyond docs/spec/product.md §6.1 (docs/decisions/0012): the inbox tells the server a
 * person opened a lead (read receipts), and an operator marks a lead replied by phone or email.
 */
export function registerLeadDutyRoutes(app: FastifyInstance, duties: LeadDutiesService): void {
  app.post(
    '/api/leads/:leadId/read',
    { config: { access: 'canViewInbox', body: leadReadBodySchema } },
    async (request, reply): Promise<LeadReadAnswer> => {
      const { leadId } = parseInput(leadParamsSchema, request.params)
      const { eventId } = parseInput(leadReadBodySchema, request.body)
      const answer = await duties.markRead(sessionOf(request), leadId, eventId)
      reply.code(answer.outcome === 'queued' ? 202 : 200)
      return answer
    },
  )

  app.post(
    '/api/leads/:leadId/replied',
    { config: { access: 'canManageConversations', body: leadRepliedBodySchema } },
    async (request): Promise<LeadRepliedAnswer> => {
      const { leadId } = parseInput(leadParamsSchema, request.params)
      const { replyType } = parseInput(leadRepliedBodySchema, request.body)
      return duties.markReplied(sessionOf(request), leadId, replyType)
    },
  )
}
