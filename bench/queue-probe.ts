// Diagnostic, PostgreSQL only: samples the lead-sync queue (pgboss.job by state) and what the hub's
// database sessions are doing, twice a second, while webhooks for a backlog arrive. Used to find
// why workers sat idle with jobs queued (RESULTS.md, "drain").
//   node --import tsx bench/queue-probe.ts   (PROBE_CLIENTS=5 PROBE_LEADS=2 PROBE_EVENTS=50 PROBE_SECONDS=60)
import pg from 'pg'
import { sleep } from '../server/src/testing/wait-for.ts'
import { startWorld, webhookBody } from './world.ts'

const n = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const world = await startWorld({
  db: 'postgres',
  clientCount: n('PROBE_CLIENTS', 5),
  yelpRatePerSecond: n('BENCH_YELP_RATE', 5),
})
const bodies: string[] = []
const perLead: string[][] = []
for (const client of world.clients)
  for (let l = 0; l < n('PROBE_LEADS', 2); l++) {
    const lead = world.yelp.addLead({
      id: `probe-${client.clientId}-${l}`,
      businessId: client.businessId,
      notify: false,
      events: Array.from({ length: n('PROBE_EVENTS', 50) }, (_, e) => ({ text: `probe ${l} ${e}` })),
    })
    perLead.push(lead.events.map((e) => webhookBody(client.businessId, lead.id, e.id)))
  }
for (let e = 0; e < (perLead[0]?.length ?? 0); e++) for (const lead of perLead) bodies.push(lead[e] ?? '')
const db = new pg.Client({ connectionString: world.databaseUrl })
await db.connect()
const t0 = Date.now()
let stop = false
const sampler = (async () => {
  while (!stop) {
    const jobs = await db.query(
      `select state::text, count(*)::int n from pgboss.job where name = 'yelp-lead-sync' and state < 'completed' group by 1 order by 1`,
    )
    const sessions = await db.query(
      `select application_name app, state, coalesce(wait_event, '') wait, round(extract(epoch from now() - query_start)::numeric, 1) age,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 50) q
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
    )
    const arrived = world.arrivals.size
    console.log(
      ((Date.now() - t0) / 1000).toFixed(1),
      `forwarded=${arrived}`,
      JSON.stringify(jobs.rows.map((r) => `${r.state}:${r.n}`)),
      sessions.rows.map((r) => `[${r.app}|${r.state}|${r.wait}|${r.age}s|${r.q}]`).join(' '),
    )
    await sleep(500)
  }
})()
let next = 0
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (next < bodies.length && Date.now() - t0 < n('PROBE_SECONDS', 60) * 1000) {
      const body = bodies[next++] ?? ''
      await fetch(`${world.hub.url}/yelp/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    }
  }),
)
console.log('enqueued', next, 'in', ((Date.now() - t0) / 1000).toFixed(1), 's')
await sleep(Math.max(0, n('PROBE_SECONDS', 60) * 1000 - (Date.now() - t0)))
stop = true
await sampler
await db.end()
await world.close()
process.exit(0)
