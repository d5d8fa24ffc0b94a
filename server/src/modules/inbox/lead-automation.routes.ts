import { type AutomationStep, type Draft, sendDraftSchema } from '@common/lead-automation.ts'
import { leadParamsSchema } from '@common/leads.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession as sessionOf } from '../../http/guard.ts'
import { perUser, RATE_LIMITS } from '../../http/rate-limits.ts'
import { parseInput } from '../../lib/validation.ts'
import type { AiDraftsService } from './ai-drafts.service.ts'
import type { LeadAutomationService } from './lead-automation.service.ts'

const draftParams = leadParamsSchema.extend({
  draftId: z.string().trim().min(1, 'draftId is required').max(64, 'draftId must be at most 64 characters'),
})

/** A lead's automation history and its drafts (docs/spec/product.md §9.2, §9.6 AI drafts). */
export function registerLeadAutomationRoutes(
  app: FastifyInstance,
  automation: LeadAutomationService,
  aiDrafts: AiDraftsService,
): void {
  app.get(
    '/api/leads/:leadId/automation',
    { config: { access: 'canViewInbox' } },
    async (request): Promise<AutomationStep[]> => {
      const { leadId } = parseInput(leadParamsSchema, request.params)
      return automation.history(sessionOf(request), leadId)
    },
  )

  app.post<{ Reply: Draft }>(
    '/api/leads/:leadId/drafts/ai',
    {
      config: {
        access: 'canSendMessages',
        rateLimit: perUser(RATE_LIMITS.aiDraftsPerUser, 'AI drafts'),
      },
    },
    async (request, reply) => {
      const { leadId } = parseInput(leadParamsSchema, request.params)
      return reply.code(201).send(await aiDrafts.create(sessionOf(request), leadId))
    },
  )

  app.post<{ Reply: { messageId: number } }>(
    '/api/leads/:leadId/drafts/:draftId/send',
    { config: { access: 'canSendMessages', body: sendDraftSchema } },
    async (request, reply) => {
      const { leadId, draftId } = parseInput(draftParams, request.params)
      const { text } = parseInput(sendDraftSchema, request.body)
      return reply.code(202).send(await automation.send(sessionOf(request), leadId, draftId, text))
    },
  )

  app.delete(
    '/api/leads/:leadId/drafts/:draftId',
    { config: { access: 'canSendMessages' } },
    async (request, reply) => {
      const { leadId, draftId } = parseInput(draftParams, request.params)
      await automation.discard(sessionOf(request), leadId, draftId)
      return reply.code(204).send()
    },
  )
}
