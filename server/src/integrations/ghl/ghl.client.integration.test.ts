import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  CLIENT_ID,
  type ConnectedWorld,
  LOCATION_ID,
  startConnectedWorld,
} from '../../testing/connected-world.ts'
import { TransientProviderError } from '../http/provider-errors.ts'
import { GhlStatusNotReadyError } from './ghl-messages.client.ts'

let w: ConnectedWorld
const ghl = () => w.clients.ghl
const PROVIDER_ID = '65f1a2b3c4d5e6f708192a3b'

beforeAll(async () => {
  w = await startConnectedWorld({ subscribe: false })
})
afterAll(() => w?.close())
beforeEach(() => {
  w.ghl.server.faults.clear()
  w.ghl.server.requests.clear()
})

const calls = (method: string, path: string) =>
  w.ghl.server.requests.list().filter((r) => r.method === method && r.path === path)

describe('contacts', () => {
  let contactId: string

  it('upserts a contact, sending only the defined properties with Version 2021-07-28', async () => {
    const created = await ghl().upsertContact(CLIENT_ID, LOCATION_ID, {
      locationId: LOCATION_ID,
      firstName: 'Pat',
      lastName: 'Q.',
      email: 'Pat.Q@Example.com',
      phone: '+14155550123',
      postalCode: '94110',
      source: 'Yelp',
      tags: ['yelp-lead'],
      name: undefined,
      customFields: [],
    })
    expect(created.isNew).toBe(true)
    expect(created.contact).toMatchObject({
      email: 'pat.q@example.com',
      phone: '+14155550123',
      tags: ['yelp-lead'],
    })
    contactId = created.contact.id
    const [sent] = calls('POST', '/contacts/upsert')
    expect(sent?.headers.version).toBe('2021-07-28')
    expect(sent?.body).not.toHaveProperty('name')

    const again = await ghl().upsertContact(CLIENT_ID, LOCATION_ID, {
      locationId: LOCATION_ID,
      email: 'pat.q@example.com',
    })
    expect(again).toMatchObject({ isNew: false, contact: { id: contactId } })
  })

  it.each<[{ email?: string; phone?: string }, string | null]>([
    [{ email: 'pat.q@example.com' }, 'email'],
    [{ phone: '+14155550123' }, 'phone'],
    [{ email: 'nobody@example.com' }, null],
  ])('finds a duplicate by %j', async (q, field) => {
    const found = await ghl().searchDuplicate(CLIENT_ID, LOCATION_ID, q)
    expect(found?.id ?? null).toBe(field ? contactId : null)
    const [sent] = calls('GET', '/contacts/search/duplicate')
    if (q.phone) expect(sent?.query).toMatchObject({ number: q.phone })
  })

  it('never searches by name alone', async () => {
    expect(await ghl().searchDuplicate(CLIENT_ID, LOCATION_ID, {})).toBeNull()
    expect(w.ghl.server.requests.list()).toHaveLength(0)
  })

  it('reads a contact, and answers null for an unknown one', async () => {
    expect((await ghl().getContact(CLIENT_ID, LOCATION_ID, contactId))?.id).toBe(contactId)
    expect(await ghl().getContact(CLIENT_ID, LOCATION_ID, 'no-such-contact')).toBeNull()
  })

  it('updates a contact without sending locationId, and adds tags without replacing them', async () => {
    const fieldId = 'CfYelpLeadId01'
    const updated = await ghl().updateContact(CLIENT_ID, LOCATION_ID, contactId, {
      phone: '+14155550199',
      customFields: [{ id: fieldId, field_value: 'lead-roof-repair' }],
    })
    expect(updated).toMatchObject({ id: contactId, phone: '+14155550199' })
    expect(calls('PUT', `/contacts/${contactId}`)[0]?.body).toEqual({
      phone: '+14155550199',
      customFields: [{ id: fieldId, field_value: 'lead-roof-repair' }],
    })
    await ghl().addTags(CLIENT_ID, LOCATION_ID, contactId, ['Replied'])
    expect((await ghl().getContact(CLIENT_ID, LOCATION_ID, contactId))?.tags?.sort()).toEqual([
      'replied',
      'yelp-lead',
    ])
  })
})

describe('conversations and messages', () => {
  let contactId: string
  let conversationId: string

  beforeAll(async () => {
    const { contact } = await ghl().upsertContact(CLIENT_ID, LOCATION_ID, {
      locationId: LOCATION_ID,
      email: 'sam@example.com',
    })
    contactId = contact.id
  })

  it('finds no conversation, creates one, finds it, and a second create returns the same one', async () => {
    expect(await ghl().findConversation(CLIENT_ID, LOCATION_ID, contactId)).toBeNull()
    const created = await ghl().createConversation(CLIENT_ID, LOCATION_ID, contactId)
    conversationId = created.id
    expect(await ghl().findConversation(CLIENT_ID, LOCATION_ID, contactId)).toEqual({ id: conversationId })
    expect(await ghl().createConversation(CLIENT_ID, LOCATION_ID, contactId)).toEqual({ id: conversationId })
    expect(calls('POST', '/conversations/').map((r) => r.status)).toEqual([201, 400])
    expect(calls('GET', '/conversations/search')[0]?.headers.version).toBe('2021-04-15')
  })

  it('adds inbound and outbound messages on the conversation provider and lists them all across pages', async () => {
    const added: string[] = []
    for (let i = 0; i < 25; i++) {
      const { messageId } = await ghl().addInboundMessage(CLIENT_ID, LOCATION_ID, {
        conversationId,
        contactId,
        message: `message ${i}`,
        altId: `yelp-event-${i}`,
        ...(i === 0 ? { attachments: ['https://example.invalid/a.jpg'] } : {}),
        ...(i === 24 ? { direction: 'outbound' as const, date: '2026-06-30T12:05:10.000Z' } : {}),
      })
      added.push(messageId)
    }
    expect(calls('POST', '/conversations/messages/inbound')[0]?.body).toEqual({
      type: 'SMS',
      conversationProviderId: PROVIDER_ID,
      conversationId,
      contactId,
      message: 'message 0',
      altId: 'yelp-event-0',
      attachments: ['https://example.invalid/a.jpg'],
    })
    const listed = await ghl().listMessages(CLIENT_ID, LOCATION_ID, conversationId)
    expect(listed.map((m) => m.id).sort()).toEqual([...added].sort())
    expect(listed.find((m) => m.altId === 'yelp-event-24')).toMatchObject({
      direction: 'outbound',
      body: 'message 24',
    })
    expect(calls('GET', `/conversations/${conversationId}/messages`)).toHaveLength(2)
  })

  it('reports GHL’s 403 window after a message as not ready yet, then sets the status', async () => {
    const { messageId } = await ghl().addInboundMessage(CLIENT_ID, LOCATION_ID, {
      conversationId,
      contactId,
      message: 'status please',
      altId: 'yelp-event-status',
    })
    const error = await ghl()
      .updateMessageStatus(CLIENT_ID, LOCATION_ID, messageId, 'delivered')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GhlStatusNotReadyError)
    expect(error).toBeInstanceOf(TransientProviderError)
    expect((error as GhlStatusNotReadyError).retryAfterMs).toBeGreaterThan(0)

    w.ghl.server.clock.advance(6_000)
    await ghl().updateMessageStatus(CLIENT_ID, LOCATION_ID, messageId, 'failed', {
      code: 'YELP_ARCHIVED',
      message: 'The consumer archived the lead',
    })
    expect(w.ghl.store.messages.get(messageId)).toMatchObject({
      status: 'failed',
      error: { code: 'YELP_ARCHIVED', message: 'The consumer archived the lead' },
    })
  })
})
