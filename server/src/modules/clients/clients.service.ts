import { randomUUID } from 'node:crypto'
import {
  type ClientView,
  type CreateClientInput,
  ONBOARDING_LINK_DAYS,
  type SaveGhlApiKeyResult,
  type SubscribeWebhookResult,
  type TokenRefreshOutcome,
  type TokenRefreshResult,
  type updateClientSchema,
} from '@common/clients.ts'
import type { z } from 'zod'
import type { DB } from '../../db/database.ts'
import {
  GhlAuthRejectedError,
  type GhlCustomFieldsClient,
} from '../../integrations/ghl/ghl-custom-fields.client.ts'
import {
  NotConnectedError,
  type Provider,
  type TokenManager,
} from '../../integrations/oauth/token-manager.ts'
import type { YelpSubscriptions } from '../../integrations/yelp/yelp-subscriptions.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import type { Signer } from '../../lib/signer.ts'
import { type Actor, recordAudit } from '../../repositories/audit.repository.ts'
import {
  type ClientPatch,
  type ClientRow,
  deleteClientAndData,
  findClient,
  findClientByBusinessId,
  findClientByLocationId,
  insertClient,
  listClients,
  lockClient,
  updateClient,
} from '../../repositories/clients.repository.ts'
import {
  type ClientConnections,
  findConnections,
  listConnections,
  saveGhlLocation,
  saveYelpBusiness,
} from '../../repositories/connections.repository.ts'
import { cancelClientWork } from '../../repositories/parked-jobs.repository.ts'
import type { ProviderTokensStore } from '../../repositories/provider-tokens.store.ts'
import { saveSubscriptionCheck } from '../../repositories/yelp-subscriptions.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { actorOf } from '../users/users.service.ts'
import { assertClientVisible, visibleClientIds } from './client-scope.ts'
import { toClientView } from './client-view.ts'

type UpdateClientInput = z.output<typeof updateClientSchema>

interface Deps {
  db: DB
  baseUrl: string
  signer: Signer
  /** Where pasted tokens and the location API key are sealed and stored. */
  tokenStore: ProviderTokensStore
  tokens: TokenManager
  subscriptions: YelpSubscriptions
  ghlFields: GhlCustomFieldsClient
  /** Tells the engine a connection was renewed, so it re-queues the jobs parked for it. */
  onConnected?: (clientId: string, provider: Provider) => Promise<void>
}

/** Clients and their connections: everything but the OAuth round trips and custom fields. */
export class ClientsService {
  constructor(private readonly deps: Deps) {}

  private get db(): DB {
    return this.deps.db
  }

  /** Pass the transaction when inside one (the view reads the connections it just changed). */
  private async view(row: ClientRow, db: DB = this.db): Promise<ClientView> {
    return toClientView(row, await connectionsOf(db, row.clientId), this.deps.baseUrl, this.deps.signer)
  }

  async list(session: AuthenticatedSession): Promise<ClientView[]> {
    const rows = await listClients(this.db, await visibleClientIds(this.db, session))
    const connections = await listConnections(
      this.db,
      rows.map((row) => row.clientId),
    )
    // A client deleted between the two reads is gone: it is left out.
    return rows.flatMap((row) => {
      const found = connections.get(row.clientId)
      return found ? [toClientView(row, found, this.deps.baseUrl, this.deps.signer)] : []
    })
  }

  async get(session: AuthenticatedSession, clientId: string): Promise<ClientView> {
    return this.view(await this.visibleRow(session, clientId))
  }

  async create(input: CreateClientInput, actor: Actor): Promise<ClientView> {
    return this.db.transaction(async (tx) => {
      const row = await insertClient(tx, input)
      if (!row) throw new ConflictError(`Client ID ${input.clientId} already exists`)
      await recordAudit(tx, actor, {
        action: 'client.create',
        entityType: 'client',
        entityId: row.clientId,
        after: input,
      })
      return this.view(row, tx)
    })
  }

  async update(
    session: AuthenticatedSession,
    clientId: string,
    input: UpdateClientInput,
  ): Promise<ClientView> {
    await this.visibleRow(session, clientId)
    if (input.ghlLocationApiKey !== undefined) {
      if (!input.ghlLocationId && Object.keys(input).length === 1) {
        throw new ValidationError('ghlLocationId: Location ID is required')
      }
      await this.saveGhlApiKey(session, clientId, {
        locationApiKey: input.ghlLocationApiKey,
        locationId: input.ghlLocationId,
      })
    }
    const view = await this.db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row) throw new NotFoundError(`Client ${clientId} not found`)
      const before = await connectionsOf(tx, clientId)
      const patch: ClientPatch = {}
      if (input.name !== undefined) patch.name = input.name
      if (input.email !== undefined) patch.email = input.email
      if (input.isActive !== undefined) patch.isActive = input.isActive
      if (input.yelpTokens) {
        await this.assertBusinessFree(tx, input.yelpTokens.businessId, clientId)
        const businessChanged = before.yelp.businessId !== input.yelpTokens.businessId
        await saveYelpBusiness(tx, clientId, {
          businessId: input.yelpTokens.businessId,
          // A new business is not subscribed until Yelp accepts a subscription for it.
          webhookSubscribed:
            input.yelpTokens.webhookSubscribed ?? (businessChanged ? false : before.yelp.webhookSubscribed),
        })
      }
      if (input.ghlTokens?.locationId) await this.assertLocationFree(tx, input.ghlTokens.locationId, clientId)
      if (input.ghlTokens) await this.deps.tokenStore.saveGhlTokens(clientId, input.ghlTokens, tx)
      const savesLocation = input.ghlLocationId !== undefined && input.ghlLocationApiKey === undefined
      if (savesLocation && input.ghlLocationId !== undefined) {
        await this.assertLocationFree(tx, input.ghlLocationId, clientId)
        await saveGhlLocation(tx, clientId, input.ghlLocationId)
      }
      const changed =
        Object.keys(patch).length > 0 ||
        input.yelpTokens !== undefined ||
        input.ghlTokens !== undefined ||
        savesLocation
      const updated = changed ? await updateClient(tx, clientId, patch) : row
      if (!updated) throw new NotFoundError(`Client ${clientId} not found`)
      await recordAudit(tx, actorOf(session), {
        action: 'client.update',
        entityType: 'client',
        entityId: clientId,
        before: publicFields(row, before),
        after: publicFields(updated, await connectionsOf(tx, clientId)),
      })
      return this.view(updated, tx)
    })
    // New tokens clear "needs re-auth": the jobs parked meanwhile go back on the queue.
    if (input.ghlTokens) await this.deps.onConnected?.(clientId, 'ghl')
    return view
  }

  async remove(session: AuthenticatedSession, clientId: string): Promise<void> {
    await this.visibleRow(session, clientId)
    await this.db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row) throw new NotFoundError(`Client ${clientId} not found`)
      const before = publicFields(row, await connectionsOf(tx, clientId))
      await deleteClientAndData(tx, clientId)
      await cancelClientWork(tx, clientId)
      await recordAudit(tx, actorOf(session), {
        action: 'client.delete',
        entityType: 'client',
        entityId: clientId,
        before,
      })
    })
  }

  /** Yelp tab, step 1: subscribe the business to lead webhooks, then store it as subscribed. */
  async subscribeWebhook(
    session: AuthenticatedSession,
    clientId: string,
    businessId: string,
  ): Promise<SubscribeWebhookResult> {
    await this.visibleRow(session, clientId)
    await this.assertBusinessFree(this.db, businessId, clientId)
    await this.deps.subscriptions.subscribeWebhooks(businessId, clientId)
    return this.db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row) throw new NotFoundError(`Client ${clientId} not found`)
      const before = await connectionsOf(tx, clientId)
      await saveYelpBusiness(tx, clientId, { businessId, webhookSubscribed: true })
      // An operator subscribing again answers a lapsed flag (docs/decisions/0012): the daily check confirms it.
      if (before.yelp.subscription.state) {
        const now = new Date()
        await saveSubscriptionCheck(tx, clientId, {
          state: 'restoring',
          error: null,
          checkedAt: now,
          resubscribedAt: now,
        })
      }
      await recordAudit(tx, actorOf(session), {
        action: 'client.webhook_subscribed',
        entityType: 'client',
        entityId: clientId,
        before: { businessId: before.yelp.businessId },
        after: { businessId, webhookSubscribed: true },
      })
      return { success: true, businessId, webhookSubscribed: true }
    })
  }

  /** Checks the location key with one cheap authorised GHL call, then stores it sealed. */
  async saveGhlApiKey(
    session: AuthenticatedSession,
    clientId: string,
    input: { locationApiKey: string; locationId?: string },
  ): Promise<SaveGhlApiKeyResult> {
    await this.visibleRow(session, clientId)
    const locationId = input.locationId ?? (await connectionsOf(this.db, clientId)).ghl.locationId
    if (!locationId) throw new ValidationError('locationId: Location ID is required')
    await this.assertLocationFree(this.db, locationId, clientId)
    try {
      await this.deps.ghlFields.list(locationId, input.locationApiKey, clientId)
    } catch (error) {
      if (error instanceof GhlAuthRejectedError) {
        throw new ValidationError(`locationApiKey: GoHighLevel rejected this key for location ${locationId}`)
      }
      throw error
    }
    await this.db.transaction(async (tx) => {
      const current = await lockClient(tx, clientId)
      if (!current) throw new NotFoundError(`Client ${clientId} not found`)
      await this.assertLocationFree(tx, locationId, clientId)
      const { ghl } = await connectionsOf(tx, clientId)
      await this.deps.tokenStore.saveLocationApiKey(clientId, input.locationApiKey, locationId, tx)
      await recordAudit(tx, actorOf(session), {
        action: 'client.ghl_api_key_saved',
        entityType: 'client',
        entityId: clientId,
        before: { locationId: ghl.configuredLocationId, hadApiKey: ghl.hasApiKey },
        after: { locationId, hasApiKey: true },
      })
    })
    return { success: true, hasApiKey: true, locationId }
  }

  /**
   * Issues a new onboarding link (docs/decisions/0016 §6): a new nonce revokes the old link, the expiry
   * starts again, and a link issued while both providers are connected keeps working.
   */
  async issueOnboardingLink(session: AuthenticatedSession, clientId: string): Promise<ClientView> {
    await this.visibleRow(session, clientId)
    return this.db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row) throw new NotFoundError(`Client ${clientId} not found`)
      const expiresAt = new Date(Date.now() + ONBOARDING_LINK_DAYS * 24 * 60 * 60_000)
      const { yelp, ghl } = await connectionsOf(tx, clientId)
      const updated = await updateClient(tx, clientId, {
        onboardingNonce: randomUUID(),
        onboardingExpiresAt: expiresAt,
        onboardingOutlivesConnection: yelp.connected && ghl.connected,
      })
      if (!updated) throw new NotFoundError(`Client ${clientId} not found`)
      await recordAudit(tx, actorOf(session), {
        action: 'client.onboarding_link_issued',
        entityType: 'client',
        entityId: clientId,
        after: { expiresAt: expiresAt.toISOString() },
      })
      return this.view(updated, tx)
    })
  }

  /** The row action 'token refresh': refreshes both providers now and reports each outcome. */
  async refreshTokens(session: AuthenticatedSession, clientId: string): Promise<TokenRefreshResult> {
    await this.visibleRow(session, clientId)
    const outcomes = {
      yelp: await this.refreshOne('yelp', clientId),
      ghl: await this.refreshOne('ghl', clientId),
    }
    await recordAudit(this.db, actorOf(session), {
      action: 'client.tokens_refreshed',
      entityType: 'client',
      entityId: clientId,
      after: outcomes,
    })
    return outcomes
  }

  private async refreshOne(provider: Provider, clientId: string): Promise<TokenRefreshOutcome> {
    try {
      await this.deps.tokens.refresh(provider, clientId, { evenIfFlagged: true })
      // A connection that was flagged works again: its parked jobs go back on the queue.
      await this.deps.onConnected?.(clientId, provider)
      const connections = await findConnections(this.db, clientId)
      return { status: 'refreshed', expiresAt: connections?.[provider].expiresAt ?? null }
    } catch (error) {
      if (error instanceof NotConnectedError) return { status: 'not_connected' }
      return { status: 'failed', error: (error as Error).message }
    }
  }

  /**
   * Pass the transaction when inside one: PGlite has one connection, so a query on the outer
   * handle would wait for the open transaction forever.
   * Neither this nor the location's conflict names the other client: the caller may not see it.
   */
  private async assertBusinessFree(db: DB, businessId: string, clientId: string): Promise<void> {
    const other = await findClientByBusinessId(db, businessId, clientId)
    if (other) throw new ConflictError(`Yelp business ${businessId} is already connected to another client`)
  }

  /**
   * A GHL location belongs to one client: replies are routed by location, so a second client on
   * it would take the first one's replies (docs/spec/product.md §3).
   */
  private async assertLocationFree(db: DB, locationId: string, clientId: string): Promise<void> {
    const other = await findClientByLocationId(db, locationId, clientId)
    if (other)
      throw new ConflictError(`GoHighLevel location ${locationId} is already connected to another client`)
  }

  private async visibleRow(session: AuthenticatedSession, clientId: string): Promise<ClientRow> {
    await assertClientVisible(this.db, session, clientId)
    const row = await findClient(this.db, clientId)
    if (!row) throw new NotFoundError(`Client ${clientId} not found`)
    return row
  }
}

/** A client's connections; pass the transaction when inside one. */
async function connectionsOf(db: DB, clientId: string): Promise<ClientConnections> {
  const connections = await findConnections(db, clientId)
  if (!connections) throw new NotFoundError(`Client ${clientId} not found`)
  return connections
}

/** What an audit entry may hold of a client: no token, no key. */
function publicFields(row: ClientRow, { yelp, ghl }: ClientConnections) {
  return {
    name: row.name,
    email: row.email,
    isActive: row.isActive,
    businessId: yelp.businessId,
    webhookSubscribed: yelp.webhookSubscribed,
    ghlLocationId: ghl.configuredLocationId,
    hasGhlApiKey: ghl.hasApiKey,
  }
}
