import type { FastifyError } from 'fastify'
import { CONTROL_PREFIX, SimServer } from '../core/sim-server.ts'
import { registerGhlContactRoutes } from './ghl-contacts.routes.ts'
import { serializeContact } from './ghl-contacts.service.ts'
import { registerGhlControlRoutes } from './ghl-control.routes.ts'
import { registerGhlConversationRoutes } from './ghl-conversations.routes.ts'
import { registerGhlCustomFieldRoutes } from './ghl-custom-fields.routes.ts'
import { ghlFaultBody } from './ghl-errors.ts'
import { type GhlPublicKeys, GhlSigningKeys } from './ghl-keys.ts'
import { registerGhlOAuthRoutes } from './ghl-oauth.routes.ts'
import { registerGhlOpportunityRoutes } from './ghl-opportunities.routes.ts'
import {
  GhlOpportunitiesService,
  type OpportunityMoveInput,
  type PipelineInput,
} from './ghl-opportunities.service.ts'
import {
  moveOpportunity,
  type OpportunityMoveResult,
  registerGhlOpportunityControlRoutes,
} from './ghl-opportunities-control.routes.ts'
import type { GhlContext } from './ghl-route.guard.ts'
import { GhlSeedService, type LocationInput, type UserInput } from './ghl-seed.service.ts'
import { type GhlSimConfig, type GhlSimOptions, resolveGhlSimConfig } from './ghl-sim.options.ts'
import { type GhlPipeline, GhlStore } from './ghl-store.ts'
import { simulateUserReply, type UserReplyInput, type UserReplyResult } from './ghl-user-reply.service.ts'
import { GhlWebhookEmitter } from './ghl-webhook.emitter.ts'

export interface GhlSim {
  readonly server: SimServer
  readonly store: GhlStore
  /** Live settings; `replyUrl` may change after start. */
  readonly config: GhlSimConfig
  /** The public halves of the webhook signing keys (Ed25519 for `X-GHL-Signature`, RSA for `x-wh-signature`). */
  readonly publicKeys: GhlPublicKeys
  readonly webhooks: GhlWebhookEmitter
  readonly seed: GhlSeedService
  /** Base URL once listening; serves both `GHL_API_BASE` and `GHL_AUTH_BASE`. */
  readonly url: string
  listen(port?: number, host?: string): Promise<string>
  close(): Promise<void>
  /** Clears data, faults, the request log, webhook history and the clock; keeps configuration. */
  reset(): void
  setReplyUrl(url: string | null): void
  /** Where app webhooks (OpportunityStageUpdate, OpportunityStatusUpdate…) go; null sends none. */
  setAppWebhookUrl(url: string | null): void
  seedPipeline(locationId: string, input: PipelineInput): GhlPipeline
  /** A GHL user moves an opportunity on the board; resolves after the webhooks' first attempts. */
  moveOpportunity(id: string, input: OpportunityMoveInput): Promise<OpportunityMoveResult>
  simulateUserReply(input: UserReplyInput): Promise<UserReplyResult>
  seedLocation(input?: LocationInput): ReturnType<GhlSeedService['location']>
  seedUser(input: UserInput): ReturnType<GhlSeedService['user']>
  createApiKey(locationId: string, scopes?: string[]): ReturnType<GhlSeedService['apiKey']>
  /** docs/spec/product.md §5 environment lines that point the hub at this simulator. */
  env(): Record<string, string>
}

/**
 * A GoHighLevel API v2 simulator (docs/providers/ghl.md §5–§11, docs/providers/simulators.md "GHL fake") on the
 * shared simulator core: OAuth, contacts, custom fields, conversations and the custom
 * conversation provider, pipelines and opportunities, with signed ProviderOutboundMessage and
 * opportunity app webhooks to the hub.
 */
export function createGhlSim(options: GhlSimOptions = {}): GhlSim {
  const server = new SimServer({ name: 'ghl', defaultFaultBody: ghlFaultBody })
  const config = resolveGhlSimConfig(options)
  const store = new GhlStore()
  const keys = new GhlSigningKeys(config.rsaModulusLength, config.sendLegacyRsaSignature)
  const webhooks = new GhlWebhookEmitter(config, server.clock, keys)
  const ctx: GhlContext = { store, config, clock: server.clock, keys, webhooks }
  const seed = new GhlSeedService(ctx)
  const opportunities = new GhlOpportunitiesService(ctx)

  installErrorShapes(server)
  registerGhlOAuthRoutes(server.app, ctx)
  registerGhlContactRoutes(server.app, ctx)
  registerGhlCustomFieldRoutes(server.app, ctx)
  registerGhlConversationRoutes(server.app, ctx)
  registerGhlOpportunityRoutes(server.app, ctx, opportunities)
  registerGhlControlRoutes(server.app, ctx, seed)
  registerGhlOpportunityControlRoutes(server.app, ctx, opportunities)

  server.onReset(() => {
    store.clear()
    webhooks.clear()
  })
  server.setStateProvider(() => ({
    config,
    // The RSA key shows once made (GET /__sim/ghl/keys makes it); state never pays for it.
    publicKeys: { ed25519: keys.ed25519PublicKey, rsa: keys.rsaPublicKeyIfMade },
    locations: [...store.locations.values()],
    users: [...store.users.values()],
    apiKeys: [...store.apiKeys.values()],
    accessTokens: [...store.accessTokens.values()],
    refreshTokens: [...store.refreshTokens.values()],
    contacts: [...store.contacts.values()].map(serializeContact),
    customFields: [...store.customFields.values()],
    conversations: [...store.conversations.values()],
    messages: [...store.messages.values()],
    pipelines: [...store.pipelines.values()],
    opportunities: [...store.opportunities.values()],
    webhooks: webhooks.list(),
  }))

  return {
    server,
    store,
    config,
    get publicKeys() {
      return keys.publicKeys
    },
    webhooks,
    seed,
    get url() {
      return server.url
    },
    async listen(port = 0, host = '127.0.0.1') {
      const url = await server.listen(port, host)
      webhooks.start()
      return url
    },
    async close() {
      webhooks.stop()
      await server.close()
    },
    reset: () => server.reset(),
    setReplyUrl(url) {
      config.replyUrl = url
    },
    setAppWebhookUrl(url) {
      config.appWebhookUrl = url
    },
    seedPipeline: (locationId, input) => opportunities.addPipeline(locationId, input),
    moveOpportunity: (id, input) => moveOpportunity(ctx, opportunities, id, input),
    simulateUserReply: (input) => simulateUserReply(ctx, input),
    seedLocation: (input = {}) => seed.location(input),
    seedUser: (input) => seed.user(input),
    createApiKey: (locationId, scopes) => seed.apiKey(locationId, scopes),
    env: () => ({
      GHL_CLIENT_ID: config.clientId,
      GHL_CLIENT_SECRET: config.clientSecret,
      GHL_API_BASE: server.url,
      GHL_AUTH_BASE: server.url,
      GHL_CONVERSATION_PROVIDER_ID: config.conversationProviderId,
      GHL_WEBHOOK_PUBLIC_KEY: keys.ed25519PublicKey.spkiBase64,
    }),
  }
}

/**
 * GHL is a NestJS API: unknown routes answer `{statusCode: 404, message: "Cannot GET /x", error:
 * "Not Found"}` and malformed JSON a 400 in the common-schemas shape. Control routes keep `{error}`.
 */
function installErrorShapes(server: SimServer): void {
  server.app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    reply.code(404).send({ statusCode: 404, message: `Cannot ${request.method} ${path}`, error: 'Not Found' })
  })
  server.app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (request.url.startsWith(CONTROL_PREFIX)) return reply.code(status).send({ error: error.message })
    if (status >= 500) return reply.code(500).send({ statusCode: 500, message: 'Internal server error' })
    return reply.code(status).send({ statusCode: status, message: error.message })
  })
}
