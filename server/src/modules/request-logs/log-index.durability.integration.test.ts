import type { JobView } from '@common/jobs.ts'
import { QUEUES } from '@common/queues.ts'
import type { Stats } from '@common/stats.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/database.ts'
import { INDEXED_LOG_TABLES, indexLogTail, SEARCH_DOCUMENT } from '../../repositories/log-index.repository.ts'
import { selectRows } from '../../repositories/raw-rows.ts'
import { ACME, connectAcme } from '../../testing/connected-world.ts'
import type { HubProcess } from '../../testing/hub-process.ts'
import { type ProcessWorld, startProcessWorld } from '../../testing/process-world.ts'
import type { SessionClient } from '../../testing/session-client.ts'
import { findFreePort } from '../../testing/test-server.ts'
import { sleep, waitFor } from '../../testing/wait-for.ts'

// The logs' derived data (search text, counters, stats) is filled after the webhooks' answers by
// the log-index job. After a burst, and after a burst cut by a SIGKILL and a restart on the same
// data, every acknowledged delivery must be logged exactly once, found by its text, and counted
// exactly, whatever the job had reached.

const UNKNOWN_BUSINESS = 'burst-unknown-business'

let world: ProcessWorld
let port: number
let hub: HubProcess

/** One delivery: to acme's business (a lead-sync job) or to a business no client has (none). */
function post(url: string, token: string, business: string, leadId: string): Promise<number> {
  return fetch(`${url}/yelp/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      time: new Date().toISOString(),
      object: 'business',
      data: {
        id: business,
        updates: [
          {
            event_type: 'NEW_EVENT',
            lead_id: leadId,
            event_id: token,
            interaction_time: new Date().toISOString(),
          },
        ],
      },
    }),
  }).then(
    (response) => response.status,
    () => 0,
  )
}

/** A malformed delivery: a 400, logged with its error. */
function postBad(url: string): Promise<number> {
  return fetch(`${url}/yelp/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ object: 'business', data: { id: 'x' } }),
  }).then(
    (response) => response.status,
    () => 0,
  )
}

/** `count` deliveries at once, tokens `${prefix}-${n}`; answers the tokens acknowledged with 200. */
async function burst(
  url: string,
  prefix: string,
  count: number,
  leads: string[],
  onAck?: (acked: number) => void,
): Promise<string[]> {
  const acked: string[] = []
  await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const token = `${prefix}-${n}`
      const toAcme = n % 3 !== 0
      const status = await post(
        url,
        token,
        toAcme ? ACME.business : UNKNOWN_BUSINESS,
        leads[n % leads.length] ?? '',
      )
      if (status === 200) {
        acked.push(token)
        onAck?.(acked.length)
      }
    }),
  )
  return acked
}

async function total(admin: SessionClient, path: string): Promise<number> {
  const response = await admin.get(path)
  expect(response.status, response.text).toBe(200)
  return Number(response.headers.get('x-total-count'))
}

/**
 * Through the API, while the job may be mid-way: the counters' totals equal a count of the rows
 * (a date filter makes the server count them), the free text finds every delivery of a burst, and the stats count its refusals.
 */
async function expectScreensExact(admin: SessionClient, prefix: string, acked: string[], refused: number) {
  // A date filter makes the server count the rows themselves. Webhook rows: only the bursts write them.
  for (const filter of ['type=webhook', 'type=webhook&clientId=acme']) {
    expect(await total(admin, `/api/all-request-logs?${filter}`), filter).toBe(
      await total(admin, `/api/all-request-logs?${filter}&from=2000-01-01`),
    )
  }
  // API rows: the lead syncs are still writing them; equal once a moment passes between two writes.
  for (const filter of ['type=api', 'clientId=acme']) {
    await waitFor(`${filter} counted exactly`, async () => {
      const counted = await total(admin, `/api/all-request-logs?${filter}`)
      return counted === (await total(admin, `/api/all-request-logs?${filter}&from=2000-01-01`))
    })
  }
  // Every acknowledged delivery of the burst, by its own text; an unacknowledged one at most once.
  expect(await total(admin, `/api/all-request-logs?q=${prefix}-`)).toBeGreaterThanOrEqual(acked.length)
  for (const token of acked.slice(0, 5)) {
    expect(await total(admin, `/api/all-request-logs?q=%22${token}%22`)).toBe(1)
  }
  const stats = (await admin.get('/api/stats')).body as Stats
  expect(stats.webhookErrors).toBe(refused)
}

beforeAll(async () => {
  world = await startProcessWorld()
  port = await findFreePort()
  hub = await world.start(port)
  await connectAcme(await world.admin(hub), {
    yelp: world.sims.yelp,
    ghlApiKey: world.sims.ghlSample.apiKey.token,
  })
})

afterAll(async () => {
  await world?.close()
})

describe('the logs’ derived data after bursts of webhooks', () => {
  const leads = Array.from({ length: 5 }, (_, i) => `lead-burst-log-${i}`)
  const acked: string[] = []
  let refused = 0

  it('is exact after a burst, while the job indexes it', { timeout: 60_000 }, async () => {
    for (const id of leads)
      world.sims.yelp.addLead({ id, businessId: ACME.business, consumerName: 'Burst Log', notify: false })
    const bad = Promise.all(Array.from({ length: 10 }, () => postBad(hub.url)))
    acked.push(...(await burst(hub.url, 'first', 300, leads)))
    refused += (await bad).filter((status) => status === 400).length
    expect(acked).toHaveLength(300)
    expect(refused).toBe(10)
    const admin = await world.admin(hub)
    await expectScreensExact(admin, 'first', acked, refused)
  })

  it('is exact after a SIGKILL during a burst and a restart on the same data', {
    timeout: 150_000,
  }, async () => {
    let kill: Promise<void> | undefined
    const second = await burst(hub.url, 'second', 600, leads, (n) => {
      // Mid-burst: answers are still being written, the job is indexing the first ones.
      if (n === 150) kill = hub.kill()
    })
    await kill
    expect(second.length).toBeGreaterThanOrEqual(150)
    expect(second.length).toBeLessThan(600)
    acked.push(...second)

    hub = await world.start(port)
    // Deliveries after the restart wake the job, which takes up what the killed process left.
    const third = await burst(hub.url, 'third', 50, leads)
    expect(third).toHaveLength(50)
    acked.push(...third)
    const admin = await world.admin(hub)
    await expectScreensExact(admin, 'second', second, refused)
    await expectScreensExact(admin, 'third', third, refused)
    // The last commit's wake-up queues a run once the commits pause; then every run has ended.
    await sleep(1000)
    await waitFor(
      'the log-index runs to end',
      async () => {
        const jobs = (await admin.get('/api/jobs?limit=500')).body as JobView[]
        const runs = jobs.filter((job) => job.queue === QUEUES.logIndex)
        return runs.length > 0 && runs.every((job) => job.state === 'completed')
      },
      60_000,
    )
    // Stopped, so this test can open the embedded database too.
    await hub.stop()

    const opened = await openDatabase({
      dataDir: world.database.dataDir,
      databaseUrl: world.database.databaseUrl,
    })
    try {
      const { db } = opened
      // Every acknowledged delivery logged exactly once; none logged twice.
      const perToken = await selectRows<{ token: string; n: unknown }>(
        db,
        sql`select payload->'data'->'updates'->0->>'event_id' as token, count(*) as n from webhook_logs
          where status_code = 200 group by 1`,
      )
      const logged = new Map(perToken.map((row) => [row.token, Number(row.n)]))
      expect(acked.filter((token) => logged.get(token) !== 1)).toEqual([])
      expect([...logged.values()].filter((n) => n > 1)).toEqual([])
      // The job reached every row after the restart's wake-up, each indexed with its own text.
      const [unindexed] = await selectRows<{ n: unknown }>(
        db,
        sql`select count(*) as n from webhook_logs where search_text is null`,
      )
      expect(Number(unindexed?.n)).toBe(0)
      for (const table of INDEXED_LOG_TABLES) {
        const [row] = await selectRows<{ n: unknown }>(
          db,
          sql`select count(*) as n from ${sql.raw(table)}
            where search_text is not null and search_text <> ${SEARCH_DOCUMENT[table]}`,
        )
        expect(Number(row?.n), table).toBe(0)
      }
      // Whatever the killed run had done, the counters equal the rows, per client.
      for (const table of INDEXED_LOG_TABLES) await indexLogTail(db, table, 100_000)
      const mismatches = await selectRows(
        db,
        sql`with counted as (
            select source, client_key, sum(rows) as n from log_counters
            where source in ('webhook_logs', 'api_request_logs') group by 1, 2
          ), actual as (
            select 'webhook_logs' as source, coalesce(client_id, '') as client_key, count(*) as n
            from webhook_logs group by 2
            union all
            select 'api_request_logs', coalesce(client_id, ''), count(*) from api_request_logs group by 2
          )
          select * from counted full join actual using (source, client_key)
          where coalesce(counted.n, 0) <> coalesce(actual.n, 0)`,
      )
      expect(mismatches).toEqual([])
    } finally {
      await opened.close()
    }
  })
})
