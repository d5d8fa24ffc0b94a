import { QUEUES } from '@common/queues.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing/test-server.ts'
import { waitFor } from '../testing/wait-for.ts'

// pg-boss's worker sleeps out its polling interval (2 s) after every job unless it is told
// otherwise: a queue of quick jobs then ran one job per worker every 2 s, whatever was waiting
// (the alert bench: about 4 deliveries a second from four workers). A worker that ran a job
// fetches again at once.
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

async function unfinished(queue: string): Promise<number> {
  const result = await server.server.database.execute(
    `select count(*)::int as n from pgboss.job where name = '${queue}' and state in ('created', 'retry', 'active')`,
  )
  return Number(result.rows[0]?.n)
}

describe('the engine drains a queue', () => {
  it('without pausing between jobs: 60 quick jobs over 4 workers in well under 30 s', {
    timeout: 60_000,
  }, async () => {
    const { boss } = server.server
    // Deliveries of alerts that do not exist: each run looks once and ends ("done before").
    await boss.insert(
      Array.from({ length: 60 }, (_, i) => ({
        name: QUEUES.alertDelivery,
        data: { alertId: 1_000_000 + i },
      })),
    )
    const started = Date.now()
    await waitFor('the queue drained', async () => (await unfinished(QUEUES.alertDelivery)) === 0, 45_000)
    // Sleeping 2 s after each job, four workers need 30 s for 60 of them.
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})
