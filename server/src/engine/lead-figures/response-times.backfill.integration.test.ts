import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads, messages } from '../../db/schema.ts'
import { RESPONSE_TIME_CASES } from '../../testing/response-time-cases.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// Migration 0013's hand-written backfill (docs/decisions/0014) gives the leads stored before it the response
// times the lead sync would: each case of the pure function's table, its events stored on a lead
// and its GHL / inbox replies as delivered `messages` rows, then the backfill statements run.

const MIGRATION = fileURLToPath(new URL('../../../drizzle/0013_lead_costs_and_response.sql', import.meta.url))
const PLATFORM = { ghl: 'ghl', inbox: 'hub', yelp: 'yelp' } as const

/** The backfill's UPDATE statements, as the migrator runs them (split at the breakpoints). */
function backfillStatements(): string[] {
  return readFileSync(MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement.startsWith('UPDATE'))
}

let server: TestServer
const db = () => server.server.database.db
const leadIdOf = (index: number) => `backfill-${index}`

beforeAll(async () => {
  server = await startTestServer()
  await db().execute(sql`insert into clients (client_id, name) values ('acme', 'Acme')`)
  for (const [index, testCase] of RESPONSE_TIME_CASES.entries()) {
    await db()
      .insert(leads)
      .values({
        leadId: leadIdOf(index),
        clientId: 'acme',
        timeCreated: new Date('2026-06-30T12:00:00Z'),
        lastEventTime: new Date('2026-06-30T12:00:00Z'),
        events: testCase.events,
      })
    for (const reply of testCase.replies ?? []) {
      await db()
        .insert(messages)
        .values({
          clientId: 'acme',
          direction: 'outbound',
          platform: PLATFORM[reply.channel],
          status: 'success',
          content: 'a reply',
          metadata: { leadId: leadIdOf(index) },
          createdAt: reply.at,
        })
    }
  }
  // Noise the backfill must not count: a failed reply, and another lead's.
  await db()
    .insert(messages)
    .values([
      {
        clientId: 'acme',
        direction: 'outbound',
        platform: 'ghl',
        status: 'error',
        metadata: { leadId: leadIdOf(3) },
        createdAt: new Date('2026-06-30T12:05:00Z'),
      },
    ])
  const statements = backfillStatements()
  expect(statements).toHaveLength(2)
  for (const statement of statements) await db().execute(sql.raw(statement))
})
afterAll(() => server?.close())

describe('migration 0013 backfill', () => {
  it.each(RESPONSE_TIME_CASES.map((testCase, index) => ({ ...testCase, index })))(
    '$name',
    async ({ index, first, reply }) => {
      const [row] = await db()
        .select()
        .from(leads)
        .where(eq(leads.leadId, leadIdOf(index)))
      expect({
        first: row?.firstConsumerMessageAt ?? null,
        reply: row?.firstBusinessReplyAt ?? null,
      }).toEqual({
        first,
        reply,
      })
    },
  )
})
