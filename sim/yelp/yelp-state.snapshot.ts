import { eventJson, leadJson } from './yelp-lead.mapper.ts'
import type { YelpSimContext } from './yelp-sim.context.ts'
import type { StoredLead } from './yelp-state.store.ts'
import { yelpTime } from './yelp-time.ts'

/** A lead as the control API shows it: the API view plus what only the simulator knows. */
export function leadView(ctx: YelpSimContext, lead: StoredLead) {
  return {
    lead: leadJson(lead, ctx.server.clock.now(), ctx.options.proxyEmail),
    events: lead.events.map((e) => ({ ...eventJson(e), isWrittenViaApi: e.isWrittenViaApi })),
    isArchived: lead.isArchived,
    readUpToEventId: lead.readUpToEventId,
    readAt: lead.readAt,
    repliedVia: lead.repliedVia,
  }
}

/** `GET /__sim/state` and `GET /__sim/yelp/state`: everything, for assertions and debugging. */
export function yelpStateSnapshot(ctx: YelpSimContext) {
  const now = ctx.server.clock.now()
  return {
    settings: { ...ctx.settings },
    webhook: { ...ctx.webhooks.config },
    users: [...ctx.store.users.values()],
    businesses: [...ctx.store.businesses.values()].map((b) => ({
      ...b,
      isWebhookSubscribed: ctx.store.isSubscribed(b.id, 'WEBHOOK', now),
    })),
    subscriptions: ctx.store.allSubscriptions().map((s) => ({
      businessId: s.businessId,
      type: s.type,
      activeFrom: yelpTime(s.activeFromMs),
      removeAt: s.removeAtMs === null ? null : yelpTime(s.removeAtMs),
      isActive: ctx.store.isSubscribed(s.businessId, s.type, now),
    })),
    leads: [...ctx.store.leads.values()].map((lead) => leadView(ctx, lead)),
    grants: ctx.tokens.snapshot(),
    webhookDeliveries: ctx.webhooks.list(),
  }
}
