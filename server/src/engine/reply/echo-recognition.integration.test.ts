import type { AutomationStep } from '@common/lead-automation.ts'
import type { PlaybookInput } from '@common/playbook.ts'
import { QUEUES } from '@common/queues.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, contactOf, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// Yelp echoes every reply the hub writes as a new event on the lead, and may give its text back
// with other whitespace, and list it only a while after its webhook. Either way it is the hub's
// own first reply: it must not reach GHL a second time (the hub mirrors it already), nor count as
// a person's reply, which would end the follow-ups for good.

let world: ConnectedWorld
const ALL_WEEK: PlaybookInput['businessHours'] = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00'] as [string, string]]]),
)
/** Line breaks and a double space: what Yelp may give back as single spaces. */
const FIRST_REPLY = 'Hi {firstName},\n\nthanks  for asking about {jobType}!'
const SENT = 'Hi Sam,\n\nthanks  for asking about Roof inspection!'

beforeAll(async () => {
  world = await startConnectedWorld({ core: { engine: { retryBaseMs: 500, retryMaxMs: 2000 } } })
  const saved = await world.admin.request('PUT', `/api/clients/${ACME.clientId}/playbook`, {
    json: {
      timezone: 'UTC',
      businessHours: ALL_WEEK,
      firstReply: { enabled: true, mode: 'auto', delaySeconds: 0, inHours: FIRST_REPLY, afterHours: '' },
      followUps: [{ afterMinutes: 60, text: 'Still looking for help, {firstName}?' }],
      followUpMode: 'auto',
    } satisfies PlaybookInput,
  })
  expect(saved.status, saved.text).toBe(200)
}, 60_000)
afterAll(() => world?.close())

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The Yelp event of the hub's first reply, once Yelp holds it. */
function echoOf(leadId: string): Promise<string> {
  return waitFor('the first reply on Yelp', async () => {
    const events = (await world.sims.yelpLead(leadId)).events
    return events.find(
      (e) => e.user_type === 'BIZ' && normalised(e.event_content.text ?? '') === normalised(SENT),
    )?.id
  })
}

async function history(leadId: string): Promise<AutomationStep[]> {
  const response = await world.admin.get(`/api/leads/${leadId}/automation`)
  return response.status === 200 ? (response.body as AutomationStep[]) : []
}

/** How the hub settled the echo's event once a sync read it (`echo`, or `outbound` when forwarded). */
function settledAs(eventId: string): Promise<string> {
  return waitFor(
    "the echo's event settled",
    async () => {
      const result = (await world.db.execute(
        sql`select kind from yelp_event_claims where event_id = ${eventId} and state = 'done'`,
      )) as unknown as { rows: Array<{ kind: string }> }
      return result.rows[0]?.kind
    },
    30_000,
  )
}

/** The lead's messages in its GHL conversation that carry the first reply's text. */
async function firstRepliesInGhl(leadId: string) {
  const contactId = await contactOf(world.db, leadId)
  return (await world.sims.ghlMessages()).filter(
    (m) => m.contactId === contactId && normalised(m.body) === normalised(SENT),
  )
}

async function expectOwnReplyOnce(leadId: string): Promise<void> {
  const echo = await echoOf(leadId)
  // Once its webhook's sync has read it: once in GHL, and follow-up 1 still to come.
  const kind = await settledAs(echo)
  await waitFor('the mirror in GHL', async () => (await firstRepliesInGhl(leadId)).length > 0)
  expect(await firstRepliesInGhl(leadId)).toHaveLength(1)
  const steps = await history(leadId)
  expect(steps.find((s) => s.kind === 'first_reply')?.state).toBe('sent')
  expect(steps.find((s) => s.kind === 'follow_up' && s.step === 1)?.state).toBe('scheduled')
  expect(kind).toBe('echo')
}

describe("the hub's first reply as Yelp gives it back", () => {
  it('with other whitespace: neither forwarded to GHL again nor taken for a person', {
    timeout: 60_000,
  }, async () => {
    world.yelp.settings.reformatsApiWrites = true
    world.yelp.settings.listsApiWritesAfterMs = 0
    world.sims.newLead('echo-spaces')
    await expectOwnReplyOnce('echo-spaces')
  })

  it('with other whitespace and listed late: neither forwarded nor taken for a person', {
    timeout: 60_000,
  }, async () => {
    world.yelp.settings.reformatsApiWrites = true
    // Past the reply's read back and past the echo's first sync.
    world.yelp.settings.listsApiWritesAfterMs = 5_000
    world.sims.newLead('echo-late')
    await expectOwnReplyOnce('echo-late')
  })
})

describe("a lead's follow-up wake-up", () => {
  it('is queued with the lead’s ids only, not the stored lead and its events', async () => {
    const result = (await world.db.execute(sql`
      select data from pgboss.job
      where name = ${QUEUES.leadAutomation} and data->>'leadId' = 'echo-spaces' and start_after > now()`)) as unknown as {
      rows: Array<{ data: Record<string, unknown> }>
    }
    expect(result.rows.length).toBeGreaterThan(0)
    for (const { data } of result.rows) expect(Object.keys(data).sort()).toEqual(['clientId', 'leadId'])
  })
})
