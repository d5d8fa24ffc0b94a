import { CONTROL_PREFIX } from '../core/sim-server.ts'
import {
  type BusinessInput,
  type BusinessPatch,
  flushInput,
  issueTokenInput,
  type LeadInput,
  type MessageInput,
  phoneOptInInput,
  revokeBusinessInput,
  sampleInput,
  settingsInput,
  type UserInput,
  webhookConfigInput,
} from './yelp-control.schemas.ts'
import { ControlError } from './yelp-errors.ts'
import { eventJson } from './yelp-lead.mapper.ts'
import { seedYelpSample } from './yelp-sample.fixture.ts'
import type { YelpSimContext } from './yelp-sim.context.ts'
import { leadView, yelpStateSnapshot } from './yelp-state.snapshot.ts'

export const YELP_CONTROL_PREFIX = `${CONTROL_PREFIX}/yelp`

/**
 * The Yelp simulator's control API (no real Yelp path starts with /__sim). Bodies are validated
 * by yelp-control.schemas.ts; failures answer `{"error": "<field>: <problem>"}` with 400 (404 for
 * unknown ids, 409 for duplicate ids) through the error handler in yelp-errors.ts.
 */
export function registerYelpControlRoutes(ctx: YelpSimContext): void {
  const { app } = ctx.server
  const p = YELP_CONTROL_PREFIX
  type LeadParams = { Params: { leadId: string } }

  app.get(`${p}/state`, async () => yelpStateSnapshot(ctx))

  app.post<{ Body: UserInput }>(`${p}/users`, async (request, reply) =>
    reply.code(201).send(ctx.leads.addUser(request.body)),
  )
  app.post<{ Params: { userId: string } }>(`${p}/users/:userId/revoke-business`, async (request) => {
    const { businessId } = revokeBusinessInput.parse(request.body)
    return ctx.leads.revokeBusinessAccess(request.params.userId, businessId)
  })

  app.post<{ Body: BusinessInput }>(`${p}/businesses`, async (request, reply) =>
    reply.code(201).send(ctx.leads.addBusiness(request.body)),
  )
  app.patch<{ Params: { businessId: string }; Body: BusinessPatch }>(
    `${p}/businesses/:businessId`,
    async (request) => ctx.leads.updateBusiness(request.params.businessId, request.body),
  )

  app.post<{ Params: { businessId: string } }>(
    `${p}/businesses/:businessId/lapse-subscription`,
    async (request) => ctx.leads.lapseSubscription(request.params.businessId),
  )

  app.post<{ Body: LeadInput }>(`${p}/leads`, async (request, reply) =>
    reply.code(201).send(leadView(ctx, ctx.leads.addLead(request.body))),
  )
  app.get<LeadParams>(`${p}/leads/:leadId`, async (request) =>
    leadView(ctx, ctx.leads.lead(request.params.leadId)),
  )
  app.post<LeadParams & { Body: MessageInput }>(`${p}/leads/:leadId/messages`, async (request, reply) => {
    const events = ctx.leads.addMessage(request.params.leadId, request.body)
    return reply.code(201).send({ events: events.map(eventJson) })
  })
  app.post<LeadParams>(`${p}/leads/:leadId/archive`, async (request) =>
    leadView(ctx, ctx.leads.archiveLead(request.params.leadId)),
  )
  app.post<LeadParams>(`${p}/leads/:leadId/phone-opt-in`, async (request) => {
    const { phoneNumber } = phoneOptInInput.parse(request.body)
    return leadView(ctx, ctx.leads.setPhoneOptIn(request.params.leadId, phoneNumber))
  })
  app.post<LeadParams>(`${p}/leads/:leadId/phone-opt-out`, async (request) =>
    leadView(ctx, ctx.leads.setPhoneOptIn(request.params.leadId, null)),
  )

  // Tokens for a user without the browser dance (engine tests that are not about OAuth).
  app.post(`${p}/tokens`, async (request, reply) => {
    const { userId } = issueTokenInput.parse(request.body)
    if (!ctx.store.users.has(userId)) throw new ControlError(404, `No user ${userId}`)
    return reply.code(201).send(ctx.tokens.grant(ctx.options.clientId, userId))
  })

  app.put(`${p}/settings`, async (request) => {
    const input = settingsInput.parse(request.body)
    if (input.authorizeAsUserId && !ctx.store.users.has(input.authorizeAsUserId)) {
      throw new ControlError(400, `authorizeAsUserId: no user ${input.authorizeAsUserId}`)
    }
    Object.assign(ctx.settings, withoutUndefined(input))
    return { ...ctx.settings }
  })

  app.put(`${p}/webhook`, async (request) => {
    Object.assign(ctx.webhooks.config, withoutUndefined(webhookConfigInput.parse(request.body)))
    return { ...ctx.webhooks.config }
  })
  app.get(`${p}/webhooks`, async () => ctx.webhooks.list())
  app.post(`${p}/webhooks/flush`, async (request) => {
    const { order } = flushInput.parse(request.body ?? {})
    return { released: ctx.webhooks.flush(order) }
  })
  app.post(`${p}/webhook/verify`, async () => {
    if (!ctx.webhooks.config.url) throw new ControlError(400, 'url: no webhook URL configured')
    return ctx.webhooks.verify()
  })

  app.post(`${p}/sample`, async (request, reply) => {
    const options = sampleInput.parse(request.body ?? {})
    return reply.code(201).send(seedYelpSample(ctx.leads, options))
  })
}

function withoutUndefined<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>
}
