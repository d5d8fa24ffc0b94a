import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { GHL_CONTROL_PREFIX } from './ghl-control.routes.ts'
import {
  type GhlOpportunitiesService,
  type OpportunityMoveInput,
  opportunityMoveInput,
  pipelineInput,
} from './ghl-opportunities.service.ts'
import type { GhlContext } from './ghl-route.guard.ts'
import { ControlError, parseControl } from './ghl-seed.service.ts'
import type { GhlOpportunity } from './ghl-store.ts'

const appWebhookUrlInput = z.strictObject({ url: z.url().nullable() })

export interface OpportunityMoveResult {
  opportunity: GhlOpportunity
  /** The app webhooks the move sent, with the hub's answer to each first attempt. */
  webhooks: Array<{ event: string; status: number | null; body: string | null; error: string | null }>
}

/**
 * A GHL user on the opportunities board: moves an opportunity to a stage and/or marks it
 * won/lost; GHL sends OpportunityStageUpdate / OpportunityStatusUpdate to the app's webhook URL.
 */
export async function moveOpportunity(
  ctx: GhlContext,
  service: GhlOpportunitiesService,
  id: string,
  raw: OpportunityMoveInput,
): Promise<OpportunityMoveResult> {
  const input = parseControl(opportunityMoveInput, raw)
  const opportunity = ctx.store.opportunities.get(id)
  if (!opportunity) throw new ControlError(404, `opportunity ${id} not found`)
  if (!input.pipelineStageId && !input.status)
    throw new ControlError(400, 'body: give pipelineStageId or status')
  try {
    const deliveries = await service.update(opportunity, input)
    return {
      opportunity,
      webhooks: deliveries.map((d) => ({
        event: d.event,
        status: d.attempts[0]?.status ?? null,
        body: d.attempts[0]?.responseBody ?? null,
        error: d.attempts[0]?.error ?? null,
      })),
    }
  } catch (error) {
    throw new ControlError(400, `pipelineStageId: ${(error as Error).message}`)
  }
}

function control(status: number, handler: (request: FastifyRequest) => unknown) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return reply.code(status).send(await handler(request))
    } catch (error) {
      if (error instanceof ControlError) return reply.code(error.status).send({ error: error.message })
      throw error
    }
  }
}

function param(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string>)[name] ?? ''
}

/** Control routes of the opportunities board (docs/providers/ghl.md §11) under `/__sim/ghl`. */
export function registerGhlOpportunityControlRoutes(
  app: FastifyInstance,
  ctx: GhlContext,
  service: GhlOpportunitiesService,
): void {
  const p = GHL_CONTROL_PREFIX
  const location = (request: FastifyRequest) => {
    const id = param(request, 'id')
    if (!ctx.store.locations.has(id)) throw new ControlError(404, `location ${id} not found`)
    return id
  }
  app.post(
    `${p}/locations/:id/pipelines`,
    control(201, (request) =>
      service.addPipeline(location(request), parseControl(pipelineInput, request.body)),
    ),
  )
  app.get(
    `${p}/locations/:id/pipelines`,
    control(200, (request) => ctx.store.pipelinesOf(location(request))),
  )
  app.get(
    `${p}/locations/:id/opportunities`,
    control(200, (request) => ctx.store.opportunitiesOf(location(request))),
  )
  app.post(
    `${p}/opportunities/:id/move`,
    control(200, (request) =>
      moveOpportunity(ctx, service, param(request, 'id'), request.body as OpportunityMoveInput),
    ),
  )
  const setUrl = control(200, (request) => {
    ctx.config.appWebhookUrl = parseControl(appWebhookUrlInput, request.body).url
    return { appWebhookUrl: ctx.config.appWebhookUrl }
  })
  app.post(`${p}/app-webhook-url`, setUrl)
  app.put(`${p}/app-webhook-url`, setUrl)
  app.get(
    `${p}/app-webhook-url`,
    control(200, () => ({ appWebhookUrl: ctx.config.appWebhookUrl })),
  )
}
