import { generateKeyPairSync, sign } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACME,
  type ConnectedWorld,
  contactOf,
  messageRow,
  startConnectedWorld,
} from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// GHL retries a provider webhook only when it is answered 429 (docs/providers/ghl.md §10): every
// other failure loses the reply for good. Over real HTTP against both simulators.
const rotated = generateKeyPairSync('ed25519')
const rotatedSpki = rotated.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')

let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld({
    // A key rotation: GHL's new key next to the one it still signs with.
    env: ({ ghl }) => ({ GHL_WEBHOOK_PUBLIC_KEY: `${ghl.publicKeys.ed25519.spkiBase64}, ${rotatedSpki}` }),
  })
})
afterAll(() => world?.close())

const ghlStatus = async (messageId: string) =>
  (await world.sims.ghlMessages()).find((m) => m.id === messageId)?.status

function postSigned(body: Record<string, unknown>) {
  const raw = Buffer.from(JSON.stringify(body))
  return fetch(`${world.server.url}/reply`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-ghl-signature': sign(null, raw, rotated.privateKey).toString('base64'),
    },
    body: raw,
  })
}

describe('POST /reply when the hub cannot take it now', () => {
  it('answers 429 on a database failure, and GHL’s retry ten minutes later delivers the reply once', {
    timeout: 120_000,
  }, async () => {
    const eventId = world.sims.newLead('lead-429')
    await waitFor('lead-429 in GHL', async () => (await world.sims.ghlMessagesFor([eventId])).length === 1)
    const contactId = await contactOf(world.db, 'lead-429')
    if (!contactId) throw new Error('no contact for lead-429')

    // A database hiccup: the table the reply is recorded in is away for a moment.
    await world.db.execute(sql`alter table messages rename to messages_away`)
    let sent: Awaited<ReturnType<typeof world.ghl.simulateUserReply>>
    try {
      sent = await world.ghl.simulateUserReply({
        locationId: ACME.location,
        contactId,
        message: 'See you Tuesday.',
      })
    } finally {
      await world.db.execute(sql`alter table messages_away rename to messages`)
    }
    expect(sent.response.status).toBe(429)
    expect(sent.response.body).not.toMatch(/messages_away|relation|sql/i)

    // GHL retries about ten minutes later (its own clock); skip its status-update 403 window too.
    world.ghl.server.clock.advance(20 * 60_000)
    await waitFor('delivered in GHL', async () => (await ghlStatus(sent.messageId)) === 'delivered', 60_000)
    const events = (await world.sims.yelpLead('lead-429')).events.filter(
      (e) => e.user_type === 'BIZ' && e.event_content.text === 'See you Tuesday.',
    )
    expect(events).toHaveLength(1)
    expect((await messageRow(world.db, `ghl:${sent.messageId}`))?.status).toBe('success')
  })
})

describe('POST /reply signatures and timestamps', () => {
  const unknownLocation = (timestamp: string, messageId: string) => ({
    type: 'SMS',
    locationId: 'LocNotOurs',
    contactId: 'c1',
    messageId,
    message: 'hi',
    timestamp,
  })

  it('accepts a reply signed with either configured key (a key rotation)', async () => {
    const response = await postSigned(unknownLocation(new Date().toISOString(), 'rot-1'))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ received: true })
  })

  it('accepts GHL’s retry of a reply first sent 70 minutes ago, and refuses one from 3 hours ago', async () => {
    const retried = await postSigned(
      unknownLocation(new Date(Date.now() - 70 * 60_000).toISOString(), 'ts-1'),
    )
    expect(retried.status).toBe(200)
    const stale = await postSigned(unknownLocation(new Date(Date.now() - 3 * 3600_000).toISOString(), 'ts-2'))
    expect(stale.status).toBe(401)
    expect(await stale.json()).toEqual({ error: expect.stringMatching(/^timestamp: /) })
  })
})

describe('a reply to a contact several Yelp leads share', () => {
  async function reply(contactId: string, message: string) {
    const sent = await world.ghl.simulateUserReply({ locationId: ACME.location, contactId, message })
    expect(sent.response.status).toBe(200)
    world.ghl.server.clock.advance(6000)
    await waitFor('delivered in GHL', async () => (await ghlStatus(sent.messageId)) === 'delivered')
    return sent
  }
  const bizTexts = async (leadId: string) =>
    (await world.sims.yelpLead(leadId)).events
      .filter((e) => e.user_type === 'BIZ')
      .map((e) => e.event_content.text)

  it('goes to the lead with the newest consumer activity, not the first one stored', {
    timeout: 120_000,
  }, async () => {
    // Pat asked about her roof in March and about her gutters in June, with one phone number:
    // GHL's duplicate rules make both leads one contact.
    const pat = { consumerName: 'Pat K.', phoneNumber: '+14155550177' }
    const march = world.sims.newLead('pat-march-roof', pat)
    await waitFor('March in GHL', async () => (await world.sims.ghlMessagesFor([march])).length === 1)
    // Yelp stamps events to the second: months pass between her messages.
    world.yelp.server.clock.advance(60_000)
    const june = world.sims.newLead('pat-june-gutter', pat)
    await waitFor('June in GHL', async () => (await world.sims.ghlMessagesFor([june])).length === 1)
    const contactId = await contactOf(world.db, 'pat-june-gutter')
    expect(await contactOf(world.db, 'pat-march-roof')).toBe(contactId)
    if (!contactId) throw new Error('no contact for Pat')

    await reply(contactId, 'We can clean the gutters on Monday.')
    expect(await bizTexts('pat-june-gutter')).toContain('We can clean the gutters on Monday.')
    expect(await bizTexts('pat-march-roof')).not.toContain('We can clean the gutters on Monday.')

    // Now she writes on the March thread: the next reply answers that one.
    world.yelp.server.clock.advance(60_000)
    const again = world.sims.consumerMessage('pat-march-roof', 'Is the roof quote still valid?')
    await waitFor(
      'her March message in GHL',
      async () => (await world.sims.ghlMessagesFor([again])).length === 1,
    )
    await reply(contactId, 'Yes, until the end of the month.')
    expect(await bizTexts('pat-march-roof')).toContain('Yes, until the end of the month.')
    expect(await bizTexts('pat-june-gutter')).not.toContain('Yes, until the end of the month.')
  })
})
