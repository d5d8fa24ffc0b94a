import type { PlaybookInput } from '@common/playbook.ts'
import { QUEUES } from '@common/queues.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'
import { PRIORITY } from '../queue/queues.ts'
import { UNKNOWN_LEADS_LIVE_CAP } from './webhook-lead-admission.ts'

// Without a webhook secret anyone may post lead ids for a business (up to 100 a delivery), each a
// sync that costs Yelp calls. A flood of made-up ids on one business must not hold the live
// queue (and the Yelp rate limit every client shares) ahead of another business's real new lead,
// yet every id it names is still synced (docs/decisions/0026).

let world: ConnectedWorld
const BRAVO = { clientId: 'bravo', business: 'bravo-plumbing' } as const
const FAKE_IDS = Array.from({ length: 100 }, (_, i) => `fake-lead-${String(i).padStart(3, '0')}`)
const ALL_WEEK: PlaybookInput['businessHours'] = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00'] as [string, string]]]),
)

beforeAll(async () => {
  world = await startConnectedWorld()
  // Bravo: a second business of the same Yelp user, connected to Yelp (its syncs call Yelp on
  // its token), not to GHL.
  world.yelp.addBusiness({ id: BRAVO.business, name: 'Bravo Plumbing', adminUserIds: ['yelp-user-alex'] })
  await world.admin.call('add bravo', 'POST', '/api/clients', { clientId: BRAVO.clientId, name: 'Bravo' })
  await world.admin.call('subscribe bravo', 'POST', '/api/subscribe-webhook', {
    clientId: BRAVO.clientId,
    businessId: BRAVO.business,
  })
  const authorized = await world.admin.followOAuth(`/api/yelp-auth-url?clientId=${BRAVO.clientId}`)
  expect(authorized.status, authorized.page).toBe(200)
  const playbook: PlaybookInput = {
    timezone: 'America/Los_Angeles',
    businessHours: ALL_WEEK,
    firstReply: { enabled: true, mode: 'auto', delaySeconds: 0, inHours: 'Hi {firstName}!', afterHours: '' },
    followUps: [],
    followUpMode: 'auto',
  }
  const saved = await world.admin.request('PUT', `/api/clients/${ACME.clientId}/playbook`, { json: playbook })
  expect(saved.status, saved.text).toBe(200)
}, 60_000)
afterAll(() => world?.close())

/** Bravo's lead ids with a sync on `queue` at `priority`, whatever the sync's state. */
async function bravoLeadsOn(queue: string, priority: number): Promise<string[]> {
  const result = (await world.db.execute(
    sql`select data->>'leadId' as lead_id from pgboss.job
      where name = ${queue} and priority = ${priority} and data->>'clientId' = ${BRAVO.clientId}`,
  )) as unknown as { rows: Array<{ lead_id: string }> }
  return result.rows.map((row) => row.lead_id)
}

describe('a flood of unknown lead ids on one business', () => {
  it('leaves another business new lead live, queues the overflow behind it and loses none', {
    timeout: 120_000,
  }, async () => {
    world.yelp.server.requests.clear()
    const flood = await world.sims.postWebhook(
      FAKE_IDS.map((id) => ({ leadId: id, eventId: `ev-${id}` })),
      undefined,
      BRAVO.business,
    )
    expect(flood.status).toBe(200)
    const realLead = 'lead-real-new'
    const firstEvent = world.sims.newLead(realLead)

    // Acme's lead is forwarded to GHL and gets its first reply, ahead of most of bravo's ids.
    // (Behind the whole flood, as before the cap, it waits about 20 s: 100 reads at Yelp's 5 a second.)
    await waitFor(
      'the real lead forwarded',
      async () => (await world.sims.ghlMessagesFor([firstEvent])).length,
      60_000,
    )
    await waitFor(
      'its first reply on Yelp',
      async () =>
        (await world.sims.yelpLead(realLead)).events.some(
          (e) => e.user_type === 'BIZ' && e.event_type === 'TEXT',
        ),
      60_000,
    )
    const leadReads = world.sims.yelpRequests('GET', /^\/v3\/leads\/[^/]+$/).map((r) => r.path)
    const realRead = leadReads.indexOf(`/v3/leads/${realLead}`)
    expect(realRead).toBeGreaterThanOrEqual(0)
    const fakeReadsBefore = leadReads.slice(0, realRead).filter((path) => path.includes('fake-lead-')).length
    // The live cap, and a few overflow reads that may slip in before the live workers are busy.
    expect(fakeReadsBefore).toBeLessThanOrEqual(UNKNOWN_LEADS_LIVE_CAP + 4)

    // The cap's worth at live priority, the rest behind it as overflow: every id once.
    const live = await bravoLeadsOn(QUEUES.leadSync, PRIORITY.live)
    const overflow = await bravoLeadsOn(QUEUES.leadSync, PRIORITY.overflow)
    expect(live).toHaveLength(UNKNOWN_LEADS_LIVE_CAP)
    expect(overflow).toHaveLength(FAKE_IDS.length - UNKNOWN_LEADS_LIVE_CAP)
    expect(new Set([...live, ...overflow])).toEqual(new Set(FAKE_IDS))
    expect(await bravoLeadsOn(QUEUES.leadSyncBulk, PRIORITY.bulk)).toEqual([])

    // Nothing lost: every id is read at Yelp in the end, the overflow's calls ranked as bulk.
    await waitFor(
      'every flooded id read at Yelp',
      () => {
        const read = new Set(world.sims.yelpRequests('GET', /^\/v3\/leads\/fake-lead-/).map((r) => r.path))
        return FAKE_IDS.every((id) => read.has(`/v3/leads/${id}`))
      },
      90_000,
    )
  })
})
