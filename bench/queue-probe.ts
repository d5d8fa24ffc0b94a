import pg from 'pg'
import { sleep, startWorld, waitUntil, webhookBody } from './world.ts'

const world = await startWorld({ db: 'postgres', clientCount: 1 })
const client = world.clients[0]!
const leads = [] as { leadId: string; eventId: string }[]
for (let l = 0; l < 50; l++) {
  const lead = world.yelp.addLead({
    id: `p-${l}`,
    businessId: client.businessId,
    notify: false,
    events: [{ text: `p ${l}` }],
  })
  leads.push({ leadId: lead.id, eventId: lead.events[0]!.id })
}
for (const l of leads)
  await fetch(`${world.hub.url}/yelp/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: webhookBody(client.businessId, l.leadId, l.eventId),
  })
await waitUntil(() => leads.every((l) => world.arrivals.has(l.eventId)), 60_000)
const db = new pg.Client({ connectionString: world.databaseUrl })
await db.connect()
const t0 = Date.now()
let stop = false
const sampler = (async () => {
  while (!stop) {
    const s = await db.query(
      `select state::text, count(*)::int n, round(extract(epoch from max(start_after - now()))::numeric, 2) as max_sa from pgboss.job where name='yelp-lead-sync' and state < 'completed' group by 1 order by 1`,
    )
    const a = await db.query(
      `select application_name, state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 60) q, round(extract(epoch from now() - state_change)::numeric,1) age from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
    )
    const now = Date.now()
    const recent = (list: { time: string; path: string }[]) =>
      list.filter((r) => Date.parse(r.time) > now - 1000 && !r.path.startsWith('/__sim')).length
    console.log(
      ((now - t0) / 1000).toFixed(1),
      'ghl/s',
      recent(world.ghl.server.requests.list()),
      'yelp/s',
      recent(world.yelp.requests.list()),
      JSON.stringify(s.rows.map((r) => [r.state, r.n])),
      a.rows.map((r) => `${r.state}/${r.wait_event ?? ''}/${r.age}s:${r.q}`).join(' | '),
    )
    await sleep(500)
  }
})()
for (let k = 0; k < 300; k++) {
  const due = t0 + k * 50
  if (due > Date.now()) await sleep(due - Date.now())
  const l = leads[k % 50]!
  void fetch(`${world.yelp.url}/__sim/yelp/leads/${l.leadId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: `m ${k}` }),
  })
}
await sleep(15000)
stop = true
await sampler
await db.end()
await world.close()
process.exit(0)
