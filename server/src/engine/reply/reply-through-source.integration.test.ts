import type { LeadMessage } from '@common/lead-model.ts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../db/database.ts'
import { clients, leads } from '../../db/schema.ts'
import { LeadClosedError, RepeatedReplyError } from '../../integrations/http/provider-errors.ts'
import {
  findMessageById,
  insertMessageOnce,
  type MessageRow,
} from '../../repositories/messages.repository.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import type { GhlPort } from '../provider-ports.ts'
import type { LeadSource } from '../sources/lead-source.ts'
import { LeadSources } from '../sources/sources.ts'
import { MarkReadHandler } from '../yelp-duties/mark-read.handler.ts'
import { ReplyHandler } from './reply.handler.ts'

// A lead's replies and read receipts go through the lead's own source (docs/decisions/0029), and
// the engine reacts to the neutral refusals (integrations/http/provider-errors.ts) whichever
// source raised them. The only source registered here is 'other': a call that went to Yelp
// would fail with "No lead source".

const CLIENT = 'neutral-co'
let testDb: TestDatabase
let database: Database
const db = () => database.db

beforeAll(async () => {
  testDb = await createTestDatabase()
  database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir })
  await db().insert(clients).values({ clientId: CLIENT, name: 'Neutral Co' })
})
afterAll(async () => {
  await database?.close()
  await testDb?.dispose()
})

/** A source of id 'other' whose answers each test sets. */
function otherSource(parts: Partial<LeadSource>): LeadSource & { posted: string[] } {
  const posted: string[] = []
  return {
    id: 'other',
    label: 'Other',
    posted,
    readLead: () => Promise.reject(new Error('not read here')),
    readMessages: async () => [],
    postReply: async (_clientId, _leadId, text) => {
      posted.push(text)
    },
    ...parts,
  }
}

async function storeLead(leadId: string, events: unknown[] = []): Promise<void> {
  const now = new Date()
  await db()
    .insert(leads)
    .values({ leadId, clientId: CLIENT, source: 'other', timeCreated: now, lastEventTime: now, events })
}

async function pendingReply(leadId: string, text: string, attemptedAt?: string): Promise<MessageRow> {
  const row = await insertMessageOnce(db(), {
    clientId: CLIENT,
    direction: 'outbound',
    platform: 'hub',
    content: text,
    status: 'pending',
    externalKey: `test:${leadId}:${text}`,
    metadata: { leadId, ...(attemptedAt ? { yelpAttemptedAt: attemptedAt } : {}) },
  })
  if (!row) throw new Error('reply not recorded')
  return row
}

function replies(source: LeadSource): ReplyHandler {
  return new ReplyHandler(db(), new LeadSources([source]), {} as GhlPort)
}

function businessMessage(id: string, text: string): LeadMessage {
  return {
    id,
    kind: 'message',
    author: 'business',
    authorName: 'Neutral Co',
    text,
    attachments: [],
    time: new Date().toISOString(),
    sourceType: 'TEXT',
  }
}

describe('a reply to a lead of another source', () => {
  it('is posted through that source, and linked to the message it lists back', async () => {
    await storeLead('n-1')
    const source = otherSource({})
    source.readMessages = async () => source.posted.map((text, i) => businessMessage(`n-1-m${i}`, text))
    const row = await pendingReply('n-1', 'On our way')
    await replies(source).deliverToSource({ clientId: CLIENT, leadId: 'n-1' }, row)
    expect(source.posted).toEqual(['On our way'])
    const after = await findMessageById(db(), row.id)
    expect(after?.status).toBe('success')
    expect(after?.metadata).toMatchObject({ yelpDelivered: true, yelpEventId: 'n-1-m0' })
  })

  it('counts a repeated-reply refusal after its own attempt as delivered when the source shows the text', async () => {
    await storeLead('n-2')
    const attemptedAt = new Date(Date.now() - 30_000).toISOString()
    const source = otherSource({
      postReply: () => Promise.reject(new RepeatedReplyError('yelp', 'same text within the hour', 400)),
      // Listed late by the first look, then there.
      readMessages: (() => {
        let reads = 0
        return async () => (reads++ === 0 ? [] : [businessMessage('n-2-m1', 'Still  on our way')])
      })(),
    })
    const row = await pendingReply('n-2', 'Still on our way', attemptedAt)
    await replies(source).deliverToSource({ clientId: CLIENT, leadId: 'n-2' }, row)
    const after = await findMessageById(db(), row.id)
    expect(after?.status).toBe('success')
    expect(after?.metadata).toMatchObject({ yelpEventId: 'n-2-m1' })
  })

  it('fails, with the source’s words, when the lead is closed there', async () => {
    await storeLead('n-3')
    const source = otherSource({
      postReply: () => Promise.reject(new LeadClosedError('yelp', 'The consumer archived this lead', 403)),
    })
    const row = await pendingReply('n-3', 'Hello?')
    await replies(source).deliverToSource({ clientId: CLIENT, leadId: 'n-3' }, row)
    const after = await findMessageById(db(), row.id)
    expect(after?.status).toBe('error')
    expect(after?.metadata).toMatchObject({ error: 'The consumer archived this lead' })
  })
})

describe('a read receipt of a lead of another source', () => {
  const consumerEvent = {
    id: 'r-e1',
    event_type: 'TEXT',
    user_type: 'CONSUMER',
    time_created: new Date().toISOString(),
    event_content: { text: 'Hi' },
  }
  const job = (leadId: string) => ({
    clientId: CLIENT,
    leadId,
    eventId: 'r-e1',
    readAt: new Date().toISOString(),
  })

  it('is told to the source that marks reads', async () => {
    await storeLead('r-1', [consumerEvent])
    const marked: string[] = []
    const source = otherSource({
      markRead: async (_clientId, leadId, messageId) => {
        marked.push(`${leadId}/${messageId}`)
      },
    })
    expect(await new MarkReadHandler(db(), new LeadSources([source])).run(job('r-1'))).toEqual({
      marked: 'r-e1',
    })
    expect(marked).toEqual(['r-1/r-e1'])
  })

  it('is recorded without a call for a source that has no read receipts', async () => {
    await storeLead('r-2', [consumerEvent])
    const handler = new MarkReadHandler(db(), new LeadSources([otherSource({})]))
    expect(await handler.run(job('r-2'))).toEqual({ marked: 'r-e1' })
    const [row] = await db()
      .select({ readEventId: leads.readEventId })
      .from(leads)
      .where(eq(leads.leadId, 'r-2'))
    expect(row?.readEventId).toBe('r-e1')
  })
})
