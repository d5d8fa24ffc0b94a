import { sendValidationError, subscriptionsBody, subscriptionTypeQuery } from './yelp-api.schemas.ts'
import { requireApiKey, stringField } from './yelp-auth.guard.ts'
import { sendYelpError } from './yelp-errors.ts'
import type { YelpSimContext } from './yelp-sim.context.ts'
import { yelpTime } from './yelp-time.ts'

/**
 * docs/providers/yelp.md §3 Business Subscriptions API, authorised by the Places API key. Add and delete are
 * asynchronous: 202 starts a job that takes effect after `subscriptionDelayMs` of sim time.
 */
export function registerYelpSubscriptionRoutes(ctx: YelpSimContext): void {
  const { app } = ctx.server
  const path = '/v3/businesses/subscriptions'

  const parseChange = (body: unknown) => {
    const parsed = subscriptionsBody.safeParse(body)
    if (!parsed.success) return { ok: false as const, error: parsed.error }
    const unknown = parsed.data.business_ids.filter((id) => !ctx.store.businesses.has(id))
    return { ok: true as const, data: parsed.data, unknown }
  }

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: path,
      handler: async (request, reply) => {
        if (!requireApiKey(ctx, request, reply)) return reply
        const change = parseChange(request.body)
        if (!change.ok) return sendValidationError(reply, change.error)
        // Not documented: the simulator rejects unknown business ids up front rather than failing
        // silently inside the async job, so a typo in a test shows at once.
        if (change.unknown.length > 0) {
          return sendYelpError(
            reply,
            400,
            'VALIDATION_ERROR',
            `Unknown business ids: ${change.unknown.join(', ')}`,
            'business_ids',
          )
        }
        const refused = change.data.business_ids.filter(
          (id) => ctx.store.businesses.get(id)?.refusesSubscription,
        )
        if (method === 'POST' && refused.length > 0) {
          // Control switch `refusesSubscription` (yelp-state.store.ts): a business Yelp will not subscribe.
          return sendYelpError(
            reply,
            403,
            'AUTHORIZATION_ERROR',
            `Not authorized to subscribe business ${refused.join(', ')}`,
          )
        }
        const now = ctx.server.clock.now()
        const { business_ids: ids, subscription_types: types } = change.data
        if (method === 'POST') ctx.store.subscribe(ids, types, now, ctx.settings.subscriptionDelayMs)
        else ctx.store.unsubscribe(ids, types, now, ctx.settings.subscriptionDelayMs)
        // docs/providers/yelp.md §3: "202 (empty/ignorable body)".
        return reply.code(202).send({})
      },
    })
  }

  // The GET shape is not documented (low): the simulator lists only subscriptions whose job has
  // completed, `{"subscriptions":[{business_id, subscription_type, created_at}], "total"}`, with
  // `limit` (1–1000, default 100) and `offset`.
  app.get(path, async (request, reply) => {
    if (!requireApiKey(ctx, request, reply)) return reply
    const type = subscriptionTypeQuery.safeParse(stringField(request.query, 'subscription_type'))
    if (!type.success) {
      return sendYelpError(
        reply,
        400,
        'VALIDATION_ERROR',
        'subscription_type must be WEBHOOK, LISTING_MANAGEMENT or YELP_KNOWLEDGE',
        'subscription_type',
      )
    }
    const limit = numberParam(stringField(request.query, 'limit'), 100)
    const offset = numberParam(stringField(request.query, 'offset'), 0)
    if (limit === null || limit < 1 || limit > 1000) {
      return sendYelpError(reply, 400, 'VALIDATION_ERROR', 'limit must be between 1 and 1000', 'limit')
    }
    if (offset === null)
      return sendYelpError(reply, 400, 'VALIDATION_ERROR', 'offset must be a number', 'offset')
    const active = ctx.store.activeSubscriptions(type.data, ctx.server.clock.now())
    return {
      subscriptions: active.slice(offset, offset + limit).map((s) => ({
        business_id: s.businessId,
        subscription_type: s.type,
        created_at: yelpTime(s.activeFromMs),
      })),
      total: active.length,
    }
  })
}

function numberParam(text: string | undefined, fallback: number): number | null {
  if (text === undefined) return fallback
  return /^\d+$/.test(text) ? Number(text) : null
}
