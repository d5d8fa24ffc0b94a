import { expect } from 'vitest'
import type { AppConfig } from '../../config/config.ts'
import { insertApiRequestLog } from '../../data/api-request-logs.repository.ts'
import type { DB } from '../../db/database.ts'
import { TokenManager } from '../../engine/token-manager.ts'
import { SecretBox } from '../../lib/secret-box.ts'
import { completeOAuth, type SimulatedWorld, startWithSimulators } from '../../testing/with-simulators.ts'
import { GhlOAuth } from '../ghl/ghl-oauth.ts'
import type { ProviderApiOptions } from '../http/provider-api.ts'
import { ProviderHttp } from '../http/provider-http.ts'
import { RateLimiter } from '../http/rate-limiter.ts'
import { createProviderClients, type ProviderClients } from '../provider-clients.ts'
import { YelpOAuth } from '../yelp/yelp-oauth.ts'

export const CLIENT_ID = 'acme'
export const LOCATION_ID = 'LocAAA111'
export const BUSINESS_ID = 'acme-roofing-sf'

/** Quick retries so resilience tests take milliseconds, not seconds. */
export const FAST_RETRIES: ProviderApiOptions = {
  maxAttempts: 4,
  baseDelayMs: 5,
  maxDelayMs: 20,
  timeoutMs: 5_000,
}

export interface ConnectedWorld {
  world: SimulatedWorld
  config: AppConfig
  db: DB
  /** A token manager of its own, as a worker process would have. */
  tokens: TokenManager
  /** Provider clients on a fresh rate limiter (the process-wide one would carry over between files). */
  clients: ProviderClients
  /** Another set on the same token manager and limiter, with other API options (e.g. a short timeout). */
  clientsWith(options: ProviderApiOptions, tokens?: TokenManager): ProviderClients
  /** A second token manager, as a second worker process would have. */
  newTokenManager(): TokenManager
  close(): Promise<void>
}

/**
 * The hub and both simulators, with client `acme` connected to Yelp (business acme-roofing-sf)
 * and to GHL (location LocAAA111) through the real OAuth flows, so tokens are real and sealed.
 */
export async function startConnectedWorld(): Promise<ConnectedWorld> {
  const world = await startWithSimulators()
  const created = await world.admin.post('/api/clients', {
    clientId: CLIENT_ID,
    name: 'Acme Roofing',
    email: 'acme@example.com',
  })
  expect(created.status, created.text).toBe(201)
  for (const start of [
    `/api/yelp-auth-url?clientId=${CLIENT_ID}`,
    `/api/ghl-auth-url?clientId=${CLIENT_ID}`,
  ]) {
    const result = await completeOAuth(world.admin, start)
    expect(result.status, result.page).toBe(200)
  }
  const config = world.server.server.config
  const db = world.server.server.database.db
  const newTokenManager = () => {
    const http = new ProviderHttp((record) => insertApiRequestLog(db, record))
    return new TokenManager(
      db,
      new SecretBox(config.appSecret),
      new YelpOAuth(config, http),
      new GhlOAuth(config, http),
    )
  }
  const tokens = newTokenManager()
  const limiter = new RateLimiter()
  const clientsWith = (options: ProviderApiOptions, using = tokens) =>
    createProviderClients(config, (record) => insertApiRequestLog(db, record), using, undefined, {
      limiter,
      api: options,
    })
  // The OAuth flows' own calls are not what the tests look at.
  world.yelp.server.requests.clear()
  world.ghl.server.requests.clear()
  return {
    world,
    config,
    db,
    tokens,
    clients: clientsWith(FAST_RETRIES),
    clientsWith,
    newTokenManager,
    close: () => world.close(),
  }
}
