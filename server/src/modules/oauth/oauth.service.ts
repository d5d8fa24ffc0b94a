import type { FastifyBaseLogger } from 'fastify'
import type { DB } from '../../db/database.ts'
import type { ConnectionListener } from '../../engine/engine.ts'
import { contactSyncJob } from '../../engine/jobs/contact-sync.job.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import type { GhlTokenResponse } from '../../integrations/ghl/ghl.schemas.ts'
import { GhlGrantRefusedError, type GhlOAuth } from '../../integrations/ghl/ghl-oauth.ts'
import { TransientProviderError } from '../../integrations/http/provider-errors.ts'
import { ProviderUnreachableError } from '../../integrations/http/provider-http.ts'
import type { TokenManager } from '../../integrations/oauth/token-manager.ts'
import { providerManifests } from '../../integrations/provider-manifests.ts'
import type { YelpTokenResponse } from '../../integrations/yelp/yelp.schemas.ts'
import { YelpGrantRefusedError, type YelpOAuth } from '../../integrations/yelp/yelp-oauth.ts'
import { AppError, ForbiddenError, NotFoundError } from '../../lib/errors.ts'
import type { Signer } from '../../lib/signer.ts'
import { recordAudit } from '../../repositories/audit.repository.ts'
import {
  findClient,
  findClientByBusinessId,
  findClientByLocationId,
  lockClient,
} from '../../repositories/clients.repository.ts'
import {
  findGhlConnection,
  findYelpConnection,
  saveGhlLocation,
} from '../../repositories/connections.repository.ts'
import { claimContactSync } from '../../repositories/contact-syncs.repository.ts'
import type { ProviderTokensStore } from '../../repositories/provider-tokens.store.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'
import { clientForOnboardingToken } from '../onboarding/onboarding-access.ts'
import { consumeState, issueState, type OAuthProvider, OAuthStateError } from './oauth-state.ts'

export interface CallbackQuery {
  code?: string
  state?: string
  error?: string
  error_description?: string
}

export interface CallbackOutcome {
  ok: boolean
  status: number
  title: string
  message: string
}

export interface OAuthServiceDeps {
  db: DB
  signer: Signer
  yelpOAuth: YelpOAuth
  ghlOAuth: GhlOAuth
  tokens: TokenManager
  /** Where a callback's sealed tokens are stored. */
  tokenStore: ProviderTokensStore
  /** Told after each successful connection (the engine resumes parked jobs). */
  connectionListeners: ConnectionListener[]
}

/**
 * Both providers' OAuth round trips (docs/spec/product.md §4): signed, single-use, 10-minute states bound
 * to the client; callbacks that exchange the code and store the tokens sealed — or change
 * nothing and say why.
 */
export class OAuthService {
  private readonly db: DB
  private readonly signer: Signer
  private readonly yelp: YelpOAuth
  private readonly ghl: GhlOAuth
  private readonly tokens: TokenManager

  constructor(
    private readonly deps: OAuthServiceDeps,
    /** The job queue; absent in an app built without an engine. */
    private readonly jobs: JobQueue | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = deps.db
    this.signer = deps.signer
    this.yelp = deps.yelpOAuth
    this.ghl = deps.ghlOAuth
    this.tokens = deps.tokens
  }

  /** A start link opened with the client's onboarding token. */
  async startedByOnboardingLink(clientId: string, token: string): Promise<'onboarding' | null> {
    // A refused link (wrong, revoked, expired, done) starts nothing: the route says so generically.
    try {
      await clientForOnboardingToken(this.db, this.signer, clientId, token)
      return 'onboarding'
    } catch (error) {
      if (error instanceof ForbiddenError) return null
      throw error
    }
  }

  /** A start link opened by a signed-in operator: one who manages integrations and sees the client. */
  async startedByOperator(session: AuthenticatedSession, clientId: string): Promise<'dashboard' | null> {
    if (!session.user.permissions.canManageClientIntegrations) return null
    const visible = await visibleClientIds(this.db, session)
    return !visible || visible.includes(clientId) ? 'dashboard' : null
  }

  /** The provider's name on the pages a start link or callback answers with. */
  displayName(provider: OAuthProvider): string {
    return providerManifests[provider].displayName
  }

  /** Where the provider sends the browser back after consent (its manifest holds the path). */
  callbackPath(provider: OAuthProvider): string {
    return providerManifests[provider].callbackPath
  }

  async startUrl(
    provider: OAuthProvider,
    clientId: string,
    options: { autoSync: boolean; via: 'dashboard' | 'onboarding' },
  ): Promise<string> {
    if (!(await findClient(this.db, clientId))) throw new NotFoundError(`Client ${clientId} not found`)
    const state = issueState(this.signer, { provider, clientId, ...options })
    return provider === 'yelp' ? this.yelp.authorizeUrl(state) : this.ghl.authorizeUrl(state)
  }

  async completeYelp(query: CallbackQuery): Promise<CallbackOutcome> {
    return this.complete('yelp', query, async (clientId, code) => {
      const fresh = await this.yelp.exchangeCode(code, clientId)
      const reachable = await this.yelp.listBusinesses(fresh.access_token, clientId)
      const outcome = await this.storeYelp(clientId, fresh, reachable)
      if (outcome.ok) await this.announce(clientId, 'yelp')
      return outcome
    })
  }

  async completeGhl(query: CallbackQuery, autoSyncFallback = false): Promise<CallbackOutcome> {
    return this.complete('ghl', query, async (clientId, code, autoSync) => {
      const fresh = await this.ghl.exchangeCode(code, clientId)
      const outcome = await this.storeGhl(clientId, fresh)
      if (outcome.ok) await this.announce(clientId, 'ghl')
      if (outcome.ok && (autoSync || autoSyncFallback)) await this.queueContactSync(clientId)
      return outcome
    })
  }

  private async complete(
    provider: OAuthProvider,
    query: CallbackQuery,
    exchange: (clientId: string, code: string, autoSync: boolean) => Promise<CallbackOutcome>,
  ): Promise<CallbackOutcome> {
    const name = providerManifests[provider].displayName
    let state: Awaited<ReturnType<typeof consumeState>>
    try {
      state = await consumeState(this.db, this.signer, query.state, provider)
    } catch (error) {
      if (!(error instanceof OAuthStateError)) throw error
      return { ok: false, status: 400, title: `${name} connection failed`, message: error.message }
    }
    if (query.error) {
      const denied = query.error === 'access_denied'
      // The page is public: the provider's own words go to the log, never onto it.
      if (!denied) {
        this.log.warn(
          { clientId: state.clientId, error: query.error, description: query.error_description },
          `${name} OAuth callback returned an error`,
        )
      }
      return {
        ok: false,
        status: 400,
        title: denied ? `${name} access was denied` : `${name} connection failed`,
        message: denied
          ? `Nothing was connected. Start again from the dashboard or the onboarding link to grant access.`
          : 'Nothing was changed. Start again, and contact your agency if it keeps failing.',
      }
    }
    if (!query.code) {
      return {
        ok: false,
        status: 400,
        title: `${name} connection failed`,
        message: `${name} sent no authorization code.`,
      }
    }
    try {
      return await exchange(state.clientId, query.code, state.autoSync)
    } catch (error) {
      if (!isProviderFailure(error)) throw error
      // The page is public: the provider's answer goes to the log, never onto it.
      this.log.warn({ err: error, clientId: state.clientId }, `${name} OAuth callback failed`)
      return {
        ok: false,
        status: 502,
        title: `${name} connection failed`,
        message: 'Nothing was changed. Start again, and contact your agency if it keeps failing.',
      }
    }
  }

  private async storeYelp(
    clientId: string,
    fresh: YelpTokenResponse,
    reachable: string[],
  ): Promise<CallbackOutcome> {
    return this.db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row)
        return {
          ok: false,
          status: 404,
          title: 'Yelp connection failed',
          message: `Client ${clientId} no longer exists.`,
        }
      let businessId = (await findYelpConnection(tx, clientId))?.businessId ?? null
      if (businessId && !reachable.includes(businessId)) {
        return {
          ok: false,
          status: 400,
          title: 'Wrong Yelp account',
          message: `The Yelp account you signed in with does not manage business ${businessId}. Nothing was changed; sign in with an account that manages it.`,
        }
      }
      if (!businessId) {
        if (reachable.length !== 1) {
          return {
            ok: false,
            status: 400,
            title: 'Which Yelp business?',
            message:
              reachable.length === 0
                ? 'This Yelp account manages no business that the Leads API can reach. Nothing was changed.'
                : `This Yelp account manages several businesses (${reachable.join(', ')}). Ask your agency to save the business ID first, then connect again.`,
          }
        }
        businessId = reachable[0] ?? null
      }
      const other = businessId ? await findClientByBusinessId(tx, businessId, clientId) : null
      if (other) {
        return {
          ok: false,
          status: 409,
          title: 'Business already connected',
          message: `Yelp business ${businessId} is already connected to another client. Nothing was changed.`,
        }
      }
      await this.deps.tokenStore.merge(
        'yelp',
        clientId,
        {
          ...this.tokens.sealYelp(fresh),
          businessId,
          businessIds: reachable,
          connectedAt: new Date().toISOString(),
        },
        tx,
      )
      await recordAudit(tx, null, {
        action: 'client.yelp_connected',
        entityType: 'client',
        entityId: clientId,
        after: { businessId, reachableBusinesses: reachable },
      })
      return {
        ok: true,
        status: 200,
        title: 'Yelp connected',
        message: `${row.name} is connected to Yelp (business ${businessId}). You can close this tab.`,
      }
    })
  }

  private async storeGhl(clientId: string, fresh: GhlTokenResponse): Promise<CallbackOutcome> {
    return this.db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row)
        return {
          ok: false,
          status: 404,
          title: 'GoHighLevel connection failed',
          message: `Client ${clientId} no longer exists.`,
        }
      if (!fresh.locationId) {
        return {
          ok: false,
          status: 400,
          title: 'Choose a sub-account',
          message:
            'GoHighLevel returned an agency-level grant. Connect again and choose the client’s sub-account (location).',
        }
      }
      const expected = (await findGhlConnection(tx, clientId))?.configuredLocationId ?? null
      if (expected && expected !== fresh.locationId) {
        return {
          ok: false,
          status: 400,
          title: 'Wrong GoHighLevel location',
          message: `You chose location ${fresh.locationId}, but this client is set up for location ${expected}. Nothing was changed.`,
        }
      }
      if (await findClientByLocationId(tx, fresh.locationId, clientId)) {
        return {
          ok: false,
          status: 409,
          title: 'Location already connected',
          message: `GoHighLevel location ${fresh.locationId} is already connected to another client. Nothing was changed.`,
        }
      }
      await this.deps.tokenStore.merge(
        'ghl',
        clientId,
        { ...this.tokens.sealGhl(fresh), connectedAt: new Date().toISOString() },
        tx,
      )
      await saveGhlLocation(tx, clientId, fresh.locationId)
      await recordAudit(tx, null, {
        action: 'client.ghl_connected',
        entityType: 'client',
        entityId: clientId,
        after: { locationId: fresh.locationId, companyId: fresh.companyId ?? null },
      })
      return {
        ok: true,
        status: 200,
        title: 'GoHighLevel connected',
        message: `${row.name} is connected to GoHighLevel (location ${fresh.locationId}). You can close this tab.`,
      }
    })
  }

  /**
   * The contact sync itself is the engine's job; here it is only queued (docs/spec/product.md §4),
   * with its progress row claimed like the operators' button does, so it shows and a click meanwhile
   * does not start a second one.
   */
  private async queueContactSync(clientId: string): Promise<void> {
    if (!this.jobs) return
    if (!(await claimContactSync(this.db, clientId))) return
    await this.jobs.enqueue(contactSyncJob, { clientId })
  }

  /** Lets the engine resume work parked while the connection needed re-authorization. */
  private async announce(clientId: string, provider: 'yelp' | 'ghl'): Promise<void> {
    for (const listener of this.deps.connectionListeners) {
      await listener(clientId, provider).catch((error) =>
        this.log.warn({ err: error, clientId }, 'connection listener failed'),
      )
    }
  }
}

/** Failures a provider round trip can meet that deserve a page, not a 500. */
function isProviderFailure(error: unknown): error is Error {
  return (
    error instanceof AppError ||
    error instanceof YelpGrantRefusedError ||
    error instanceof GhlGrantRefusedError ||
    error instanceof ProviderUnreachableError ||
    error instanceof TransientProviderError
  )
}
