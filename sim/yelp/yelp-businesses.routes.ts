import { requireUserToken, stringField } from './yelp-auth.guard.ts'
import { sendYelpError } from './yelp-errors.ts'
import type { YelpSimContext } from './yelp-sim.context.ts'
import type { StoredLead } from './yelp-state.store.ts'
import { parseZonedTime } from './yelp-time.ts'

/**
 * A business's lead ids (docs/providers/yelp.md §1) and the partner business discovery endpoint (docs/providers/yelp.md §4,
 * partner-api.yelp.com = `YELP_PARTNER_BASE`), both authorised by the user's access token.
 */
export function registerYelpBusinessRoutes(ctx: YelpSimContext): void {
  const { app } = ctx.server

  app.get('/token/v1/businesses', async (request, reply) => {
    const owner = requireUserToken(ctx, request, reply)
    if (!owner) return reply
    return { business_ids: ctx.store.businessIdsOfUser(owner.userId) }
  })

  // Time filters apply first, then `after_lead_id` pages inside the window (docs/providers/yelp.md §1). The order
  // is not documented: newest first, ties by id, stable while paging.
  app.get<{ Params: { business_id: string } }>(
    '/v3/businesses/:business_id/lead_ids',
    async (request, reply) => {
      const owner = requireUserToken(ctx, request, reply)
      if (!owner) return reply
      const businessId = request.params.business_id
      if (!ctx.store.canReadBusiness(owner.userId, businessId)) {
        return sendYelpError(reply, 404, 'BUSINESS_NOT_FOUND', `Business ${businessId} could not be found.`)
      }
      const q = request.query
      const limitText = stringField(q, 'limit')
      const limit = limitText === undefined ? 20 : /^\d+$/.test(limitText) ? Number(limitText) : Number.NaN
      if (!(limit >= 1 && limit <= 20)) {
        return sendYelpError(reply, 400, 'VALIDATION_ERROR', 'limit must be between 1 and 20', 'limit')
      }
      const bounds: Record<'created_after' | 'created_before', number | null> = {
        created_after: null,
        created_before: null,
      }
      for (const field of ['created_after', 'created_before'] as const) {
        const text = stringField(q, field)
        if (text === undefined) continue
        const ms = parseZonedTime(text)
        if (ms === null) {
          return sendYelpError(
            reply,
            400,
            'VALIDATION_ERROR',
            `${field} must be an ISO-8601 time with a time zone`,
            field,
          )
        }
        bounds[field] = ms
      }
      const window = ctx.store
        .leadsOfBusiness(businessId)
        .filter((lead) => inWindow(lead, bounds.created_after, bounds.created_before))
        .sort((a, b) => b.createdMs - a.createdMs || (a.id < b.id ? -1 : 1))
      let start = 0
      const afterLeadId = stringField(q, 'after_lead_id')
      if (afterLeadId !== undefined) {
        const index = window.findIndex((lead) => lead.id === afterLeadId)
        if (index < 0) {
          return sendYelpError(
            reply,
            400,
            'VALIDATION_ERROR',
            `Lead ${afterLeadId} is not in this window.`,
            'after_lead_id',
          )
        }
        start = index + 1
      }
      const page = window.slice(start, start + limit)
      return { lead_ids: page.map((lead) => lead.id), has_more: start + limit < window.length }
    },
  )
}

function inWindow(lead: StoredLead, after: number | null, before: number | null): boolean {
  // Both bounds are inclusive (docs/providers/yelp.md §1).
  return (after === null || lead.createdMs >= after) && (before === null || lead.createdMs <= before)
}
