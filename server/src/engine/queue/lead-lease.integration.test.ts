import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Database, openDatabase } from '../../db/database.ts'
import { credentialLeases } from '../../db/schema.ts'
import { acquireLease } from '../../repositories/credential-leases.repository.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import { withLeadLease } from './lead-lease.ts'

// Leases across processes (issue 10 item 11): one clock (the database's), and a holder that
// lost its lease stops. On the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
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
afterEach(() => {
  vi.useRealTimers()
})

describe('lead leases', () => {
  // PGlite runs in this process and reads this process's clock: there is one clock already.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'hold for their time by the database clock, whatever the holder process’s clock says',
    async () => {
      // This process's clock runs an hour behind the database server's.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 3600_000 })
      expect(await acquireLease(database.db, 'lead:skew:1', 'behind', 30_000)).toBe(true)
      vi.useRealTimers()
      expect(await acquireLease(database.db, 'lead:skew:1', 'other', 30_000)).toBe(false)
      // And an hour ahead: its lease must not outlive its time by an hour.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3600_000 })
      expect(await acquireLease(database.db, 'lead:skew:2', 'ahead', 1)).toBe(true)
      vi.useRealTimers()
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await acquireLease(database.db, 'lead:skew:2', 'other', 30_000)).toBe(true)
    },
  )

  it('tell the work to stop when a renewal finds the lease taken by another holder', {
    timeout: 30_000,
  }, async () => {
    const outcome = await withLeadLease(database.db, 'c:lost', async (signal) => {
      // Another process took the lease (this one's had expired while it was stalled).
      await database.db
        .update(credentialLeases)
        .set({ holder: 'someone-else' })
        .where(eq(credentialLeases.key, 'lead:c:lost'))
      const deadline = Date.now() + 15_000
      while (!signal.aborted && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100))
      return signal.aborted
    })
    expect(outcome).toEqual({ ran: true, result: true })
  })
})
