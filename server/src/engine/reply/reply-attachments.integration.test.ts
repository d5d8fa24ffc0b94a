import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ACME,
  type ConnectedWorld,
  contactOf,
  messageRow,
  startConnectedWorld,
} from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// A GHL user's reply with attachments (ProviderOutboundMessage `attachments`, docs/providers/ghl.md
// §9): Yelp takes text only, so the links travel with the text, or GHL hears why the reply failed.
// Over real HTTP against both simulators.
let world: ConnectedWorld
beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

interface GhlMessageState {
  id: string
  status: string
  error?: { code?: string; message?: string }
}

async function ghlMessage(messageId: string): Promise<GhlMessageState | undefined> {
  const all = await world.sims.ghlState<GhlMessageState[]>('messages')
  return all.find((m) => m.id === messageId)
}

async function leadInGhl(leadId: string): Promise<string> {
  const eventId = world.sims.newLead(leadId)
  await waitFor(`${leadId} in GHL`, async () => (await world.sims.ghlMessagesFor([eventId])).length === 1)
  const contactId = await contactOf(world.db, leadId)
  if (!contactId) throw new Error(`no contact for ${leadId}`)
  return contactId
}

async function reply(contactId: string, input: { message?: string; attachments: string[] }) {
  const sent = await world.ghl.simulateUserReply({ locationId: ACME.location, contactId, ...input })
  expect(sent.response.status, sent.response.body ?? '').toBe(200)
  expect(sent.sent.body).toMatchObject({ attachments: input.attachments })
  // Past GHL's status-update 403 window (docs/providers/ghl.md §9).
  world.ghl.server.clock.advance(6000)
  return sent
}

const bizTexts = async (leadId: string) =>
  (await world.sims.yelpLead(leadId)).events
    .filter((e) => e.user_type === 'BIZ')
    .map((e) => e.event_content.text)

describe('a GHL reply with attachments', () => {
  it('reaches Yelp as the text, then each attachment’s link on its own line, and GHL hears delivered', {
    timeout: 90_000,
  }, async () => {
    const contactId = await leadInGhl('lead-attach-links')
    const links = ['https://files.example.com/quote-118.pdf', 'https://files.example.com/roof photo.jpg']
    const sent = await reply(contactId, { message: 'Here is the quote and a photo.', attachments: links })

    await waitFor(
      'the reply settled in GHL',
      async () => (await ghlMessage(sent.messageId))?.status !== 'pending',
    )
    expect((await ghlMessage(sent.messageId))?.status).toBe('delivered')
    // The space is percent-encoded: the link stays one clickable link in Yelp's text.
    const forYelp =
      'Here is the quote and a photo.\nhttps://files.example.com/quote-118.pdf\nhttps://files.example.com/roof%20photo.jpg'
    expect(await bizTexts('lead-attach-links')).toEqual([forYelp])
    // The hub's record of the reply shows what Yelp got (and is how Yelp's echo of it is known).
    expect((await messageRow(world.db, `ghl:${sent.messageId}`))?.content).toBe(forYelp)
  })

  it('sends a photo with no text as its link alone', { timeout: 90_000 }, async () => {
    const contactId = await leadInGhl('lead-attach-only')
    const link = 'https://files.example.com/before-after.png'
    const sent = await reply(contactId, { attachments: [link] })

    await waitFor(
      'the reply settled in GHL',
      async () => (await ghlMessage(sent.messageId))?.status !== 'pending',
    )
    expect((await ghlMessage(sent.messageId))?.status).toBe('delivered')
    expect(await bizTexts('lead-attach-only')).toEqual([link])
  })

  it('reports failed with the reason when an attachment has no usable link, and writes nothing to Yelp', {
    timeout: 90_000,
  }, async () => {
    const contactId = await leadInGhl('lead-attach-broken')
    const sent = await reply(contactId, {
      message: 'Photo of the damage attached.',
      attachments: ['https://files.example.com/ok.jpg', 'IMG_0042.HEIC'],
    })

    await waitFor(
      'the reply settled in GHL',
      async () => (await ghlMessage(sent.messageId))?.status !== 'pending',
    )
    const inGhl = await ghlMessage(sent.messageId)
    expect(inGhl?.status).toBe('failed')
    expect(inGhl?.error?.message).toMatch(/attachment 2 .*IMG_0042\.HEIC.* link/i)
    expect(await bizTexts('lead-attach-broken')).toEqual([])
    const row = await messageRow(world.db, `ghl:${sent.messageId}`)
    expect(row?.status).toBe('error')
    expect((row?.metadata as { error?: string } | null)?.error).toBe(inGhl?.error?.message)
  })
})
