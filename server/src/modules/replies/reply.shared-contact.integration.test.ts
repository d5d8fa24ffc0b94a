import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, contactOf, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// Two Yelp leads with one phone are one GHL contact and one conversation (docs/providers/ghl.md
// §9): which lead a reply answers is the GHL user's choice, by the rule of
// docs/decisions/0019-replies-to-a-shared-ghl-contact.md. Over real HTTP against both simulators.
let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

interface GhlMessageState {
  id: string
  direction: string
  body: string
  altId?: string
  status: string
  error?: { message?: string }
}

const ghlMessage = async (messageId: string) =>
  (await world.sims.ghlState<GhlMessageState[]>('messages')).find((m) => m.id === messageId)

async function reply(contactId: string, message: string) {
  const sent = await world.ghl.simulateUserReply({ locationId: ACME.location, contactId, message })
  expect(sent.response.status).toBe(200)
  // Past GHL's status-update 403 window (docs/providers/ghl.md §9).
  world.ghl.server.clock.advance(6000)
  await waitFor(
    'the reply settled in GHL',
    async () => (await ghlMessage(sent.messageId))?.status !== 'pending',
  )
  return (await ghlMessage(sent.messageId)) as GhlMessageState
}

const bizTexts = async (leadId: string) =>
  (await world.sims.yelpLead(leadId)).events
    .filter((e) => e.user_type === 'BIZ')
    .map((e) => e.event_content.text)

describe('replies to a GHL contact two Yelp leads share', () => {
  it('labels each lead’s messages in the shared thread, and a reply starting with a lead’s tag answers that lead', {
    timeout: 120_000,
  }, async () => {
    const pat = { consumerName: 'Robin K.', phoneNumber: '+14155550188' }
    const march = world.sims.newLead('robin-march-roof', pat)
    await waitFor('March in GHL', async () => (await world.sims.ghlMessagesFor([march])).length === 1)
    world.yelp.server.clock.advance(60_000)
    const june = world.sims.newLead('robin-june-gutter', pat)
    await waitFor('June in GHL', async () => (await world.sims.ghlMessagesFor([june])).length === 1)
    const contactId = await contactOf(world.db, 'robin-june-gutter')
    expect(await contactOf(world.db, 'robin-march-roof')).toBe(contactId)
    if (!contactId) throw new Error('no contact for Robin')

    // Once the contact is shared, every message forwarded into its thread names its lead.
    world.yelp.server.clock.advance(60_000)
    const again = world.sims.consumerMessage('robin-march-roof', 'Is the roof quote still valid?')
    const [labelled] = await waitFor('her March message in GHL', async () => {
      const found = await world.sims.ghlMessagesFor([again])
      return found.length === 1 ? found : undefined
    })
    expect(labelled?.body).toBe('Yelp lead #robin-march-roof\nIs the roof quote still valid?')
    const [juneInGhl] = await world.sims.ghlMessagesFor([june])
    expect(juneInGhl?.body).toMatch(/^Yelp lead #robin-june-gutter\n/)

    // The GHL user answers the June lead although March wrote last: the tag decides, and Yelp
    // gets the text without it.
    const tagged = await reply(contactId, '#robin-june-gutter We can clean the gutters on Monday.')
    expect(tagged.status).toBe('delivered')
    expect(await bizTexts('robin-june-gutter')).toEqual(['We can clean the gutters on Monday.'])
    expect(await bizTexts('robin-march-roof')).toEqual([])

    // Without a tag: the lead whose consumer wrote last (March).
    const untagged = await reply(contactId, 'Yes, until the end of the month.')
    expect(untagged.status).toBe('delivered')
    expect(await bizTexts('robin-march-roof')).toEqual(['Yes, until the end of the month.'])

    // A tag naming no lead of this contact is never guessed at: the reply fails, GHL says why.
    const unknown = await reply(contactId, '#robin-july-deck Deck next week?')
    expect(unknown.status).toBe('failed')
    expect(unknown.error?.message).toMatch(
      /#robin-july-deck is not one of this contact's Yelp leads \(#robin-march-roof, #robin-june-gutter\)/,
    )
    expect(await bizTexts('robin-june-gutter')).toEqual(['We can clean the gutters on Monday.'])
    expect(await bizTexts('robin-march-roof')).toEqual(['Yes, until the end of the month.'])

    // A reply typed in the hub's inbox is mirrored into the shared thread with its lead's label too.
    const typed = await world.admin.post('/api/leads/robin-march-roof/reply', { text: 'We will call you.' })
    expect(typed.status, typed.text).toBe(202)
    const mirrored = await waitFor('the inbox reply mirrored in GHL', async () =>
      (await world.sims.ghlState<GhlMessageState[]>('messages')).find(
        (m) => m.direction === 'outbound' && m.body.endsWith('We will call you.'),
      ),
    )
    expect(mirrored.body).toBe('Yelp lead #robin-march-roof\nWe will call you.')
  })

  it('leaves the messages and replies of a contact with one lead as they are, a leading # included', {
    timeout: 90_000,
  }, async () => {
    const first = world.sims.newLead('solo-lead', { consumerName: 'Kim L.', phoneNumber: '+14155550199' })
    await waitFor('solo in GHL', async () => (await world.sims.ghlMessagesFor([first])).length === 1)
    const [inGhl] = await world.sims.ghlMessagesFor([first])
    expect(inGhl?.body).not.toMatch(/^Yelp lead #/)
    const contactId = await contactOf(world.db, 'solo-lead')
    if (!contactId) throw new Error('no contact for Kim')
    const sent = await reply(contactId, '#1 priority: we come tomorrow.')
    expect(sent.status).toBe('delivered')
    expect(await bizTexts('solo-lead')).toEqual(['#1 priority: we come tomorrow.'])
  })
})
