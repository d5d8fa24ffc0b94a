import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemSettings } from '../db/schema.ts'
import { SessionClient } from '../testing/session-client.ts'
import { startTestServer, type TestServer } from '../testing/test-server.ts'
import { RATE_LIMITS } from './rate-limits.ts'

// docs/decisions/0016 §4: the public endpoints hold under abuse, with limits normal provider traffic never
// reaches. Every request here comes from 127.0.0.1, one source address.
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

function webhook(businessId: string, n: number) {
  return {
    time: new Date().toISOString(),
    object: 'business',
    data: {
      id: businessId,
      updates: [{ event_type: 'NEW_EVENT', event_id: `ev-${n}`, lead_id: `lead-${n}` }],
    },
  }
}

async function deliver(body: unknown) {
  const response = await fetch(`${server.url}/yelp/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  await response.arrayBuffer()
  return response.status
}

/** Sends `count` requests, `concurrency` at a time; returns how many got each status. */
async function burst(count: number, concurrency: number, send: (n: number) => Promise<number>) {
  const statuses = new Map<number, number>()
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const status = await send(next++)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }),
  )
  return statuses
}

describe('Yelp webhook limits', () => {
  it('takes a burst of a whole minute’s allowance for one business, then refuses that business only', {
    timeout: 120_000,
  }, async () => {
    const allowance = RATE_LIMITS.yelpWebhookPerBusiness.max
    const accepted = await burst(allowance, 20, (n) => deliver(webhook('burst-biz', n)))
    expect(accepted.get(200)).toBe(allowance)
    const refused = await fetch(`${server.url}/yelp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhook('burst-biz', allowance)),
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({
      error: 'Too many deliveries for this business. Try again in a minute.',
    })
    // Another business from the same address still gets through.
    expect(await deliver(webhook('other-biz', 1))).toBe(200)
  })
})

describe('GHL reply limits', () => {
  it('refuses more than the per-address allowance a minute with 429', { timeout: 120_000 }, async () => {
    const allowance = RATE_LIMITS.ghlReplyPerAddress.max
    const send = async () => {
      const response = await fetch(`${server.url}/reply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"type":"SMS"}',
      })
      await response.arrayBuffer()
      return response.status
    }
    const statuses = await burst(allowance + 5, 20, send)
    // Unsigned, so refused by the signature check until the limit refuses them first.
    expect(statuses.get(401)).toBe(allowance)
    expect(statuses.get(429)).toBe(5)
  })
})

describe('sign-in limits', () => {
  it('throttles failures per username and address: other addresses and users are not locked out', async () => {
    const attacker = new SessionClient(server.url)
    for (let i = 0; i < RATE_LIMITS.loginFailures.max; i++) {
      const failed = await attacker.post('/api/auth/login', { username: 'admin', password: `guess-${i}` })
      expect(failed.status).toBe(401)
    }
    const locked = await attacker.post('/api/auth/login', {
      username: 'admin',
      password: server.adminPassword,
    })
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({ error: 'Too many failed sign-in attempts. Try again in a minute.' })
  })

  it('refuses more than the per-address allowance of sign-in attempts a minute', {
    timeout: 120_000,
  }, async () => {
    // The failures above count too: the allowance is of attempts, whatever the username.
    const statuses = await burst(RATE_LIMITS.loginPerAddress.max, 4, async (n) => {
      const response = await new SessionClient(server.url).post('/api/auth/login', {
        username: `nobody-${n}`,
        password: 'wrong-password',
      })
      return response.status
    })
    expect(statuses.get(429)).toBeGreaterThan(0)
    expect(statuses.get(500)).toBeUndefined()
  })

  it('lifts every limit while the rateLimiting setting is off', async () => {
    await server.server.database.db.insert(systemSettings).values({ key: 'rateLimiting', value: false })
    // The setting is cached for ten seconds; a restart-free change reaches the limiter after that.
    await new Promise((resolve) => setTimeout(resolve, 10_500))
    const response = await new SessionClient(server.url).post('/api/auth/login', {
      username: 'admin',
      password: server.adminPassword,
    })
    expect(response.status).toBe(200)
  }, 30_000)
})
