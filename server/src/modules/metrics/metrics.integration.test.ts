import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'
import { waitFor } from '../../testing/wait-for.ts'

// docs/spec/product.md §9.5 and §9.7: GET /metrics in the Prometheus text format, every named
// family present, no ids in labels; METRICS_TOKEN's bearer, else an admin session, else 401.

const TOKEN = 'metrics-token-0123456789'
let world: ConnectedWorld
let bare: TestServer

beforeAll(async () => {
  world = await startConnectedWorld({ env: { METRICS_TOKEN: TOKEN } })
  bare = await startTestServer()
})
afterAll(async () => {
  await world?.close()
  await bare?.close()
})

interface Family {
  type: string
  samples: Array<{ name: string; labels: Record<string, string>; value: number }>
}

/** The exposition format, read line by line: `# TYPE` lines and samples `name{a="b"} value`. */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>()
  for (const line of text.split('\n')) {
    const typed = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line)
    if (typed?.[1] && typed[2]) {
      families.set(typed[1], { type: typed[2], samples: [] })
      continue
    }
    if (!line || line.startsWith('#')) continue
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line)
    if (!sample?.[1] || !sample[4]) throw new Error(`not an exposition line: ${line}`)
    const labels = Object.fromEntries(
      [...(sample[3] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
        m[1] ?? '',
        m[2] ?? '',
      ]),
    )
    const familyName = [...families.keys()].find(
      (name) => sample[1] === name || sample[1]?.startsWith(`${name}_`),
    )
    if (!familyName) throw new Error(`a sample without its TYPE: ${line}`)
    families.get(familyName)?.samples.push({ name: sample[1], labels, value: Number(sample[4]) })
  }
  return families
}

async function scrape(headers: Record<string, string> = {}) {
  return fetch(`${world.server.url}/metrics`, { headers })
}

describe('GET /metrics', () => {
  it('serves every family of §9.5 and the process defaults, with no ids in labels', async () => {
    const eventId = world.sims.newLead('metrics-lead-1')
    await world.sims.postWebhook([{ leadId: 'metrics-lead-1', eventId }])
    await waitFor('the message in GHL', async () => (await world.sims.ghlMessagesFor([eventId])).length === 1)
    // GHL holds the message before the hub has read GHL's answer and counted it: scrape until
    // the forward is counted rather than racing the hub's last step.
    const { answer, families } = await waitFor('the forward counted', async () => {
      const answer = await scrape({ authorization: `Bearer ${TOKEN}` })
      const families = parseExposition(await answer.clone().text())
      const forwarded = (families.get('leadrelay_messages_forwarded_total')?.samples ?? []).some(
        (s) => s.labels.direction === 'inbound' && s.value >= 1,
      )
      return forwarded && { answer, families }
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/plain')
    const expected: Array<[string, string, string[]]> = [
      ['leadrelay_webhooks_received_total', 'counter', []],
      ['leadrelay_messages_forwarded_total', 'counter', ['direction']],
      ['leadrelay_provider_requests_total', 'counter', ['provider', 'status']],
      ['leadrelay_provider_request_duration_seconds', 'histogram', ['provider']],
      ['leadrelay_webhook_to_ghl_seconds', 'histogram', []],
      ['leadrelay_jobs', 'gauge', ['queue', 'state']],
      ['leadrelay_leads_awaiting_reply', 'gauge', []],
      ['leadrelay_connections_needing_reauth', 'gauge', ['provider']],
      ['leadrelay_alerts_total', 'gauge', ['type', 'state']],
      ['process_cpu_user_seconds_total', 'counter', []],
      ['nodejs_eventloop_lag_seconds', 'gauge', []],
    ]
    for (const [name, type, labels] of expected) {
      const family = families.get(name)
      expect(family, name).toBeDefined()
      expect(family?.type, name).toBe(type)
      for (const sample of family?.samples ?? []) {
        expect(
          Object.keys(sample.labels)
            .filter((label) => label !== 'le')
            .sort(),
          name,
        ).toEqual([...labels].sort())
      }
    }
    const sum = (name: string, labels: Record<string, string> = {}) =>
      [...families.values()]
        .flatMap((family) => family.samples)
        .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((total, s) => total + s.value, 0)
    expect(sum('leadrelay_webhooks_received_total')).toBeGreaterThanOrEqual(1)
    expect(sum('leadrelay_messages_forwarded_total', { direction: 'inbound' })).toBeGreaterThanOrEqual(1)
    expect(sum('leadrelay_provider_requests_total', { provider: 'ghl', status: '2xx' })).toBeGreaterThan(0)
    expect(sum('leadrelay_provider_requests_total', { provider: 'yelp', status: '2xx' })).toBeGreaterThan(0)
    expect(sum('leadrelay_webhook_to_ghl_seconds_count')).toBeGreaterThanOrEqual(1)
    expect(sum('leadrelay_leads_awaiting_reply')).toBeGreaterThanOrEqual(1)
    expect(sum('leadrelay_jobs', { queue: 'yelp-lead-sync', state: 'completed' })).toBeGreaterThanOrEqual(1)
    const allowed: Record<string, RegExp> = {
      direction: /^(inbound|outbound)$/,
      provider: /^(yelp|ghl)$/,
      status: /^(2xx|3xx|4xx|5xx|error)$/,
    }
    for (const family of families.values()) {
      for (const sample of family.samples) {
        for (const [label, value] of Object.entries(sample.labels)) {
          expect(value).not.toMatch(/acme|metrics-lead|LocAAA|admin/)
          if (allowed[label]) expect(value, `${sample.name} ${label}`).toMatch(allowed[label])
        }
      }
    }
  })

  // docs/spec/product.md §9.1: one definition of "awaiting a reply" for the gauge, GET /api/stats
  // and GET /api/leads?needsReply=true. A lead marked replied by phone has the consumer's
  // message last in its events, yet nobody waits on it any more.
  it('counts the leads awaiting a reply as the API does', async () => {
    const eventId = world.sims.newLead('metrics-phoned')
    await waitFor('the message in GHL', async () => (await world.sims.ghlMessagesFor([eventId])).length === 1)
    const marked = await world.admin.post('/api/leads/metrics-phoned/replied', { replyType: 'PHONE' })
    expect(marked.status).toBe(200)
    const gauge = async () => {
      const families = parseExposition(await (await scrape({ authorization: `Bearer ${TOKEN}` })).text())
      return families.get('leadrelay_leads_awaiting_reply')?.samples[0]?.value
    }
    const stats = (await world.admin.get('/api/stats')).body as { leadsAwaitingReply: number }
    const listed = await world.admin.get('/api/leads?needsReply=true&limit=500')
    const waiting = listed.body as Array<{ leadId: string }>
    expect(waiting.map((lead) => lead.leadId)).not.toContain('metrics-phoned')
    expect(listed.headers.get('x-total-count')).toBe(String(waiting.length))
    expect(stats.leadsAwaitingReply).toBe(waiting.length)
    expect(await gauge()).toBe(stats.leadsAwaitingReply)
  })

  it('with METRICS_TOKEN set, needs that bearer: none, a wrong one or a session alone is 401', async () => {
    expect((await scrape()).status).toBe(401)
    expect((await scrape({ authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401)
    const cookie = world.admin.sessionCookie ?? ''
    expect((await scrape({ cookie })).status).toBe(401)
  })

  it('without METRICS_TOKEN, needs an admin session: anonymous and an operator are 401', async () => {
    expect((await fetch(`${bare.url}/metrics`)).status).toBe(401)
    const admin = new SessionClient(bare.url)
    await admin.login(bare.adminUsername, bare.adminPassword)
    const asAdmin = await admin.get('/metrics')
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.text).toContain('# TYPE leadrelay_jobs gauge')
    const operator = await signInScopedOperator(bare.url, admin, {
      username: 'metrics-operator',
      clientIds: [],
    })
    expect((await operator.get('/metrics')).status).toBe(401)
  })
})
