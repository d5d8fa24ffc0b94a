import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GHL_SIM_DEFAULTS, type GhlSimOptions } from './ghl-sim.options.ts'
import { GHL_SAMPLE, type GhlTestBed, startGhlTestBed } from './ghl-test.helpers.ts'

const LOC = GHL_SAMPLE.locationId
const NO_PROVIDER = { statusCode: 403, message: 'No conversation provider found for this message' }

async function contactAndConversation(bed: GhlTestBed) {
  const contact = await bed.call('POST', '/contacts/upsert', {
    body: {
      locationId: LOC,
      firstName: 'Pat',
      lastName: 'Q.',
      email: 'pat@example.com',
      phone: '+15551230000',
    },
  })
  const contactId = (contact.body as { contact: { id: string } }).contact.id
  const created = await bed.call('POST', '/conversations/', { body: { locationId: LOC, contactId } })
  const conversationId = (created.body as { conversation: { id: string } }).conversation.id
  return { contactId, conversationId, created }
}

describe('GHL simulator: conversations (docs/providers/ghl.md §9)', () => {
  let bed: GhlTestBed
  let provider = ''
  beforeAll(async () => {
    bed = await startGhlTestBed()
    provider = bed.sim.config.conversationProviderId
  })
  afterAll(() => bed.close())
  beforeEach(() => bed.resetWorld())

  it('create answers 201, one conversation per contact; search and get find it', async () => {
    const { contactId, conversationId, created } = await contactAndConversation(bed)
    expect(created).toMatchObject({
      status: 201,
      body: {
        success: true,
        conversation: { id: conversationId, contactId, locationId: LOC, type: 'TYPE_PHONE' },
      },
    })
    expect(await bed.call('POST', '/conversations/', { body: { locationId: LOC, contactId } })).toMatchObject(
      {
        status: 400,
        body: { statusCode: 400, message: 'Conversation already exists', conversationId },
      },
    )
    expect(
      await bed.call('GET', `/conversations/search?locationId=${LOC}&contactId=${contactId}`),
    ).toMatchObject({
      status: 200,
      body: {
        total: 1,
        conversations: [
          {
            id: conversationId,
            contactId,
            fullName: 'Pat Q.',
            email: 'pat@example.com',
            phone: '+15551230000',
          },
        ],
      },
    })
    expect(await bed.call('GET', `/conversations/search?locationId=${LOC}&contactId=other`)).toMatchObject({
      body: { total: 0, conversations: [] },
    })
    expect(await bed.call('GET', `/conversations/${conversationId}`)).toMatchObject({
      status: 200,
      body: { id: conversationId, contactId },
    })
    expect(await bed.call('GET', '/conversations/search')).toMatchObject({
      status: 422,
      body: { message: ['locationId should not be empty'] },
    })
  })

  describe('inbound message and the provider rules', () => {
    it.each<[string, (ids: { provider: string }) => Record<string, unknown>, string | null]>([
      [
        'SMS on the app’s extra provider',
        ({ provider }) => ({ type: 'SMS', conversationProviderId: provider }),
        'TYPE_CUSTOM_PROVIDER_SMS',
      ],
      ['SMS without a provider id goes to the default SMS provider', () => ({ type: 'SMS' }), 'TYPE_SMS'],
      [
        'Custom on the app’s extra email provider',
        ({ provider }) => ({ type: 'Custom', conversationProviderId: provider, altId: 'yelp-evt-1' }),
        'TYPE_CUSTOM_PROVIDER_EMAIL',
      ],
      [
        'Email with the custom id silently uses the default email channel (#19)',
        ({ provider }) => ({ type: 'Email', conversationProviderId: provider }),
        'TYPE_EMAIL',
      ],
    ])('%s', async (_name, extra, messageType) => {
      const { contactId, conversationId } = await contactAndConversation(bed)
      const response = await bed.call('POST', '/conversations/messages/inbound', {
        body: { conversationId, contactId, message: 'Hi, is Thursday ok?', ...extra({ provider }) },
      })
      expect(response).toMatchObject({
        status: 200,
        body: {
          success: true,
          conversationId,
          messageId: expect.any(String),
          contactId,
          dateAdded: expect.any(String),
        },
      })
      const messages = await bed.control('GET', `/locations/${LOC}/messages`)
      expect(messages.body).toMatchObject([
        { messageType, direction: 'inbound', body: 'Hi, is Thursday ok?' },
      ])
    })

    it.each<[string, (ids: { provider: string }) => Record<string, unknown>, number, unknown]>([
      [
        'Custom without a provider id → 201, no body, nothing added (#70)',
        () => ({ type: 'Custom' }),
        201,
        null,
      ],
      [
        'a wrong provider id → 500 (#6)',
        () => ({ type: 'SMS', conversationProviderId: 'wrong' }),
        500,
        { statusCode: 500, message: 'Internal server error' },
      ],
      [
        'an unknown type → 422',
        () => ({ type: 'Fax' }),
        422,
        {
          statusCode: 422,
          message: [
            'type must be one of the following values: SMS, RCS, Email, WhatsApp, GMB, IG, FB, Custom, WebChat, Live_Chat, Call, IVR_Call, Campaign_Call, Campaign_VoiceMail, TIKTOK, ALL_IN_ONE_CHAT, FORM_SUBMISSION',
          ],
          error: 'Unprocessable Entity',
        },
      ],
    ])('%s', async (_name, extra, status, body) => {
      const { contactId, conversationId } = await contactAndConversation(bed)
      const response = await bed.call('POST', '/conversations/messages/inbound', {
        body: { conversationId, contactId, message: 'Hi', ...extra({ provider }) },
      })
      expect(response.status).toBe(status)
      expect(response.body).toEqual(body)
      expect((await bed.control('GET', `/locations/${LOC}/messages`)).body).toEqual([])
    })

    it('a PIT cannot post on the app’s provider (#106/#107) but can on the default one', async () => {
      const { contactId, conversationId } = await contactAndConversation(bed)
      const token = bed.world.apiKey.token
      const post = (extra: Record<string, unknown>) =>
        bed.call('POST', '/conversations/messages/inbound', {
          token,
          body: { conversationId, contactId, message: 'x', ...extra },
        })
      expect(await post({ type: 'SMS', conversationProviderId: provider })).toMatchObject({
        status: 400,
        body: {
          statusCode: 400,
          message: `You don't have access to the conversationProvider with id ${provider}`,
        },
      })
      expect((await post({ type: 'SMS' })).status).toBe(200)
    })

    it('direction outbound records a business reply; an unknown conversation → 400', async () => {
      const { contactId, conversationId } = await contactAndConversation(bed)
      await bed.call('POST', '/conversations/messages/inbound', {
        body: {
          type: 'SMS',
          conversationId,
          contactId,
          conversationProviderId: provider,
          message: 'On it',
          direction: 'outbound',
        },
      })
      expect((await bed.control('GET', `/locations/${LOC}/messages`)).body).toMatchObject([
        { direction: 'outbound' },
      ])
      expect(
        await bed.call('POST', '/conversations/messages/inbound', {
          body: { type: 'SMS', conversationId: 'nope', contactId },
        }),
      ).toMatchObject({ status: 400, body: { statusCode: 400, message: 'Conversation not found' } })
    })
  })

  it('messages page newest first, 20 at a time, continuing after lastMessageId', async () => {
    const { contactId, conversationId } = await contactAndConversation(bed)
    for (let i = 1; i <= 25; i++) {
      await bed.call('POST', '/conversations/messages/inbound', {
        body: { type: 'SMS', conversationId, contactId, conversationProviderId: provider, message: `m${i}` },
      })
    }
    type Page = { messages: { lastMessageId: string; nextPage: boolean; messages: Array<{ body: string }> } }
    const first = (await bed.call('GET', `/conversations/${conversationId}/messages`)).body as Page
    expect(first.messages.messages).toHaveLength(20)
    expect(first.messages.messages[0]?.body).toBe('m25')
    expect(first.messages.nextPage).toBe(true)
    const second = (
      await bed.call(
        'GET',
        `/conversations/${conversationId}/messages?lastMessageId=${first.messages.lastMessageId}`,
      )
    ).body as Page
    expect(second.messages.messages.map((m) => m.body)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1'])
    expect(second.messages.nextPage).toBe(false)
  })

  it('send then status: 403 during the downstream window (#4), 200 after it', async () => {
    const { contactId } = await contactAndConversation(bed)
    const sent = await bed.call('POST', '/conversations/messages', {
      body: { type: 'SMS', contactId, message: 'We can come Thursday', conversationProviderId: provider },
    })
    expect(sent).toMatchObject({
      status: 200,
      body: { conversationId: expect.any(String), messageId: expect.any(String) },
    })
    const messageId = (sent.body as { messageId: string }).messageId
    const status = (body: Record<string, unknown>, token?: string) =>
      bed.call('PUT', `/conversations/messages/${messageId}/status`, { body, token })
    expect(await status({ status: 'delivered' })).toMatchObject({ status: 403, body: NO_PROVIDER })
    bed.sim.server.clock.advance(4_000)
    expect((await status({ status: 'delivered' })).status).toBe(403)
    bed.sim.server.clock.advance(1_000)
    expect(await status({ status: 'delivered' })).toMatchObject({ status: 200, body: { success: true } })
    expect((await bed.control('GET', `/locations/${LOC}/messages`)).body).toMatchObject([
      { id: messageId, status: 'delivered' },
    ])
    expect(await status({ status: 'failed', error: { code: 'YELP_400' } })).toMatchObject({ status: 200 })
  })

  it.each<
    [
      string,
      () => Promise<{ messageId: string; token?: string; body: Record<string, unknown> }>,
      number,
      unknown,
    ]
  >([
    [
      'a message not on the app’s provider → 403',
      async () => ({ messageId: await sendPlain(bed), body: { status: 'delivered' } }),
      403,
      NO_PROVIDER,
    ],
    [
      'a PIT → 403',
      async () => ({
        messageId: await sendPlain(bed, provider),
        token: bed.world.apiKey.token,
        body: { status: 'read' },
      }),
      403,
      {
        statusCode: 403,
        message: `You don't have access to the conversationProvider with id ${GHL_SIM_DEFAULTS.conversationProviderId}`,
      },
    ],
    [
      'an unknown status → 422',
      async () => ({ messageId: 'x', body: { status: 'sent' } }),
      422,
      {
        statusCode: 422,
        message: ['status must be one of the following values: delivered, failed, pending, read'],
        error: 'Unprocessable Entity',
      },
    ],
    [
      'an unknown message → 400',
      async () => ({ messageId: 'x', body: { status: 'read' } }),
      400,
      { statusCode: 400, message: 'Message not found' },
    ],
  ])('status update with %s', async (_name, setup, status, body) => {
    const input = await setup()
    bed.sim.server.clock.advance(60_000)
    const response = await bed.call('PUT', `/conversations/messages/${input.messageId}/status`, {
      body: input.body,
      token: input.token,
    })
    expect(response.status).toBe(status)
    expect(response.body).toEqual(body)
  })

  it('send needs a message, html or attachments', async () => {
    const { contactId } = await contactAndConversation(bed)
    expect(
      await bed.call('POST', '/conversations/messages', { body: { type: 'SMS', contactId } }),
    ).toMatchObject({
      status: 422,
      body: { message: ['message should not be empty'] },
    })
  })
})

describe('GHL simulator: provider quirks switched off', () => {
  let bed: GhlTestBed
  const options: GhlSimOptions = {
    quirks: { unknownProviderIdReturns500: false, customWithoutProviderReturnsEmpty201: false },
  }
  beforeAll(async () => {
    bed = await startGhlTestBed(options)
  })
  afterAll(() => bed.close())
  beforeEach(() => bed.resetWorld())

  it.each<[string, Record<string, unknown>, number, unknown]>([
    [
      'a wrong provider id → 400',
      { type: 'SMS', conversationProviderId: 'wrong' },
      400,
      { statusCode: 400, message: 'Invalid conversationProviderId' },
    ],
    [
      'Custom without a provider id → 422',
      { type: 'Custom' },
      422,
      {
        statusCode: 422,
        message: ['conversationProviderId should not be empty'],
        error: 'Unprocessable Entity',
      },
    ],
  ])('%s', async (_name, extra, status, body) => {
    const { contactId, conversationId } = await contactAndConversation(bed)
    const response = await bed.call('POST', '/conversations/messages/inbound', {
      body: { conversationId, contactId, ...extra },
    })
    expect(response.status).toBe(status)
    expect(response.body).toEqual(body)
  })
})

/** Sends an outbound SMS (on `providerId` when given) and returns its message id. */
async function sendPlain(bed: GhlTestBed, providerId?: string): Promise<string> {
  const contact = await bed.call('POST', '/contacts/upsert', {
    body: { locationId: LOC, email: 'x@example.com' },
  })
  const contactId = (contact.body as { contact: { id: string } }).contact.id
  const sent = await bed.call('POST', '/conversations/messages', {
    body: {
      type: 'SMS',
      contactId,
      message: 'hello',
      ...(providerId ? { conversationProviderId: providerId } : {}),
    },
  })
  return (sent.body as { messageId: string }).messageId
}
