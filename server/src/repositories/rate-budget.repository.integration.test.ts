import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts'
import { RateBudgetStore, type RateBudgetTicket } from './rate-budget.repository.ts'

// The shared provider budget (docs/decisions/0015) on the real database. On
// PostgreSQL two connections pools stand for two processes; PGlite (one process) has one.
let testDb: TestDatabase
const databases: Database[] = []
beforeAll(async () => {
  testDb = await createTestDatabase()
  const open = () => openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir })
  databases.push(await open())
  if (testDb.databaseUrl) databases.push(await open())
})
afterAll(async () => {
  for (const database of databases) await database.close()
  await testDb?.dispose()
})

const HOLD_MS = 60_000

/** Claims until a slot is granted, as SharedRateLimiter does; the moment the database gave it. */
async function take(store: RateBudgetStore, key: string, limit: number, windowMs: number, holdMs = HOLD_MS) {
  for (;;) {
    const answer = await store.claim(key, limit, windowMs, holdMs)
    if ('slot' in answer) return { ticket: answer, at: Date.parse(answer.heldUntil) - holdMs }
    await new Promise((resolve) => setTimeout(resolve, Math.max(5, answer.waitMs)))
  }
}

describe('rate budget slots', () => {
  it('grant at most `limit` calls in any window, whichever connection claims', {
    timeout: 30_000,
  }, async () => {
    const stores = databases.map((d) => new RateBudgetStore(d.db))
    const grants: number[] = []
    await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const store = stores[i % stores.length] as RateBudgetStore
        const { ticket, at } = await take(store, 'yelp:GET /v3/leads/{lead_id}', 4, 1_000)
        grants.push(at)
        await store.release(ticket)
      }),
    )
    const sorted = grants.sort((a, b) => a - b)
    const gaps = sorted.slice(4).map((at, i) => at - (sorted[i] ?? 0))
    // The fifth call after any call comes a whole window later (the database's clock, in ms).
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(999)
  })

  it('hold a slot for a call under way until it ends, and no longer than the hold', async () => {
    const store = new RateBudgetStore((databases[0] as Database).db)
    const first = await store.claim('ghl:held', 1, 100, 400)
    expect('slot' in first).toBe(true)
    // The call is still under way: its slot is not free after the window.
    await new Promise((resolve) => setTimeout(resolve, 150))
    const waiting = await store.claim('ghl:held', 1, 100, 400)
    expect(waiting).toMatchObject({ waitMs: expect.any(Number) })
    // Its process died: the slot frees once the hold and a window have passed.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect('slot' in (await store.claim('ghl:held', 1, 100, 400))).toBe(true)
  })

  it('keep every slot of a key back for a pause the provider asked for', async () => {
    const store = new RateBudgetStore((databases[0] as Database).db)
    const { ticket } = await take(store, 'ghl:paused', 3, 100)
    await store.release(ticket as RateBudgetTicket)
    await store.pause('ghl:paused', 1_000, 100)
    const paused = Date.now()
    const { at } = await take(store, 'ghl:paused', 3, 100)
    expect(at - paused).toBeGreaterThanOrEqual(950)
  })
})
