import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AiSim, createAiSim } from '../../../../sim/ai/ai-sim.ts'
import { type Database, openDatabase } from '../../db/database.ts'
import { ApiRequestLogStore } from '../../repositories/api-request-logs.repository.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts'
import { AiChatClient, AiModelError } from './ai-chat.client.ts'

// The model server's address may carry credentials (`https://user:pass@host/v1`) or a key in
// its query (`?api-key=…`): the calls work, and neither reaches a stored log nor an error message.

const USER = 'proxy-user'
const PASSWORD = 'pr0xy-Pa55word'
const QUERY_KEY = 'q-key-Secret-123'
const PROMPT = [
  { role: 'system' as const, content: 'You write the next reply of Acme Roofing to a customer.' },
  { role: 'user' as const, content: JSON.stringify({ customer: 'Maria', conversation: [] }) },
]

let sim: AiSim
let testDb: TestDatabase
let database: Database

beforeAll(async () => {
  sim = createAiSim()
  await sim.listen()
  testDb = await createTestDatabase()
  database = await openDatabase(testDb)
})
afterAll(async () => {
  await database?.close()
  await testDb?.dispose()
  await sim?.close()
})
beforeEach(async () => {
  sim.reset()
  await database.execute("delete from api_request_logs where platform = 'ai'")
})

function client(baseUrl: string, apiKey?: string) {
  return new AiChatClient({ baseUrl, apiKey, model: 'm' }, new ApiRequestLogStore(database.db), {
    timeoutMs: 2_000,
  })
}

async function storedLogs(): Promise<string> {
  const { rows } = await database.execute("select * from api_request_logs where platform = 'ai'")
  expect(rows.length).toBeGreaterThan(0)
  return JSON.stringify(rows)
}

function credentialed(host: string): string {
  return `http://${USER}:${PASSWORD}@${host}/v1?api-key=${QUERY_KEY}&api-version=2024-06-01`
}

describe('an AI base URL with credentials', () => {
  it('calls the model with them (Basic auth, the query kept) and logs the address without them', async () => {
    const answer = await client(credentialed(new URL(sim.url).host)).complete('acme', PROMPT)
    expect(answer.text).toContain('Maria')
    const [request] = sim.completionRequests()
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`,
    )
    expect(request?.query).toMatchObject({ 'api-key': QUERY_KEY, 'api-version': '2024-06-01' })

    const logs = await storedLogs()
    for (const secret of [PASSWORD, QUERY_KEY, USER]) expect(logs).not.toContain(secret)
    expect(logs).toContain('/v1/chat/completions')
    expect(logs).toContain('api-version=2024-06-01')
  })

  it('keeps them out of the log and the error when the server cannot be reached', async () => {
    const failing = client(credentialed('127.0.0.1:1'))
    const error = await failing.complete('acme', PROMPT).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AiModelError)
    for (const secret of [PASSWORD, QUERY_KEY]) expect(String((error as Error).message)).not.toContain(secret)
    const logs = await storedLogs()
    for (const secret of [PASSWORD, QUERY_KEY, USER]) expect(logs).not.toContain(secret)
  })

  it('sends the API key as the bearer when one is set, still logging no credential', async () => {
    await client(credentialed(new URL(sim.url).host), 'sk-key-Secret').complete('acme', PROMPT)
    expect(sim.completionRequests()[0]?.headers.authorization).toBe('Bearer sk-key-Secret')
    const logs = await storedLogs()
    for (const secret of [PASSWORD, QUERY_KEY, USER, 'sk-key-Secret']) expect(logs).not.toContain(secret)
  })
})
