import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../db/database.ts'
import { clients } from '../../db/schema.ts'
import { GhlStatusNotReadyError } from '../../integrations/ghl/ghl-messages.client.ts'
import { TransientProviderError } from '../../integrations/http/provider-errors.ts'
import { findMessageById, insertMessageOnce } from '../../repositories/messages.repository.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import type { GhlPort } from '../provider-ports.ts'
import { LeadSources } from '../sources/sources.ts'
import { ReplyHandler } from './reply.handler.ts'

// GHL answers 403 to a message's status for a few seconds after the send (docs/providers/ghl.md
// §9). The engine knows it only as the neutral StatusNotReadyError the GHL client's error extends:
// the reply job is run again after a growing wait instead of failing, and the status is reported then.

const CLIENT = 'not-ready-co'
let testDb: TestDatabase
let database: Database
const db = () => database.db

beforeAll(async () => {
  testDb = await createTestDatabase()
  database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir })
  await db().insert(clients).values({ clientId: CLIENT, name: 'Not Ready Co' })
})
afterAll(async () => {
  await database?.close()
  await testDb?.dispose()
})

describe('a delivered reply whose status GHL is not ready for yet', () => {
  it('is retried after a wait, then reported delivered', async () => {
    const row = await insertMessageOnce(db(), {
      clientId: CLIENT,
      direction: 'outbound',
      platform: 'ghl',
      content: 'On our way',
      status: 'success',
      messageId: 'ghl-msg-1',
      externalKey: 'test:not-ready:1',
      metadata: { leadId: 'lead-1', yelpDelivered: true },
    })
    if (!row) throw new Error('reply not recorded')
    const reported: string[] = []
    let answers = 0
    const ghl = {
      updateMessageStatus: async (_c: string, _l: string, _m: string, status: string) => {
        if (answers++ === 0) throw new GhlStatusNotReadyError('ghl', 'not ready (403)', 3_000)
        reported.push(status)
      },
    } as unknown as GhlPort
    const handler = new ReplyHandler(db(), new LeadSources([]), ghl)
    const job = {
      clientId: CLIENT,
      leadId: 'lead-1',
      ghlMessageId: 'ghl-msg-1',
      ghlLocationId: 'loc-1',
      messageRowId: row.id,
    }

    const first = await handler.run(job).catch((e: unknown) => e)
    expect(first).toBeInstanceOf(TransientProviderError)
    expect(first).not.toBeInstanceOf(GhlStatusNotReadyError)
    expect((first as TransientProviderError).retryAfterMs).toBe(1000)
    expect((await findMessageById(db(), row.id))?.metadata).toMatchObject({ ghlStatusAttempts: 1 })

    expect(await handler.run(job)).toEqual({ status: 'delivered' })
    expect(reported).toEqual(['delivered'])
    expect((await findMessageById(db(), row.id))?.metadata).toMatchObject({ ghlStatusReported: 'delivered' })
  })
})
