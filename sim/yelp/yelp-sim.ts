import { SimServer } from '../core/sim-server.ts'
import { registerYelpBusinessRoutes } from './yelp-businesses.routes.ts'
import { registerYelpControlRoutes } from './yelp-control.routes.ts'
import type {
  BusinessInput,
  BusinessPatch,
  LeadInput,
  MessageInput,
  UserInput,
} from './yelp-control.schemas.ts'
import { installYelpErrorHandlers, yelpError } from './yelp-errors.ts'
import { registerYelpLeadsRoutes } from './yelp-leads.routes.ts'
import { YelpLeadsService } from './yelp-leads.service.ts'
import { registerYelpOAuthRoutes } from './yelp-oauth.routes.ts'
import { YelpRateLimiter } from './yelp-rate.limiter.ts'
import { seedYelpSample, type YelpSampleOptions } from './yelp-sample.fixture.ts'
import { settingsFrom, type YelpSimContext } from './yelp-sim.context.ts'
import { resolveYelpSimOptions, type WebhookConfig, type YelpSimOptions } from './yelp-sim.options.ts'
import { yelpStateSnapshot } from './yelp-state.snapshot.ts'
import { YelpStore } from './yelp-state.store.ts'
import { registerYelpSubscriptionRoutes } from './yelp-subscriptions.routes.ts'
import { YelpTokenService } from './yelp-token.service.ts'
import { YelpWebhookEmitter } from './yelp-webhook.emitter.ts'

/**
 * A Yelp simulator: one HTTP server answering for api.yelp.com, biz.yelp.com and
 * partner-api.yelp.com (docs/spec/product.md §5 `YELP_API_BASE`, `YELP_AUTH_BASE`, `YELP_PARTNER_BASE`
 * all point at it), with the control API under /__sim/yelp and the shared one under /__sim.
 */
export function createYelpSim(options: YelpSimOptions = {}) {
  const resolved = resolveYelpSimOptions(options)
  const server = new SimServer({
    name: resolved.name,
    defaultFaultBody: (status) => yelpError('SIMULATED_FAULT', `Injected ${status}`),
  })
  const store = new YelpStore()
  const settings = settingsFrom(resolved)
  const tokens = new YelpTokenService(server.clock, resolved)
  const webhooks = new YelpWebhookEmitter(server.clock, { ...resolved.webhook }, (businessId) =>
    store.isSubscribed(businessId, 'WEBHOOK', server.clock.now()),
  )
  const leads = new YelpLeadsService(store, server.clock, webhooks, resolved)
  const limiter = new YelpRateLimiter(() => settings.rateLimitPerSecond)
  const ctx: YelpSimContext = { server, options: resolved, settings, store, tokens, leads, webhooks, limiter }

  installYelpErrorHandlers(server.app)
  registerYelpOAuthRoutes(ctx)
  registerYelpBusinessRoutes(ctx)
  registerYelpLeadsRoutes(ctx)
  registerYelpSubscriptionRoutes(ctx)
  registerYelpControlRoutes(ctx)

  server.setStateProvider(() => yelpStateSnapshot(ctx))
  server.onReset(() => {
    store.clear()
    tokens.clear()
    limiter.clear()
    Object.assign(settings, settingsFrom(resolved))
    webhooks.reset({ ...resolved.webhook })
  })
  // Pending webhook timers must not outlive the server (tests stop it between files).
  server.app.addHook('onClose', async () => webhooks.reset({ ...webhooks.config }))

  const now = () => server.clock.now()
  return {
    server,
    /** The Fastify app, for tests that want `inject`. */
    app: server.app,
    clock: server.clock,
    faults: server.faults,
    requests: server.requests,
    options: resolved,
    settings,
    store,
    tokens,
    webhooks,
    async listen(port = 0, host = '127.0.0.1'): Promise<string> {
      return server.listen(port, host)
    },
    close: () => server.close(),
    reset: () => server.reset(),
    get url(): string {
      return server.url
    },
    /** The hub's environment lines (docs/spec/product.md §5) pointing at this simulator. */
    env(): Record<string, string> {
      return {
        YELP_API_BASE: server.url,
        YELP_AUTH_BASE: server.url,
        YELP_PARTNER_BASE: server.url,
        YELP_CLIENT_ID: resolved.clientId,
        YELP_CLIENT_SECRET: resolved.clientSecret,
        YELP_API_KEY: resolved.apiKeys[0] ?? '',
      }
    },
    now,
    addUser: (input: UserInput) => leads.addUser(input),
    addBusiness: (input: BusinessInput) => leads.addBusiness(input),
    updateBusiness: (businessId: string, patch: BusinessPatch) => leads.updateBusiness(businessId, patch),
    lapseSubscription: (businessId: string) => leads.lapseSubscription(businessId),
    revokeBusinessAccess: (userId: string, businessId: string) =>
      leads.revokeBusinessAccess(userId, businessId),
    addLead: (input: LeadInput) => leads.addLead(input),
    /** A consumer message (or, with `from: 'BIZ'`, a reply typed in Yelp's own inbox) → NEW_EVENT webhook. */
    addMessage: (leadId: string, input: MessageInput) => leads.addMessage(leadId, input),
    archiveLead: (leadId: string) => leads.archiveLead(leadId),
    phoneOptIn: (leadId: string, phoneNumber: string) => leads.setPhoneOptIn(leadId, phoneNumber),
    phoneOptOut: (leadId: string) => leads.setPhoneOptIn(leadId, null),
    /** Tokens for a user without the authorize/code exchange (same as `POST /__sim/yelp/tokens`). */
    issueTokens: (userId: string) => tokens.grant(resolved.clientId, userId),
    setWebhookUrl: (url: string | null) => {
      webhooks.config.url = url
    },
    configureWebhooks: (config: Partial<WebhookConfig>) => Object.assign(webhooks.config, config),
    setDenyAuthorization: (deny: boolean) => {
      settings.denyAuthorization = deny
    },
    seedSample: (sampleOptions?: YelpSampleOptions) => seedYelpSample(leads, sampleOptions),
    state: () => yelpStateSnapshot(ctx),
  }
}

export type YelpSim = ReturnType<typeof createYelpSim>
