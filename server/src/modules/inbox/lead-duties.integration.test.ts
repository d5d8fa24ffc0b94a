import { leadDetailSchema, leadReadAnswerSchema } from '@common/leads.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// docs/decisions/0012 over real HTTP: the inbox's read receipts and "replied by phone/email" reach the
// Yelp simulator, which records every call, through the hub's API and its engine.

let world: ConnectedWorld

beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

interface SimLeadView {
  events: Array<{ id: string; user_type: string }>
  readUpToEventId: string | null
  repliedVia: string | null
}
const simLead = async (leadId: string) =>
  (await (await fetch(`${world.yelp.url}/__sim/yelp/leads/${leadId}`)).json()) as SimLeadView

const markReadCalls = (leadId: string) =>
  world.sims.yelpRequests('POST', new RegExp(`^/v3/leads/${leadId}/events/mark_as_read$`))
const markRepliedCalls = (leadId: string) =>
  world.sims.yelpRequests('POST', new RegExp(`^/v3/leads/${leadId}/mark_as_replied$`))

async function storedLead(leadId: string, eventCount = 1) {
  return waitFor(`lead ${leadId} with ${eventCount} event(s) in the hub`, async () => {
    const response = await world.admin.get(`/api/leads/${leadId}`)
    if (response.status !== 200) return null
    const lead = leadDetailSchema.parse(response.body)
    return lead.events.length >= eventCount ? lead : null
  })
}

describe('read receipts (POST /api/leads/{id}/read)', () => {
  it('marks the opened lead read on Yelp once per event, and never a lead nobody opened', async () => {
    const first = world.sims.newLead('rr-opened')
    world.sims.newLead('rr-unopened')
    await storedLead('rr-opened')
    await storedLead('rr-unopened')
    expect((await storedLead('rr-opened')).readReceipt.state).toBe('unread')

    const opened = await world.admin.post('/api/leads/rr-opened/read', { eventId: first })
    expect(opened.status, opened.text).toBe(202)
    expect(leadReadAnswerSchema.parse(opened.body)).toMatchObject({
      outcome: 'queued',
      readReceipt: { state: 'pending' },
    })
    // Opened again (another tab, a refresh) before and after Yelp confirmed: nothing more is queued.
    const again = await world.admin.post('/api/leads/rr-opened/read', { eventId: first })
    expect(again.status).toBe(200)
    expect(leadReadAnswerSchema.parse(again.body).outcome).toBe('already')

    await waitFor(
      'Yelp marks the event read',
      async () => (await simLead('rr-opened')).readUpToEventId === first,
    )
    const read = await waitFor('the hub records the receipt', async () => {
      const lead = await storedLead('rr-opened')
      return lead.readReceipt.state === 'read' ? lead : null
    })
    expect(read.readReceipt).toMatchObject({ readEventId: first })
    expect(read.readReceipt.readAt).not.toBeNull()
    expect((await world.admin.post('/api/leads/rr-opened/read', { eventId: first })).status).toBe(200)

    expect(markReadCalls('rr-opened')).toHaveLength(1)
    expect(markReadCalls('rr-opened')[0]?.body).toMatchObject({ event_id: first })
    expect(markReadCalls('rr-unopened')).toHaveLength(0)
    expect((await simLead('rr-unopened')).readUpToEventId).toBeNull()
  })

  it('a new consumer message is unread again until the lead is opened again', async () => {
    const second = world.sims.consumerMessage('rr-opened', 'Any news on the quote?')
    const lead = await storedLead('rr-opened', 2)
    expect(lead.readReceipt.state).toBe('unread')
    const opened = await world.admin.post('/api/leads/rr-opened/read', { eventId: second })
    expect(opened.status, opened.text).toBe(202)
    await waitFor(
      'Yelp marks the new event',
      async () => (await simLead('rr-opened')).readUpToEventId === second,
    )
    await waitFor(
      'the hub shows it read',
      async () => (await storedLead('rr-opened', 2)).readReceipt.state === 'read',
    )
    expect(markReadCalls('rr-opened').map((call) => (call.body as { event_id: string }).event_id)).toEqual([
      expect.any(String),
      second,
    ])
  })

  it('refuses an event that is not a consumer message of the lead, naming eventId', async () => {
    for (const eventId of ['no-such-event', '']) {
      const response = await world.admin.post('/api/leads/rr-opened/read', { eventId })
      expect(response.status).toBe(400)
      expect(response.text).toContain('eventId')
    }
    expect((await world.admin.post('/api/leads/nobody/read', { eventId: 'x' })).status).toBe(404)
  })
})

describe('replied outside Yelp (POST /api/leads/{id}/replied)', () => {
  it('marks the lead replied once, sets it contacted and records it on the timeline', async () => {
    world.sims.newLead('rp-phone')
    expect((await storedLead('rp-phone')).status).toBe('new')

    const marked = await world.admin.post('/api/leads/rp-phone/replied', { replyType: 'PHONE' })
    expect(marked.status, marked.text).toBe(200)
    expect(marked.body).toEqual({ outcome: 'marked' })
    expect((await simLead('rp-phone')).repliedVia).toBe('PHONE')

    const lead = await storedLead('rp-phone')
    expect(lead.status).toBe('contacted')
    expect(lead.activity).toEqual([
      { kind: 'replied_phone', by: 'admin', detail: null, at: expect.any(String) },
    ])

    // A second click (or another operator) is done already: Yelp is not asked again.
    const again = await world.admin.post('/api/leads/rp-phone/replied', { replyType: 'EMAIL' })
    expect(again.body).toEqual({ outcome: 'already_marked' })
    expect(markRepliedCalls('rp-phone')).toHaveLength(1)
    expect((await storedLead('rp-phone')).activity).toHaveLength(1)
  })

  it("shows Yelp's 403 'already marked' as done, not as an error", async () => {
    world.sims.newLead('rp-elsewhere')
    await storedLead('rp-elsewhere')
    // Marked by someone else (Yelp's own inbox, another tool): Yelp now refuses a second mark.
    expect(await world.clients.yelpLeads.markAsReplied('acme', 'rp-elsewhere', 'PHONE')).toBe('marked')

    const response = await world.admin.post('/api/leads/rp-elsewhere/replied', { replyType: 'EMAIL' })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({ outcome: 'already_marked' })
    const calls = markRepliedCalls('rp-elsewhere')
    expect(calls.map((call) => call.status)).toEqual([200, 403])
    const lead = await storedLead('rp-elsewhere')
    expect(lead.status).toBe('contacted')
    expect(lead.activity).toEqual([
      expect.objectContaining({ kind: 'replied_email', detail: expect.stringContaining('already') }),
    ])
  })

  it('refuses a reply type other than PHONE or EMAIL, naming replyType', async () => {
    const response = await world.admin.post('/api/leads/rp-phone/replied', { replyType: 'SMS' })
    expect(response.status).toBe(400)
    expect(response.text).toContain('replyType')
  })
})
