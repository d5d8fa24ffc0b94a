import type { FastifyReply } from 'fastify'
import { markAsReadBody, markAsRepliedBody, sendValidationError, writeEventBody } from './yelp-api.schemas.ts'
import { requireUserToken, stringField } from './yelp-auth.guard.ts'
import { sendYelpError } from './yelp-errors.ts'
import { groupIndexOf, pageEvents } from './yelp-events.paging.ts'
import { eventJson, leadJson } from './yelp-lead.mapper.ts'
import type { YelpSimContext } from './yelp-sim.context.ts'
import type { StoredLead } from './yelp-state.store.ts'
import { HOUR_MS } from './yelp-time.ts'

type LeadParams = { Params: { lead_id: string } }

/** docs/providers/yelp.md §1 Leads endpoints, all authorised by the business user's OAuth access token. */
export function registerYelpLeadsRoutes(ctx: YelpSimContext): void {
  const { app } = ctx.server

  /** The lead if the token's user may read it; otherwise sends 404 (docs/providers/yelp.md §1: not 403). */
  const readableLead = (userId: string, leadId: string, reply: FastifyReply): StoredLead | null => {
    const lead = ctx.store.leads.get(leadId)
    if (!lead || !ctx.store.canReadBusiness(userId, lead.businessId)) {
      sendYelpError(reply, 404, 'NOT_FOUND', `Lead ${leadId} could not be found.`)
      return null
    }
    return lead
  }

  app.get<LeadParams>('/v3/leads/:lead_id', async (request, reply) => {
    const owner = requireUserToken(ctx, request, reply)
    const lead = owner && readableLead(owner.userId, request.params.lead_id, reply)
    if (!lead) return reply
    return leadJson(lead, ctx.server.clock.now(), ctx.options.proxyEmail)
  })

  app.get<LeadParams>('/v3/leads/:lead_id/events', async (request, reply) => {
    const owner = requireUserToken(ctx, request, reply)
    const lead = owner && readableLead(owner.userId, request.params.lead_id, reply)
    if (!lead) return reply
    // A reply written through the API may be listed late (the `listsApiWritesAfterMs` setting).
    const listed = lead.events.filter((e) => e.listedFromMs === undefined || e.listedFromMs <= Date.now())
    const page = pageEvents(listed, {
      limit: stringField(request.query, 'limit'),
      olderThanCursor: stringField(request.query, 'older_than_cursor'),
      newerThanCursor: stringField(request.query, 'newer_than_cursor'),
    })
    if (!page.ok) return sendYelpError(reply, 400, 'VALIDATION_ERROR', page.description, page.field)
    return { events: page.events.map(eventJson) }
  })

  app.post<LeadParams>('/v3/leads/:lead_id/events', async (request, reply) => {
    const owner = requireUserToken(ctx, request, reply)
    const lead = owner && readableLead(owner.userId, request.params.lead_id, reply)
    if (!owner || !lead) return reply
    const body = writeEventBody.safeParse(request.body)
    if (!body.success) return sendValidationError(reply, body.error)
    if (lead.isArchived) {
      // docs/providers/yelp.md §1: 403 with "archived" in the description (the NestJS adapter matches on it).
      return sendYelpError(
        reply,
        403,
        'NOT_AUTHORIZED',
        'The consumer has archived this lead; it cannot be replied to.',
      )
    }
    const lastBiz = lead.events.findLast((e) => e.userType === 'BIZ' && e.eventType === 'TEXT')
    const now = ctx.server.clock.now()
    // The text as Yelp stores it: with the `reformatsApiWrites` setting, its whitespace redone.
    const text = ctx.settings.reformatsApiWrites
      ? body.data.request_content.replace(/\s+/g, ' ').trim()
      : body.data.request_content
    if (lastBiz && lastBiz.text === text && now - lastBiz.timeMs < HOUR_MS) {
      // The same text to the same lead within an hour (docs/providers/yelp.md §1;
      // docs/providers/simulators.md pitfall 4). Status inferred (400).
      return sendYelpError(
        reply,
        400,
        'SAME_SUCCESSIVE_MESSAGE',
        'The same message was already sent to this lead within the last hour.',
        'request_content',
      )
    }
    const lateMs = ctx.settings.listsApiWritesAfterMs
    ctx.leads.writeBizText(lead, owner.userId, text, lateMs > 0 ? Date.now() + lateMs : undefined)
    return reply.code(201).send({})
  })

  // docs/providers/yelp.md §1: marks the event and all earlier ones read; re-marking is a no-op. Success code not
  // documented ("2xx"): 200 with `{}` like the other writes' bodies.
  app.post<LeadParams>('/v3/leads/:lead_id/events/mark_as_read', async (request, reply) => {
    const owner = requireUserToken(ctx, request, reply)
    const lead = owner && readableLead(owner.userId, request.params.lead_id, reply)
    if (!lead) return reply
    const body = markAsReadBody.safeParse(request.body)
    if (!body.success) return sendValidationError(reply, body.error)
    const index = groupIndexOf(lead.events, body.data.event_id)
    if (index < 0) {
      return sendYelpError(
        reply,
        400,
        'VALIDATION_ERROR',
        `Event ${body.data.event_id} is not on this lead.`,
        'event_id',
      )
    }
    const current = lead.readUpToEventId === null ? -1 : groupIndexOf(lead.events, lead.readUpToEventId)
    if (index > current) {
      lead.readUpToEventId = body.data.event_id
      lead.readAt = body.data.time_read ?? new Date(ctx.server.clock.now()).toISOString()
    }
    return reply.code(200).send({})
  })

  // docs/providers/yelp.md §1: for replies made outside Yelp; a second call is a documented 403 NOT_AUTHORIZED.
  app.post<LeadParams>('/v3/leads/:lead_id/mark_as_replied', async (request, reply) => {
    const owner = requireUserToken(ctx, request, reply)
    const lead = owner && readableLead(owner.userId, request.params.lead_id, reply)
    if (!lead) return reply
    const body = markAsRepliedBody.safeParse(request.body)
    if (!body.success) return sendValidationError(reply, body.error)
    if (lead.repliedVia !== null) {
      return sendYelpError(reply, 403, 'NOT_AUTHORIZED', 'This lead is already marked as replied.')
    }
    lead.repliedVia = body.data.reply_type
    return reply.code(200).send({})
  })

  app.get<LeadParams>('/v3/leads/:lead_id/metrics', async (request, reply) => {
    const owner = requireUserToken(ctx, request, reply)
    const lead = owner && readableLead(owner.userId, request.params.lead_id, reply)
    if (!lead) return reply
    return { metrics: { cost_per_lead: { value: lead.costPerLeadCents, currency_code: 'USD' } } }
  })
}
