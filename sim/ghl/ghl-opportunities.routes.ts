import type { FastifyInstance } from 'fastify'
import { ownLocation } from './ghl-contacts.routes.ts'
import { badRequest } from './ghl-errors.ts'
import type { GhlOpportunitiesService } from './ghl-opportunities.service.ts'
import { type Caller, type GhlContext, ghlRoute, VERSION_CONTACTS } from './ghl-route.guard.ts'
import { OPPORTUNITY_STATUSES, type OpportunityStatus } from './ghl-store.ts'
import { type Dto, queryParam, requiredQuery, str, validateDto } from './ghl-validation.ts'

/** opportunities.json CreateDto (docs/providers/ghl.md §11). */
const CREATE_DTO: Dto = {
  pipelineId: { type: 'string', required: true },
  locationId: { type: 'string', required: true },
  name: { type: 'string', required: true },
  pipelineStageId: { type: 'string' },
  status: { type: 'enum', values: OPPORTUNITY_STATUSES, required: true },
  contactId: { type: 'string', required: true },
  monetaryValue: { type: 'number' },
  assignedTo: { type: 'string' },
  source: { type: 'string' },
  customFields: { type: 'array' },
}

/** opportunities.json UpdateOpportunityDto: every field optional, no locationId or contactId. */
const UPDATE_DTO: Dto = {
  pipelineId: { type: 'string' },
  name: { type: 'string' },
  pipelineStageId: { type: 'string' },
  status: { type: 'enum', values: OPPORTUNITY_STATUSES },
  monetaryValue: { type: 'number' },
  assignedTo: { type: 'string' },
  customFields: { type: 'array' },
}

const STATUS_DTO: Dto = {
  status: { type: 'enum', values: OPPORTUNITY_STATUSES, required: true },
  lostReasonId: { type: 'string' },
}

/** GHL's opportunities and pipelines (docs/providers/ghl.md §11): Version 2021-07-28, opportunities.* scopes. */
export function registerGhlOpportunityRoutes(
  app: FastifyInstance,
  ctx: GhlContext,
  service: GhlOpportunitiesService,
): void {
  const read = { version: VERSION_CONTACTS, scope: 'opportunities.readonly' } as const
  const write = { version: VERSION_CONTACTS, scope: 'opportunities.write' } as const

  app.get(
    '/opportunities/pipelines',
    ghlRoute(ctx, read, ({ caller, query }) => {
      const location = ownLocation(ctx, caller, requiredQuery(query, 'locationId'))
      return { status: 200, body: { pipelines: ctx.store.pipelinesOf(location.id) } }
    }),
  )

  app.get(
    '/opportunities/search',
    ghlRoute(ctx, read, ({ caller, query }) => {
      // docs/providers/ghl.md §11: this search alone takes snake_case parameters.
      const location = ownLocation(ctx, caller, requiredQuery(query, 'location_id'))
      const contactId = queryParam(query, 'contact_id')
      const pipelineId = queryParam(query, 'pipeline_id')
      const stageId = queryParam(query, 'pipeline_stage_id')
      const status = queryParam(query, 'status')
      const limit = Number(queryParam(query, 'limit') ?? 20)
      const found = ctx.store
        .opportunitiesOf(location.id)
        .filter(
          (o) =>
            (!contactId || o.contactId === contactId) &&
            (!pipelineId || o.pipelineId === pipelineId) &&
            (!stageId || o.pipelineStageId === stageId) &&
            (!status || status === 'all' || o.status === status),
        )
      return {
        status: 200,
        body: { opportunities: found.slice(0, limit), meta: { total: found.length, currentPage: 1 } },
      }
    }),
  )

  app.post(
    '/opportunities',
    ghlRoute(ctx, write, ({ caller, body }) => {
      const dto = validateDto(body, CREATE_DTO)
      const location = ownLocation(ctx, caller, String(dto.locationId))
      const opportunity = service.create({
        locationId: location.id,
        pipelineId: String(dto.pipelineId),
        pipelineStageId: str(dto, 'pipelineStageId'),
        contactId: String(dto.contactId),
        name: String(dto.name),
        status: dto.status as OpportunityStatus,
        monetaryValue: typeof dto.monetaryValue === 'number' ? dto.monetaryValue : undefined,
        source: str(dto, 'source'),
        assignedTo: str(dto, 'assignedTo'),
      })
      return { status: 201, body: { opportunity } }
    }),
  )

  app.get(
    '/opportunities/:id',
    ghlRoute(ctx, read, ({ caller, params }) => ({
      status: 200,
      body: { opportunity: ownOpportunity(ctx, caller, params.id) },
    })),
  )

  app.put(
    '/opportunities/:id',
    ghlRoute(ctx, write, ({ caller, params, body }) => {
      const dto = validateDto(body, UPDATE_DTO)
      const opportunity = ownOpportunity(ctx, caller, params.id)
      // The echo webhooks go out after the answer, as GHL sends them (docs/providers/ghl.md §11).
      void service.update(opportunity, {
        pipelineId: str(dto, 'pipelineId'),
        pipelineStageId: str(dto, 'pipelineStageId'),
        status: dto.status as OpportunityStatus | undefined,
        name: str(dto, 'name'),
        monetaryValue: typeof dto.monetaryValue === 'number' ? dto.monetaryValue : undefined,
        assignedTo: str(dto, 'assignedTo'),
      })
      return { status: 200, body: { opportunity } }
    }),
  )

  app.put(
    '/opportunities/:id/status',
    ghlRoute(ctx, write, ({ caller, params, body }) => {
      const dto = validateDto(body, STATUS_DTO)
      const opportunity = ownOpportunity(ctx, caller, params.id)
      void service.update(opportunity, { status: dto.status as OpportunityStatus })
      // "succeded" (sic), as the official response DTO spells it (docs/providers/ghl.md §11).
      return { status: 200, body: { succeded: true } }
    }),
  )
}

/** Like contacts, an unknown opportunity (or one of another sub-account) is a 400 (inferred). */
function ownOpportunity(ctx: GhlContext, caller: Caller, id: string | undefined) {
  const opportunity = id ? ctx.store.opportunities.get(id) : undefined
  if (!opportunity || opportunity.locationId !== caller.locationId) throw badRequest('Opportunity not found')
  return opportunity
}
