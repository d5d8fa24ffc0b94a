import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import { clients } from '../db/schema.ts'
import { MIGRATIONS_FOLDER } from '../db/schema-sources.ts'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts'
import { findAutomationStep, insertAutomationStep } from './lead-automation.repository.ts'
import { insertDraft, listDrafts } from './lead-drafts.repository.ts'

// One draft per lead and kind (issue 35, migration 0024): a new draft of a kind takes the place
// of the one waiting, and a replaced automation draft ends its step as a person's Discard would.

let testDb: TestDatabase
let database: Database
const db = () => database.db
beforeAll(async () => {
  testDb = await createTestDatabase()
  database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir })
  await db().insert(clients).values({ clientId: 'drafts-co', name: 'Drafts Co' })
})
afterAll(async () => {
  await database?.close()
  await testDb?.dispose()
})

const base = { clientId: 'drafts-co', kind: 'ai' as const }

describe('insertDraft', () => {
  it('replaces the lead’s draft of the same kind and answers the one it replaced', async () => {
    const first = await insertDraft(db(), { ...base, id: 'd-1', leadId: 'l-1', text: 'first' })
    expect(first.replaced).toBeNull()
    const second = await insertDraft(db(), { ...base, id: 'd-2', leadId: 'l-1', text: 'second' })
    expect(second.replaced).toMatchObject({ id: 'd-1', text: 'first' })
    expect((await listDrafts(db(), 'l-1')).map((d) => [d.id, d.kind, d.text])).toEqual([
      ['d-2', 'ai', 'second'],
    ])
  })

  it('keeps one draft of each kind beside the others, and other leads’ drafts alone', async () => {
    await insertDraft(db(), { ...base, id: 'd-3', leadId: 'l-2', text: 'ai text' })
    await insertDraft(db(), { ...base, id: 'd-4', leadId: 'l-2', kind: 'first_reply', text: 'template' })
    await insertDraft(db(), { ...base, id: 'd-5', leadId: 'l-3', text: 'other lead' })
    expect((await listDrafts(db(), 'l-2')).map((d) => d.id).sort()).toEqual(['d-3', 'd-4'])
    expect((await listDrafts(db(), 'l-3')).map((d) => d.id)).toEqual(['d-5'])
  })

  it('ends the drafted automation step of a draft it replaces as discarded', async () => {
    const at = new Date()
    const step = await insertAutomationStep(db(), {
      clientId: 'drafts-co',
      leadId: 'l-4',
      kind: 'first_reply',
      step: 0,
      state: 'drafted',
      dueAt: at,
      at,
    })
    if (!step) throw new Error('step not stored')
    await insertDraft(db(), {
      ...base,
      id: 'd-6',
      leadId: 'l-4',
      text: 'by the playbook',
      automationId: step.id,
    })
    await insertDraft(db(), { ...base, id: 'd-7', leadId: 'l-4', text: 'asked by a person' })
    expect(await findAutomationStep(db(), step.id)).toMatchObject({ state: 'cancelled', reason: 'discarded' })
    expect((await listDrafts(db(), 'l-4')).map((d) => [d.id, d.automationId])).toEqual([['d-7', null]])
  })

  it('of two requests at once, leaves one draft', async () => {
    await Promise.all(
      ['d-8', 'd-9', 'd-10'].map((id) =>
        database.db.transaction((tx) => insertDraft(tx, { ...base, id, leadId: 'l-5', text: id })),
      ),
    )
    expect(await listDrafts(db(), 'l-5')).toHaveLength(1)
  })
})

describe('migration 0024_one_draft_per_kind', () => {
  it('keeps the newest draft of each lead and kind, and ends the steps of the automation drafts it removes', async () => {
    const [dedupe, uniqueIndex] = readFileSync(
      `${MIGRATIONS_FOLDER}/0024_one_draft_per_kind.sql`,
      'utf8',
    ).split('--> statement-breakpoint')
    // The state before it: duplicates were possible.
    await database.execute('drop index lead_drafts_lead_kind_idx')
    const at = new Date()
    const step = await insertAutomationStep(db(), {
      clientId: 'drafts-co',
      leadId: 'l-9',
      kind: 'first_reply',
      step: 0,
      state: 'drafted',
      dueAt: at,
      at,
    })
    if (!step) throw new Error('step not stored')
    const insert = (id: string, kind: string, minutesAgo: number, automationId: number | null = null) =>
      database.execute(
        `insert into lead_drafts (id, client_id, lead_id, kind, text, automation_id, created_at)
         values ($1, 'drafts-co', 'l-9', $2, $1, $3, now() - ($4 || ' minutes')::interval)`,
        [id, kind, automationId, String(minutesAgo)],
      )
    await insert('old-ai', 'ai', 10, step.id)
    await insert('new-ai', 'ai', 1)
    await insert('mid-ai', 'ai', 5)
    await insert('only-first', 'first_reply', 3)
    await database.execute(dedupe ?? '')
    await database.execute(uniqueIndex ?? '')
    expect((await listDrafts(db(), 'l-9')).map((d) => d.id).sort()).toEqual(['new-ai', 'only-first'])
    expect(await findAutomationStep(db(), step.id)).toMatchObject({ state: 'cancelled', reason: 'discarded' })
  })
})
