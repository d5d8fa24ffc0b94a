import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  BUSINESS_ID,
  CLIENT_ID,
  type ConnectedWorld,
  startConnectedWorld,
} from '../../testing/connected-world.ts'
import { PermanentProviderError, ProviderTimeoutError } from '../http/provider-errors.ts'
import { YelpLeadArchivedError, YelpSameSuccessiveMessageError } from './yelp-leads.client.ts'

let w: ConnectedWorld
const yelp = () => w.clients.yelpLeads

beforeAll(async () => {
  w = await startConnectedWorld({ subscribe: false })
})
afterAll(() => w?.close())
beforeEach(() => {
  w.yelp.server.faults.clear()
  w.yelp.server.requests.clear()
})

const calls = (path: string) => w.yelp.server.requests.list().filter((r) => r.path === path)

describe('getLead', () => {
  it('reads the lead with its user, project and phone', async () => {
    const lead = await yelp().getLead(CLIENT_ID, 'lead-roof-repair')
    expect(lead).toMatchObject({
      id: 'lead-roof-repair',
      business_id: BUSINESS_ID,
      phone_number: '+14155550123',
      user: { display_name: 'Pat Q.' },
      project: {
        job_names: ['Roof repair'],
        location: { postal_code: '94110' },
        survey_answers: expect.arrayContaining([
          expect.objectContaining({
            question_text: 'What needs repair?',
            answer_text: ['Leak', 'Missing shingles'],
          }),
        ]),
      },
    })
    // Unknown fields pass through.
    expect(lead.link_to_reply_in_yelp).toMatch(/^https:\/\/biz\.yelp\.com\/leads_center\//)
    expect(calls('/v3/leads/lead-roof-repair')[0]?.headers.authorization).toMatch(/^Bearer /)
  })

  it('turns a 404 into a permanent error saying the lead is missing or access was lost', async () => {
    const error = await yelp()
      .getLead(CLIENT_ID, 'no-such-lead')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PermanentProviderError)
    expect(error).toMatchObject({ status: 404, platform: 'yelp', code: 'NOT_FOUND' })
    expect((error as Error).message).toBe(
      `Reading Yelp lead no-such-lead failed: 404 — lead no-such-lead is missing, or client ${CLIENT_ID}'s Yelp connection lost access to its business`,
    )
    expect(calls('/v3/leads/no-such-lead')).toHaveLength(1)
  })

  // Behind the checks where ids come in: an id is always one segment of the path it names.
  it.each(['.', '..'])('refuses lead id %j before any request', async (leadId) => {
    const error = await yelp()
      .getLead(CLIENT_ID, leadId)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PermanentProviderError)
    expect((error as Error).message).toBe(`lead_id ${JSON.stringify(leadId)} is not a Yelp id`)
    expect(w.yelp.server.requests.list()).toEqual([])
  })

  it('keeps "/", "?", "#" and "%" of a lead id inside its path segment', async () => {
    await yelp()
      .writeText(CLIENT_ID, '../x/y?z#%2e', 'Hello')
      .catch(() => undefined)
    expect(w.yelp.server.requests.list().map((r) => r.path)).toEqual([
      '/v3/leads/..%2Fx%2Fy%3Fz%23%252e/events',
    ])
  })

  it('keeps to 5 requests per second per endpoint on its own: 12 rapid reads, no 429', async () => {
    const started = Date.now()
    const leads = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        yelp().getLead(CLIENT_ID, i % 2 ? 'lead-skylight' : 'lead-roof-repair'),
      ),
    )
    expect(leads).toHaveLength(12)
    const reads = w.yelp.server.requests.list().filter((r) => r.path.startsWith('/v3/leads/'))
    expect(reads.map((r) => r.status)).toEqual(Array(12).fill(200))
    // Three windows: 5 + 5 + 2.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000)
  })
})

describe('listEvents', () => {
  it.each([
    [1, 1],
    [20, 2],
    [45, 3],
  ])(
    'returns all %i events oldest first in %i page(s), paging back with older_than_cursor',
    async (count, pages) => {
      const events = Array.from({ length: count }, (_, i) => ({
        text: `message ${i}`,
        from: i % 3 === 2 ? ('BIZ' as const) : ('CONSUMER' as const),
        ...(i % 7 === 3 ? { attachments: [{ url: `https://example.invalid/photo-${i}.jpg` }] } : {}),
      }))
      const lead = w.yelp.addLead({ businessId: BUSINESS_ID, events, notify: false })
      const listed = await yelp().listEvents(CLIENT_ID, lead.id)
      expect(listed.map((e) => e.event_content.text)).toEqual(events.map((e) => e.text))
      expect(new Set(listed.map((e) => e.id)).size).toBe(count)
      const requests = calls(`/v3/leads/${lead.id}/events`)
      expect(requests).toHaveLength(pages)
      expect(requests[0]?.query).toEqual({ limit: '20' })
      for (const later of requests.slice(1))
        expect(later.query).toMatchObject({ limit: '20', older_than_cursor: expect.any(String) })
    },
  )

  it.each([
    [45, 40, 1],
    [45, 20, 2],
    [45, 0, 3],
  ])(
    'of %i events, %i known: reads back only to the first known one (%i page(s))',
    async (count, knownCount, pages) => {
      const events = Array.from({ length: count }, (_, i) => ({ text: `note ${i}` }))
      const lead = w.yelp.addLead({ businessId: BUSINESS_ID, events, notify: false })
      const all = await yelp().listEvents(CLIENT_ID, lead.id)
      const before = calls(`/v3/leads/${lead.id}/events`).length
      const knownIds = new Set(all.slice(0, knownCount).map((e) => e.id))
      const listed = await yelp().listEvents(CLIENT_ID, lead.id, { knownIds })
      expect(calls(`/v3/leads/${lead.id}/events`).length - before).toBe(pages)
      // Every unknown event is there, oldest first; some known ones may come along.
      const unknown = all.filter((e) => !knownIds.has(e.id)).map((e) => e.id)
      expect(listed.map((e) => e.id).filter((id) => !knownIds.has(id))).toEqual(unknown)
    },
  )

  it('merges a TEXT and its ATTACHMENT_GROUPING (one id) into one event with both text and files', async () => {
    const lead = w.yelp.addLead({
      businessId: BUSINESS_ID,
      notify: false,
      events: [
        { text: 'Here is the leak' },
        {
          text: 'And the gutter',
          attachments: [{ url: 'https://example.invalid/gutter.jpg', mime_type: 'image/jpeg' }],
        },
        { text: 'Thanks', from: 'BIZ' },
      ],
    })
    const events = await yelp().listEvents(CLIENT_ID, lead.id)
    expect(events).toHaveLength(3)
    expect(events[1]).toMatchObject({
      event_type: 'TEXT',
      user_type: 'CONSUMER',
      event_content: {
        text: 'And the gutter',
        attachments: [expect.objectContaining({ url: 'https://example.invalid/gutter.jpg' })],
      },
    })
    expect(events[2]).toMatchObject({ user_type: 'BIZ', event_content: { text: 'Thanks' } })
  })
})

describe('writeText', () => {
  it('posts a TEXT event, then maps the same text again to SAME_SUCCESSIVE_MESSAGE without retrying', async () => {
    await yelp().writeText(CLIENT_ID, 'lead-gutter-cleaning', 'We can come Thursday.')
    const write = calls('/v3/leads/lead-gutter-cleaning/events')[0]
    expect(write).toMatchObject({
      method: 'POST',
      status: 201,
      body: { request_content: 'We can come Thursday.', request_type: 'TEXT' },
    })
    const error = await yelp()
      .writeText(CLIENT_ID, 'lead-gutter-cleaning', 'We can come Thursday.')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(YelpSameSuccessiveMessageError)
    expect(error).toBeInstanceOf(PermanentProviderError)
    expect(error).toMatchObject({ status: 400, code: 'SAME_SUCCESSIVE_MESSAGE' })
    expect(calls('/v3/leads/lead-gutter-cleaning/events')).toHaveLength(2)
  })

  it('maps the 403 for an archived lead', async () => {
    const lead = w.yelp.addLead({ businessId: BUSINESS_ID, notify: false, isArchived: true })
    const error = await yelp()
      .writeText(CLIENT_ID, lead.id, 'Hello?')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(YelpLeadArchivedError)
    expect(error).toMatchObject({ status: 403, code: 'NOT_AUTHORIZED' })
    expect((error as Error).message).toMatch(/archived/)
  })

  it('does not resend a write whose connection dropped', async () => {
    w.yelp.server.faults.add({ method: 'POST', path: '/v3/leads/*/events', drop: true })
    const error = await yelp()
      .writeText(CLIENT_ID, 'lead-skylight', 'Are you still there?')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderTimeoutError)
    expect(calls('/v3/leads/lead-skylight/events')).toHaveLength(1)
  })
})

describe('listLeadIds', () => {
  it('pages with has_more and after_lead_id, inside the time range', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z')
    const added = Array.from(
      { length: 23 },
      (_, i) =>
        w.yelp.addLead({
          businessId: BUSINESS_ID,
          notify: false,
          createdAt: new Date(base + i * 3_600_000).toISOString(),
        }).id,
    )
    const all = await yelp().listLeadIds(CLIENT_ID, BUSINESS_ID)
    expect(all).toEqual(expect.arrayContaining([...added, 'lead-roof-repair']))
    expect(new Set(all).size).toBe(all.length)
    const pages = calls(`/v3/businesses/${BUSINESS_ID}/lead_ids`)
    expect(pages.length).toBeGreaterThanOrEqual(2)
    expect(pages[1]?.query).toMatchObject({ after_lead_id: expect.any(String) })

    const ranged = await yelp().listLeadIds(CLIENT_ID, BUSINESS_ID, {
      createdAfter: new Date(base + 2 * 3_600_000),
      createdBefore: new Date(base + 4 * 3_600_000),
    })
    expect([...ranged].sort()).toEqual(added.slice(2, 5).sort())
  })

  it('says when the business is out of reach', async () => {
    const error = await yelp()
      .listLeadIds(CLIENT_ID, 'someone-elses-business')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 404 })
    expect((error as Error).message).toMatch(/lost access/)
  })
})
