import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACME,
  type ConnectedWorld,
  type SimContact,
  type SimMessage,
  startConnectedWorld,
} from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'

// The forwarding engine end to end, over real HTTP against both simulators: webhooks in,
// jobs on the real queue, contacts and messages in GHL, replies back to Yelp.
let world: ConnectedWorld
const LOCATION = ACME.location
const BUSINESS = ACME.business

// Client `acme` connected to both simulators through the hub's API (testing/connected-world.ts).
beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

const ghlState = <T>(path: string): Promise<T> => world.sims.ghlState<T>(path)

async function newLead(id: string, text: string) {
  const response = await fetch(`${world.yelp.url}/__sim/yelp/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id,
      businessId: BUSINESS,
      consumerName: 'Sam T.',
      phoneNumber: '+14155550101',
      message: text,
      project: {
        job_names: ['Roof inspection'],
        survey_answers: [{ question_text: 'What type of roof?', answer_text: ['Tile'] }],
        location: { postal_code: '94107' },
      },
    }),
  })
  expect(response.status, await response.clone().text()).toBeLessThan(300)
}

const messagesFor = async (altPrefix: string) =>
  (await ghlState<SimMessage[]>('messages')).filter(
    (m) => m.altId?.startsWith(altPrefix) || m.body.includes(altPrefix),
  )

describe('Yelp → GHL', () => {
  it('turns a new lead into a contact with custom fields and an inbound message', async () => {
    await newLead('lead-e2e-1', 'Can you inspect my tile roof?')
    const contact = await waitFor('the contact', async () =>
      (await ghlState<SimContact[]>('contacts')).find((c) => c.firstName === 'Sam'),
    )
    const fieldNames = new Map(
      (await ghlState<Array<{ id: string; name: string }>>('custom-fields')).map((f) => [f.id, f.name]),
    )
    const values = Object.fromEntries(
      (contact.customFields ?? []).map((f) => [fieldNames.get(f.id), f.value]),
    )
    expect(values).toMatchObject({
      'Yelp Lead ID': 'lead-e2e-1',
      'What type of roof?': 'Tile',
      'Yelp Postal Code': '94107',
    })
    const inbound = await waitFor('the inbound message', async () => {
      const found = (await ghlState<SimMessage[]>('messages')).filter(
        (m) => m.contactId === contact.id && m.direction === 'inbound',
      )
      return found.length ? found : null
    })
    expect(inbound).toHaveLength(1)
    expect(inbound[0]?.body).toContain('Can you inspect my tile roof?')
    const logged = (await world.admin.get('/api/audit?limit=1')).status
    expect(logged).toBe(200)
  })

  it('forwards one GHL message for a webhook delivered three times', async () => {
    await newLead('lead-e2e-2', 'Gutter cleaning please')
    await waitFor('the first message', async () => (await messagesFor('Gutter cleaning please')).length === 1)
    const event = (await (await fetch(`${world.yelp.url}/__sim/yelp/leads/lead-e2e-2`)).json()) as {
      events: Array<{ id: string }>
    }
    const payload = {
      time: new Date().toISOString(),
      object: 'business',
      data: {
        id: BUSINESS,
        updates: [{ event_type: 'NEW_EVENT', event_id: event.events[0]?.id, lead_id: 'lead-e2e-2' }],
      },
    }
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${world.server.url}/yelp/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
      expect(response.status).toBe(200)
    }
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await messagesFor('Gutter cleaning please')).toHaveLength(1)
  })

  // A 500 to a POST may hide a stored message, so each is retried by the job (after its
  // backoff, 2 + 4 + 8 s) once it has looked for the altId, not resent inside the call.
  it('forwards once when GHL answers 500 three times first', { timeout: 90_000 }, async () => {
    world.ghl.server.faults.add({
      method: 'POST',
      path: '/conversations/messages/inbound',
      status: 500,
      times: 3,
    })
    await fetch(`${world.yelp.url}/__sim/yelp/leads/lead-e2e-1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Any update on the quote?' }),
    })
    await waitFor(
      'the retried message',
      async () => (await messagesFor('Any update on the quote?')).length === 1,
      60_000,
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await messagesFor('Any update on the quote?')).toHaveLength(1)
  })
})

describe('GHL → Yelp', () => {
  it('delivers a reply to Yelp, reports delivered to GHL, and does not forward the echo', async () => {
    const contact = await waitFor('the contact', async () =>
      (await ghlState<SimContact[]>('contacts')).find((c) => c.firstName === 'Sam'),
    )
    const reply = await world.ghl.simulateUserReply({
      locationId: LOCATION,
      contactId: contact.id,
      message: 'Thanks Sam, we can come <b>Thursday</b>.',
    })
    expect(reply.response.status).toBe(200)
    const yelpEvent = await waitFor('the Yelp TEXT event', async () => {
      const lead = (await (await fetch(`${world.yelp.url}/__sim/yelp/leads/lead-e2e-1`)).json()) as {
        events: Array<{ id: string; user_type: string; event_content: { text: string } }>
      }
      return lead.events.find(
        (e) => e.user_type === 'BIZ' && e.event_content.text === 'Thanks Sam, we can come Thursday.',
      )
    })
    expect(yelpEvent).toBeTruthy()
    await waitFor('delivered status in GHL', async () => {
      const message = (await ghlState<SimMessage[]>('messages')).find((m) => m.id === reply.messageId)
      return message?.status === 'delivered'
    })
    // The echo webhook of our own write must not come back into GHL as a new message.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const copies = (await ghlState<SimMessage[]>('messages')).filter((m) => m.body.includes('we can come'))
    expect(copies).toHaveLength(1)
  })

  it('refuses an unsigned or tampered reply with 401 and sends nothing', async () => {
    const body = JSON.stringify({
      contactId: 'x',
      locationId: LOCATION,
      messageId: 'forged-1',
      message: 'hi',
    })
    const unsigned = await fetch(`${world.server.url}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    expect(unsigned.status).toBe(401)
    const forged = await fetch(`${world.server.url}/reply`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-ghl-signature': Buffer.from('nope').toString('base64'),
      },
      body,
    })
    expect(forged.status).toBe(401)
  })
})
