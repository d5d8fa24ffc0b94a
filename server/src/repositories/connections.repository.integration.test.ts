import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { SecretBox } from '../lib/secret-box.ts'
import { overwriteConnectionFacts } from '../testing/stored-connections.ts'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts'
import { findClient, insertClient, listClients, lockClient, updateClient } from './clients.repository.ts'
import { findConnections, listConnections, saveYelpBusiness } from './connections.repository.ts'
import { ProviderTokensStore } from './provider-tokens.store.ts'

// A client's secrets stay in the provider-token store: the client row the product passes around
// and the connection views it reads carry facts about the connections, never a sealed token or
// the location API key.
let testDb: TestDatabase
let database: Database
const box = new SecretBox('connections-test-secret-0123456789abcdef')
const SECRETS = ['yelp-access', 'yelp-refresh', 'ghl-access', 'ghl-refresh', 'location-key']

beforeAll(async () => {
  testDb = await createTestDatabase()
  database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir })
})
afterAll(async () => {
  await database?.close()
  await testDb?.dispose()
})

/** A client connected to both providers, with a location API key. */
async function connectedClient(clientId: string): Promise<ProviderTokensStore> {
  const { db } = database
  const store = new ProviderTokensStore(db, box)
  await insertClient(db, { clientId, name: clientId, email: null })
  await saveYelpBusiness(db, clientId, { businessId: `biz-${clientId}`, webhookSubscribed: true })
  await store.merge('yelp', clientId, {
    accessToken: box.seal('yelp-access'),
    refreshToken: box.seal('yelp-refresh'),
    expiresAt: '2030-01-01T00:00:00.000Z',
    needsReauth: false,
  })
  await store.saveGhlTokens(clientId, { accessToken: 'ghl-access', refreshToken: 'ghl-refresh' })
  await store.saveLocationApiKey(clientId, 'location-key', `loc-${clientId}`)
  await store.merge('ghl', clientId, { needsReauth: true, reauthReason: 'GHL refused the refresh token' })
  return store
}

/** Whether `value`, as JSON, holds any stored secret: sealed (`v1.`) or in the clear. */
function holdsSecret(value: unknown): boolean {
  const json = JSON.stringify(value)
  return json.includes('"v1.') || SECRETS.some((secret) => json.includes(secret))
}

describe('client rows and connection views', () => {
  it('carry no sealed token and no location API key, however the row is read', async () => {
    const { db } = database
    await connectedClient('acme')
    const rows = [
      await findClient(db, 'acme'),
      ...(await listClients(db, null)),
      ...(await listClients(db, ['acme'])),
      await db.transaction((tx) => lockClient(tx, 'acme')),
      await updateClient(db, 'acme', { name: 'Acme' }),
    ]
    for (const row of rows) {
      expect(row).toMatchObject({ clientId: 'acme' })
      for (const legacyColumn of ['yelpTokens', 'ghlTokens', 'ghlLocationApiKey', 'ghlLocationId'])
        expect(row).not.toHaveProperty(legacyColumn)
      expect(holdsSecret(row)).toBe(false)
    }

    const connections = await findConnections(db, 'acme')
    expect(connections).toEqual({
      yelp: {
        clientId: 'acme',
        hasRecord: true,
        connected: true,
        businessId: 'biz-acme',
        webhookSubscribed: true,
        expiresAt: '2030-01-01T00:00:00.000Z',
        needsReauth: false,
        reauthReason: null,
        subscription: { state: null, checkedAt: null, error: null },
      },
      ghl: {
        clientId: 'acme',
        connected: true,
        locationId: 'loc-acme',
        configuredLocationId: 'loc-acme',
        hasApiKey: true,
        expiresAt: null,
        needsReauth: true,
        reauthReason: 'GHL refused the refresh token',
        scope: null,
      },
    })
    expect(holdsSecret(connections)).toBe(false)
    expect(holdsSecret([...(await listConnections(db, ['acme'])).values()])).toBe(false)
  })

  it('say "not connected" for a client with nothing stored, and null for an unknown one', async () => {
    const { db } = database
    await insertClient(db, { clientId: 'bare', name: 'Bare', email: null })
    const connections = await findConnections(db, 'bare')
    expect(connections?.yelp).toMatchObject({ hasRecord: false, connected: false, businessId: null })
    expect(connections?.ghl).toMatchObject({ connected: false, locationId: null, hasApiKey: false })
    expect(await findConnections(db, 'nobody')).toBeNull()
  })

  it('refuse a stored connection of another shape, naming its client, instead of casting it', async () => {
    const { db } = database
    await insertClient(db, { clientId: 'odd', name: 'Odd', email: null })
    await overwriteConnectionFacts(db, 'yelp', 'odd', { needsReauth: 'yes' })
    await expect(findConnections(db, 'odd')).rejects.toThrow(/stored connections of client odd.*needsReauth/s)
  })
})

describe('the provider-token store', () => {
  it('opens what it sealed and merges a change without losing the other keys', async () => {
    const { db } = database
    const store = await connectedClient('globex')
    const yelp = await store.read('yelp', 'globex')
    expect(box.open(yelp?.accessToken ?? '')).toBe('yelp-access')
    expect(box.open((await store.read('ghl', 'globex'))?.refreshToken ?? '')).toBe('ghl-refresh')
    expect(await store.locationApiKey('globex')).toBe('location-key')
    expect(await store.read('yelp', 'nobody')).toBeNull()

    await Promise.all([
      store.merge('yelp', 'globex', { refreshedAt: '2030-01-02T00:00:00.000Z' }),
      saveYelpBusiness(db, 'globex', { businessId: 'biz-globex-2', webhookSubscribed: false }),
    ])
    const merged = await store.read('yelp', 'globex')
    expect(merged).toMatchObject({
      refreshedAt: '2030-01-02T00:00:00.000Z',
      expiresAt: '2030-01-01T00:00:00.000Z',
    })
    expect(box.open(merged?.refreshToken ?? '')).toBe('yelp-refresh')
    expect((await findConnections(db, 'globex'))?.yelp).toMatchObject({
      businessId: 'biz-globex-2',
      webhookSubscribed: false,
      connected: true,
    })
  })
})
