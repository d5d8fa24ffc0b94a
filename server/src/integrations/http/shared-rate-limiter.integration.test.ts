import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../db/database.ts'
import { RateBudgetStore } from '../../repositories/rate-budget.repository.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import { SlotWaitExceededError } from './call-limiter.ts'
import { runWithCallWaitBudget } from './call-priority.ts'
import { RateLimiter } from './rate-limiter.ts'
import { SharedRateLimiter } from './shared-rate-limiter.ts'

// A pause another process was told of reaches this one only through the shared budget: a call
// waits for it no longer than its job allows, then gives the wait back to its job.
let testDb: TestDatabase
let database: Database
beforeAll(async () => {
  testDb = await createTestDatabase()
  database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir })
})
afterAll(async () => {
  await database?.close()
  await testDb?.dispose()
})

describe('SharedRateLimiter', () => {
  it("gives up on another process's long pause after a window and the job's wait budget", async () => {
    const store = new RateBudgetStore(database.db)
    const limiter = new SharedRateLimiter(new RateLimiter(), store)
    // Another process called, then was told GHL's budget is spent for 30 s.
    const answer = await store.claim('ghl:other-process', 3, 100, 60_000)
    if ('slot' in answer) await store.release(answer)
    await store.pause('ghl:other-process', 30_000, 100)
    const started = Date.now()
    const attempt = runWithCallWaitBudget(300, () => limiter.acquireSlot('ghl:other-process', 3, 100))
    await expect(attempt).rejects.toBeInstanceOf(SlotWaitExceededError)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('waits out the ordinary contention of a full window', async () => {
    const store = new RateBudgetStore(database.db)
    const limiter = new SharedRateLimiter(new RateLimiter(), store)
    // Three calls of another process fill the window of 3 per 300 ms.
    for (let i = 0; i < 3; i += 1) {
      const answer = await store.claim('yelp:busy', 3, 300, 60_000)
      if ('slot' in answer) await store.release(answer)
    }
    const release = await runWithCallWaitBudget(50, () => limiter.acquireSlot('yelp:busy', 3, 300))
    release()
  })
})
