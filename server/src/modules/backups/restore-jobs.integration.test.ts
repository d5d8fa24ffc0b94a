import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/config.ts'
import { openDatabase } from '../../db/database.ts'
import { QUEUES } from '../../engine/queue/queues.ts'
import { type RunningServer, startServer } from '../../server.ts'
import { ACME, type ConnectedWorld, contactOf, startConnectedWorld } from '../../testing/connected-world.ts'
import { type RestoreTarget, runRestore } from '../../testing/restore-script.ts'
import { createTestDatabase } from '../../testing/test-database.ts'
import { findFreePort } from '../../testing/test-server.ts'
import { waitFor } from '../../testing/wait-for.ts'

// A backup holds the tables, not the job queue (docs/backups.md). A restore queues the delivery
// of every reply its rows hold as pending, and drops the jobs of the database it replaces,
// whose message ids the restored sequences hand out again. Over both simulators, with the
// restore script run as an operator would; replies whose Yelp write failed come back 30 to 60
// minutes later, so they stay pending while the test runs.
const APP_SECRET = 'restore-jobs-test-app-secret-0123456789ab'
const SLOW_RETRIES = { engine: { retryBaseMs: 3_600_000, retryMaxMs: 3_600_000 } }
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** A GHL user's reply that Yelp refuses once with a 503: recorded, pending, due much later. */
async function pendingReply(
  world: ConnectedWorld,
  leadId: string,
  contactId: string,
  text: string,
): Promise<string> {
  world.yelp.server.faults.add({ method: 'POST', path: `/v3/leads/${leadId}/events`, status: 503, times: 1 })
  const sent = await world.ghl.simulateUserReply({ locationId: ACME.location, contactId, message: text })
  await waitFor(`the reply "${text}" tried once`, () => world.yelp.server.faults.list().length === 0)
  return sent.messageId
}

async function startHubOn(target: RestoreTarget, world: ConnectedWorld): Promise<RunningServer> {
  const port = await findFreePort()
  const server = await startServer(
    loadConfig({
      ...world.yelp.env(),
      ...world.ghl.env(),
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: target.dataDir,
      APP_SECRET,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    }),
    { logger: false, core: SLOW_RETRIES },
  )
  world.yelp.setWebhookUrl(`${server.url}/yelp/webhook`)
  world.ghl.setReplyUrl(`${server.url}/reply`)
  world.sims.hubUrl = server.url
  return server
}

/** Live jobs (queued, rescheduled, running) of a queue naming a messages row. */
async function liveJobsFor(target: RestoreTarget, messageRowId: number): Promise<string[]> {
  const database = await openDatabase(target)
  try {
    const { rows } = await database.execute(
      `select name from pgboss.job where state in ('created', 'retry', 'active')
         and (data->>'messageRowId')::int = $1`,
      [messageRowId],
    )
    return rows.map((row) => String(row.name))
  } finally {
    await database.close()
  }
}

describe('restore and the job queue', () => {
  it('sends the replies the backup holds as pending, and drops the replaced database’s jobs on --force', {
    timeout: 180_000,
  }, async () => {
    const world = await startConnectedWorld({ env: { APP_SECRET }, core: SLOW_RETRIES })
    cleanups.push(async () => {
      await world.yelp.close()
      await world.ghl.close()
    })
    let sourceOpen = true
    cleanups.push(() => (sourceOpen ? world.server.close() : undefined))
    const first = world.sims.newLead('lead-restore')
    await waitFor('the lead in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    const text = 'Restored but not forgotten: we come Monday.'
    const contactId = await contactOf(world.db, 'lead-restore')
    if (!contactId) throw new Error('no contact for lead-restore')
    const ghlMessageId = await pendingReply(world, 'lead-restore', contactId, text)
    const backup = await world.admin.post('/api/backup')
    expect(backup.status, backup.text).toBe(200)
    const dir = mkdtempSync(join(tmpdir(), 'lr-restore-jobs-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const backupFile = join(dir, 'backup.jsonl.gz')
    copyFileSync((backup.body as { backupFile: string }).backupFile, backupFile)
    await world.server.close()
    sourceOpen = false

    // Into an empty database: the restored hub delivers the pending reply.
    const target = await createTestDatabase()
    cleanups.push(() => target.dispose())
    const restored = await runRestore(target, [backupFile], APP_SECRET)
    expect(restored.code, restored.output).toBe(0)
    const hub = await startHubOn(target, world)
    try {
      await waitFor(
        'the pending reply on Yelp and reported delivered',
        async () =>
          (await world.sims.ghlMessages()).find((m) => m.id === ghlMessageId)?.status === 'delivered',
        60_000,
      )
      const biz = (await world.sims.yelpLead('lead-restore')).events.filter(
        (e) => e.event_content.text === text,
      )
      expect(biz).toHaveLength(1)

      // A later reply is pending on the restored hub when the backup is restored over it again.
      await pendingReply(world, 'lead-restore', contactId, 'A reply the next restore replaces')
    } finally {
      await hub.stop()
    }
    const database = await openDatabase(target)
    const later = await database
      .execute(`select max(id)::int as id from messages where direction = 'outbound'`)
      .finally(() => database.close())
    const laterRowId = Number(later.rows[0]?.id)
    expect(await liveJobsFor(target, laterRowId)).toEqual([QUEUES.reply])

    const forced = await runRestore(target, [backupFile, '--force'], APP_SECRET)
    expect(forced.code, forced.output).toBe(0)
    // The backup's pending reply has its job again; the replaced reply's job is gone, so the
    // id the restored sequence hands out next is nobody's.
    const backupDb = await openDatabase(target)
    const pending = await backupDb
      .execute(`select id from messages where message_id = $1`, [ghlMessageId])
      .finally(() => backupDb.close())
    expect(await liveJobsFor(target, Number(pending.rows[0]?.id))).toEqual([QUEUES.reply])
    expect(await liveJobsFor(target, laterRowId)).toEqual([])
  })
})
