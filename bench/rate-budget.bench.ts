// Issue 10 item 9: what the shared provider budget (rate_budget_slots, decision 0015) adds to each
// provider call on PostgreSQL. Every call claims a slot before it is sent and releases it when it
// ends: two short statements. Timed here against a bare `select 1` round trip on the same pool:
//   - one caller: claim + release, one pair after another;
//   - 8 callers at once on one key (the contention of two busy hub processes);
//   - a claim refused because the budget is spent (what a waiting call pays per look).
//
//   node --import tsx bench/rate-budget.bench.ts          # BENCH_RUNS pairs per caller (2,000)
import { tmpdir } from 'node:os'
import { openDatabase } from '../server/src/db/database.ts'
import { RateBudgetStore } from '../server/src/repositories/rate-budget.repository.ts'
import { createBenchPostgres } from './bench-postgres.ts'
import { machine } from './world.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 2000)
const CALLERS = 8
/**
 * GHL's 100 slots per key, with a 1 ms window so a released slot is free again at once: no claim
 * of the timed loops has to wait, and each reads as many rows as a real GHL key.
 */
const ROOMY = { limit: 100, windowMs: 1, holdMs: 30_000 }

function summary(label: string, samples: number[], wallMs?: number): string {
  samples.sort((a, b) => a - b)
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)] ?? 0
  const rate = wallMs ? `   ${Math.round((samples.length / wallMs) * 1000)}/s` : ''
  return `${label.padEnd(44)} p50 ${at(0.5).toFixed(2).padStart(6)} ms   p95 ${at(0.95).toFixed(2).padStart(6)} ms${rate}`
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

async function main(): Promise<void> {
  console.log('rate budget bench', machine())
  const target = await createBenchPostgres()
  const database = await openDatabase({ databaseUrl: target.url, dataDir: tmpdir() })
  try {
    const store = new RateBudgetStore(database.db)
    const pair = async (key: string) => {
      const ticket = await store.claim(key, ROOMY.limit, ROOMY.windowMs, ROOMY.holdMs)
      if (!('slot' in ticket)) throw new Error(`no slot for ${key}: ${JSON.stringify(ticket)}`)
      await store.release(ticket)
    }
    // The first claim of a key adds its slots; not what a call pays afterwards.
    await pair('ghl:bench')
    for (let i = 0; i < 200; i++) await pair('ghl:bench')

    const lines: string[] = []
    const baseline: number[] = []
    for (let i = 0; i < RUNS; i++) baseline.push(await timed(() => database.execute('select 1')))
    lines.push(summary('select 1 (one round trip, baseline)', baseline))

    const sequential: number[] = []
    for (let i = 0; i < RUNS; i++) sequential.push(await timed(() => pair('ghl:bench')))
    lines.push(summary('claim + release, one caller', sequential))

    const concurrent: number[] = []
    const wall = await timed(() =>
      Promise.all(
        Array.from({ length: CALLERS }, async () => {
          for (let i = 0; i < RUNS / 2; i++) concurrent.push(await timed(() => pair('ghl:bench')))
        }),
      ),
    )
    lines.push(summary(`claim + release, ${CALLERS} callers on one key`, concurrent, wall))

    // A spent budget: 10 slots, all held; each claim answers how long to wait.
    const spent = { limit: 10, windowMs: 10_000, holdMs: 30_000 }
    for (let i = 0; i < spent.limit; i++)
      await store.claim('yelp:spent', spent.limit, spent.windowMs, spent.holdMs)
    const refused: number[] = []
    for (let i = 0; i < RUNS; i++)
      refused.push(
        await timed(async () => {
          const answer = await store.claim('yelp:spent', spent.limit, spent.windowMs, spent.holdMs)
          if ('slot' in answer) throw new Error('a spent budget gave a slot')
        }),
      )
    lines.push(summary('claim refused (budget spent)', refused))
    console.log(`\npostgres, ${RUNS} per row\n${lines.join('\n')}`)
  } finally {
    await database.close()
    await target.drop()
  }
}

await main()
