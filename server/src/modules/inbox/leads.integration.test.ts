import { type Lead, leadDetailSchema, leadFacetsSchema, leadListSchema } from '@common/leads.ts'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads } from '../../db/schema.ts'
import { toLeadFields } from '../../engine/lead-sync/lead-mapper.ts'
import { type YelpEvent, yelpLeadSchema } from '../../integrations/yelp/yelp.schemas.ts'
import { yelpLeadMessage, yelpLeadSnapshot } from '../../integrations/yelp/yelp-lead-source.ts'
import { upsertLead } from '../../repositories/leads.repository.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { type SimulatedWorld, startWithSimulators } from '../../testing/with-simulators.ts'

// GET/PATCH /api/leads… (docs/spec/product.md §6.1) over leads stored exactly as the engine
// stores them (its mapper), on the real server.

let world: SimulatedWorld
let operator: SessionClient
const db = () => world.server.server.database.db

interface Seed {
  id: string
  client: 'acme' | 'bravo'
  name: string
  created: string
  lastFrom?: 'CONSUMER' | 'BIZ'
  lastAt: string
  availability?: string
  jobs?: string[]
  phone?: string
  postal?: string
  message?: string
  survey?: Array<{ question_text: string; answer_text: string[] }>
}

const SEEDS: Seed[] = [
  {
    id: 'lead-a1',
    client: 'acme',
    name: 'Alice Walker',
    created: '2026-01-05T10:00:00Z',
    lastAt: '2026-03-01T12:00:00Z',
    availability: 'ASAP',
    jobs: ['Roof repair'],
    phone: '+1 (415) 555-0101',
    postal: '94107',
    message: 'Leaking skylight over the kitchen',
  },
  {
    id: 'lead-a2',
    client: 'acme',
    name: 'Bob Stone',
    created: '2026-01-20T10:00:00Z',
    lastFrom: 'BIZ',
    lastAt: '2026-03-02T12:00:00Z',
    availability: 'FLEXIBLE',
    jobs: ['Gutter cleaning', 'Roof inspection'],
    postal: '94110',
    message: 'Gutters are full',
    survey: [{ question_text: 'What type of roof?', answer_text: ['Slate'] }],
  },
  {
    id: 'lead-a3',
    client: 'acme',
    name: 'Carla Diaz',
    created: '2026-02-10T10:00:00Z',
    lastAt: '2026-02-28T23:59:59Z',
    availability: 'SPECIFIC_DATES',
    jobs: ['Roof repair'],
    postal: '10001',
    message: 'Need a quote',
  },
  {
    id: 'lead-b1',
    client: 'bravo',
    name: 'Dan Brown',
    created: '2026-02-15T10:00:00Z',
    lastAt: '2026-03-03T08:00:00Z',
    availability: 'URGENT',
    jobs: ['Plumbing'],
    phone: '650-555-0199',
    postal: '94301',
    message: 'Burst pipe',
  },
]

function yelpLead(seed: Seed) {
  const events: YelpEvent[] = [
    {
      id: `${seed.id}-e1`,
      event_type: 'TEXT',
      user_type: 'CONSUMER',
      user_display_name: seed.name,
      time_created: seed.created,
      event_content: { text: seed.message ?? 'Hello' },
    },
  ]
  if (seed.lastFrom === 'BIZ' || seed.lastAt !== seed.created) {
    events.push({
      id: `${seed.id}-e2`,
      event_type: 'TEXT',
      user_type: seed.lastFrom ?? 'CONSUMER',
      user_display_name: seed.lastFrom === 'BIZ' ? 'Acme' : seed.name,
      time_created: seed.lastAt,
      event_content: { text: seed.lastFrom === 'BIZ' ? 'We can come Monday' : 'Any update?' },
    })
  }
  return toLeadFields(
    seed.client,
    'yelp',
    // Parsed as the Yelp client parses an answer (null reads as absent), read as Yelp's adapter reads it.
    yelpLeadSnapshot(
      yelpLeadSchema.parse({
        id: seed.id,
        business_id: `${seed.client}-biz`,
        conversation_id: `conv-${seed.id}`,
        temporary_email_address: `${seed.id}@messaging.yelp.com`,
        phone_number: seed.phone ?? null,
        time_created: seed.created,
        last_event_time: seed.lastAt,
        user: { display_name: seed.name },
        project: {
          job_names: seed.jobs ?? [],
          location: { postal_code: seed.postal ?? null },
          additional_info: seed.message ?? null,
          availability: { status: seed.availability ?? null, dates: [] },
          survey_answers: seed.survey ?? [],
        },
      }),
    ),
    events.map(yelpLeadMessage),
  )
}

async function listIds(client: SessionClient, query: string) {
  const response = await client.get(`/api/leads${query}`)
  expect(response.status, response.text).toBe(200)
  return leadListSchema.parse(response.body).map((lead) => lead.leadId)
}

beforeAll(async () => {
  world = await startWithSimulators()
  for (const clientId of ['acme', 'bravo']) {
    const created = await world.admin.post('/api/clients', { clientId, name: `${clientId} Roofing` })
    expect(created.status, created.text).toBe(201)
  }
  for (const seed of SEEDS) await upsertLead(db(), yelpLead(seed))
  const user = await world.admin.post('/api/users', {
    username: 'olga',
    password: 'secret-123',
    role: 'operator',
  })
  expect(user.status, user.text).toBe(201)
  const { id } = user.body as { id: number }
  expect((await world.admin.post(`/api/users/${id}/clients/bravo`, { permissions: {} })).status).toBe(200)
  operator = new SessionClient(world.server.url)
  await operator.login('olga', 'secret-123')
})
afterAll(() => world?.close())

describe('GET /api/leads', () => {
  it('answers the inbox shape, newest activity first, with the count header and no cursor on one page', async () => {
    const response = await world.admin.get('/api/leads')
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('4')
    expect(response.headers.get('x-next-cursor')).toBeNull()
    const list = leadListSchema.parse(response.body)
    expect(list.map((l) => l.leadId)).toEqual(['lead-b1', 'lead-a2', 'lead-a1', 'lead-a3'])
    const alice = list.find((l) => l.leadId === 'lead-a1') as Lead
    expect(alice).toMatchObject({
      clientId: 'acme',
      clientName: 'acme Roofing',
      status: 'new',
      userDisplayName: 'Alice Walker',
      lastMessage: 'inbound',
      userData: { phone: '+1 (415) 555-0101', postal_code: '94107' },
      projectData: { availability_status: 'ASAP', job_names: ['Roof repair'] },
    })
    expect(alice.events.map((e) => e.id)).toEqual(['lead-a1-e1', 'lead-a1-e2'])
    expect(JSON.stringify(alice)).not.toContain('operator_contact')
  })

  it.each([
    ['?clientId=bravo', ['lead-b1']],
    ['?q=skylight', ['lead-a1']], // initial message
    ['?q=CARLA', ['lead-a3']], // name, any case
    ['?q=94110', ['lead-a2']], // postal code
    ['?q=slate', ['lead-a2']], // survey answer
    ['?q=gutter%20cleaning', ['lead-a2']], // job name
    ['?q=lead-a3%40messaging', ['lead-a3']], // email (Yelp's relay address)
    ['?q=4155550101', ['lead-a1']], // phone digits, stored with separators
    ['?q=(650)%20555-0199', ['lead-b1']], // phone typed differently
    ['?q=come%20monday', ['lead-a2']], // an event's text
    ['?q=100%25', []], // like-wildcards are literal
    ['?status=new', ['lead-b1', 'lead-a2', 'lead-a1', 'lead-a3']],
    ['?status=contacted,closed', []],
    ['?availability=ASAP', ['lead-a1']],
    ['?jobType=Roof%20repair', ['lead-a1', 'lead-a3']],
    ['?jobType=Roof', []], // exact job name
    ['?hasPhone=true', ['lead-b1', 'lead-a1']],
    ['?hasEmail=true', []], // the relay address does not count
    ['?lastMessage=outbound', ['lead-a2']],
    ['?lastMessage=inbound', ['lead-b1', 'lead-a1', 'lead-a3']],
    ['?createdFrom=2026-02-10', ['lead-b1', 'lead-a3']],
    ['?createdTo=2026-01-20', ['lead-a2', 'lead-a1']], // a day includes its whole day
    ['?createdFrom=2026-01-20T10:00:00Z&createdTo=2026-02-10T10:00:00Z', ['lead-a2', 'lead-a3']],
    ['?activityTo=2026-02-28', ['lead-a3']], // 23:59:59 on the 28th
    ['?activityFrom=2026-03-02', ['lead-b1', 'lead-a2']],
    ['?clientId=acme&hasPhone=true&jobType=Roof%20repair', ['lead-a1']],
  ])('%s → %j', async (query, expected) => {
    expect(await listIds(world.admin, query)).toEqual(expected)
    const response = await world.admin.get(`/api/leads${query}`)
    expect(response.headers.get('x-total-count')).toBe(String(expected.length))
  })

  it('pages with the cursor, no overlap and no gap while new leads arrive', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const response = await world.admin.get(`/api/leads?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      expect(response.status, response.text).toBe(200)
      seen.push(...leadListSchema.parse(response.body).map((l) => l.leadId))
      cursor = response.headers.get('x-next-cursor')
      if (pages === 1) {
        // A new lead arrives mid-way: it is newer, so it belongs before the pages already read.
        await upsertLead(
          db(),
          yelpLead({
            id: 'lead-new',
            client: 'acme',
            name: 'Newcomer',
            created: new Date().toISOString(),
            lastAt: new Date().toISOString(),
          }),
        )
      }
      pages += 1
    } while (cursor && pages < 20)
    expect(seen).toEqual(['lead-b1', 'lead-a2', 'lead-a1', 'lead-a3'])
    expect(await listIds(world.admin, '?limit=2')).toEqual(['lead-new', 'lead-b1'])
    await db().delete(leads).where(eq(leads.leadId, 'lead-new'))
  })

  it('keeps leads with the same activity time apart by id across pages', async () => {
    const ids = ['tie-1', 'tie-2', 'tie-3']
    for (const id of ids) {
      const at = '2025-06-01T00:00:00.000Z'
      await upsertLead(
        db(),
        yelpLead({ id, client: 'acme', name: `Tiebreak ${id}`, created: at, lastAt: at }),
      )
      // Same instant, to the microsecond (more precise than a JavaScript date).
      await db()
        .update(leads)
        .set({ lastEventTime: sql`'2025-06-01 00:00:00.123456+00'::timestamptz` })
        .where(eq(leads.leadId, id))
    }
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const response = await world.admin.get(
        `/api/leads?q=tiebreak&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      )
      seen.push(...leadListSchema.parse(response.body).map((l) => l.leadId))
      cursor = response.headers.get('x-next-cursor')
    } while (cursor && seen.length < 10)
    expect(seen).toEqual(['tie-3', 'tie-2', 'tie-1'])
    await db().delete(leads).where(inArray(leads.leadId, ids))
  })

  it.each([
    ['?status=archived', 'status: must be a comma list of new, contacted, converted, closed'],
    ['?status=new,bogus', 'status: must be a comma list of new, contacted, converted, closed'],
    ['?hasPhone=yes', 'hasPhone: must be true or false'],
    ['?hasEmail=1', 'hasEmail: must be true or false'],
    ['?lastMessage=sideways', 'lastMessage: must be inbound or outbound'],
    ['?createdFrom=2026-13-01', 'createdFrom: must be a date (YYYY-MM-DD) or an ISO timestamp'],
    ['?createdTo=yesterday', 'createdTo: must be a date (YYYY-MM-DD) or an ISO timestamp'],
    ['?activityFrom=2026-02-30', 'activityFrom: must be a date (YYYY-MM-DD) or an ISO timestamp'],
    ['?activityTo=12/01/2026', 'activityTo: must be a date (YYYY-MM-DD) or an ISO timestamp'],
    ['?limit=0', 'limit: must be a whole number from 1 to 500'],
    ['?limit=501', 'limit: must be a whole number from 1 to 500'],
    ['?limit=ten', 'limit: must be a whole number from 1 to 500'],
    ['?cursor=not-a-cursor', 'cursor: is not a cursor this server issued'],
    ['?clientId=has%20space', 'clientId: must be a client id'],
    [`?q=${'x'.repeat(201)}`, 'q: must be at most 200 characters'],
  ])('%s → 400 "%s"', async (query, message) => {
    const response = await world.admin.get(`/api/leads${query}`)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: message })
  })
})

describe('GET /api/leads/facets and /api/leads/{leadId}', () => {
  it('lists the distinct job types and availability values of the visible leads', async () => {
    const all = leadFacetsSchema.parse((await world.admin.get('/api/leads/facets')).body)
    expect(all).toEqual({
      jobTypes: ['Gutter cleaning', 'Plumbing', 'Roof inspection', 'Roof repair'],
      availability: ['ASAP', 'FLEXIBLE', 'SPECIFIC_DATES', 'URGENT'],
    })
    const acme = leadFacetsSchema.parse((await world.admin.get('/api/leads/facets?clientId=acme')).body)
    expect(acme.jobTypes).toEqual(['Gutter cleaning', 'Roof inspection', 'Roof repair'])
    const bad = await world.admin.get('/api/leads/facets?clientId=a%2Fb')
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ error: 'clientId: must be a client id' })
  })

  it('answers one lead with its events and hub replies, 404 when unknown', async () => {
    const response = await world.admin.get('/api/leads/lead-a2')
    expect(response.status).toBe(200)
    const lead = leadDetailSchema.parse(response.body)
    expect(lead).toMatchObject({ leadId: 'lead-a2', lastMessage: 'outbound', replies: [] })
    expect(lead.projectData.survey_fields).toEqual({ 'What type of roof?': ['Slate'] })
    const unknown = await world.admin.get('/api/leads/nope')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ error: 'Lead nope not found' })
  })
})

describe('PATCH /api/leads/{leadId}/status and /contact', () => {
  it('sets one of the four statuses and answers the updated lead', async () => {
    const response = await world.admin.request('PATCH', '/api/leads/lead-a3/status', {
      json: { status: 'converted' },
    })
    expect(response.status, response.text).toBe(200)
    expect(
      leadDetailSchema
        .omit({ replies: true, activity: true, drafts: true, ghlForwarding: true })
        .parse(response.body).status,
    ).toBe('converted')
    expect(await listIds(world.admin, '?status=converted')).toEqual(['lead-a3'])
  })

  it.each([
    [{ status: 'archived' }, 'status: must be one of new, contacted, converted, closed'],
    [{ status: '' }, 'status: must be one of new, contacted, converted, closed'],
    [{}, 'status: must be one of new, contacted, converted, closed'],
    [{ status: 'new', extra: 1 }, 'body: Unrecognized key: "extra"'],
  ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
    const response = await world.admin.request('PATCH', '/api/leads/lead-a3/status', { json: body })
    expect(response.status).toBe(400)
    expect((response.body as { error: string }).error).toBe(message)
    const [row] = await db().select().from(leads).where(eq(leads.leadId, 'lead-a3'))
    expect(row?.status).toBe('converted')
  })

  it('404s a status change of an unknown lead', async () => {
    const response = await world.admin.request('PATCH', '/api/leads/nope/status', { json: { status: 'new' } })
    expect(response.status).toBe(404)
  })

  it('stores an edited email and phone, which then count as contact info, and keeps them over a Yelp refresh', async () => {
    const response = await world.admin.request('PATCH', '/api/leads/lead-a3/contact', {
      json: { email: 'carla@example.com', phone: '+1 212 555 0100' },
    })
    expect(response.status, response.text).toBe(200)
    expect(
      leadDetailSchema
        .omit({ replies: true, activity: true, drafts: true, ghlForwarding: true })
        .parse(response.body).userData,
    ).toMatchObject({
      email: 'carla@example.com',
      phone: '+1 212 555 0100',
    })
    expect(await listIds(world.admin, '?hasEmail=true')).toEqual(['lead-a3'])
    expect(await listIds(world.admin, '?q=carla%40example')).toEqual(['lead-a3'])
    // The engine refreshes the lead from Yelp (which knows no email): the edit stays.
    const seed = SEEDS.find((s) => s.id === 'lead-a3') as Seed
    await upsertLead(db(), yelpLead(seed))
    const lead = leadDetailSchema.parse((await world.admin.get('/api/leads/lead-a3')).body)
    expect(lead.userData).toMatchObject({ email: 'carla@example.com', phone: '+1 212 555 0100' })
    expect(lead.status).toBe('converted')
  })

  it.each([
    [{ email: 'not-an-email' }, 'email: Invalid email address'],
    [{ phone: 'call me' }, 'phone: Invalid phone number'],
    [{}, 'body: give email or phone'],
    [{ email: 'a@b.co', name: 'x' }, 'body: Unrecognized key: "name"'],
  ])('refuses contact %j with 400 "%s" and changes nothing', async (body, message) => {
    const response = await world.admin.request('PATCH', '/api/leads/lead-a3/contact', { json: body })
    expect(response.status).toBe(400)
    expect((response.body as { error: string }).error).toBe(message)
    const lead = leadDetailSchema.parse((await world.admin.get('/api/leads/lead-a3')).body)
    expect(lead.userData.email).toBe('carla@example.com')
  })

  it.each([
    [{ text: '' }, 'text: Reply text is required'],
    [{ text: '   ' }, 'text: Reply text is required'],
    [{}, 'text: Reply text is required'],
    [{ text: 'x'.repeat(5001) }, 'text: Reply text must be at most 5000 characters'],
  ])('refuses reply %j with 400 "%s"', async (body, message) => {
    const response = await world.admin.post('/api/leads/lead-a1/reply', body)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: message })
  })

  it('refuses a reply for a client not connected to Yelp with 409, recording nothing', async () => {
    const response = await world.admin.post('/api/leads/lead-a1/reply', { text: 'Hi' })
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ error: 'Client acme is not connected to Yelp; the reply cannot be sent' })
    const lead = leadDetailSchema.parse((await world.admin.get('/api/leads/lead-a1')).body)
    expect(lead.replies).toEqual([])
  })
})

describe('client scoping (an operator assigned to bravo only)', () => {
  it('lists, counts and facets only bravo’s leads', async () => {
    const response = await operator.get('/api/leads')
    expect(response.headers.get('x-total-count')).toBe('1')
    expect(leadListSchema.parse(response.body).map((l) => l.leadId)).toEqual(['lead-b1'])
    expect(await listIds(operator, '?q=alice')).toEqual([])
    expect(leadFacetsSchema.parse((await operator.get('/api/leads/facets')).body)).toEqual({
      jobTypes: ['Plumbing'],
      availability: ['URGENT'],
    })
  })

  it.each([
    ['GET', '/api/leads/lead-a1', undefined],
    ['GET', '/api/leads?clientId=acme', undefined],
    ['GET', '/api/leads/facets?clientId=acme', undefined],
    ['PATCH', '/api/leads/lead-a1/status', { status: 'closed' }],
    ['PATCH', '/api/leads/lead-a1/contact', { email: 'x@example.com' }],
    ['POST', '/api/leads/lead-a1/reply', { text: 'hello' }],
  ])('%s %s → 404, as if it did not exist, and changes nothing', async (method, path, json) => {
    const response = await operator.request(method, path, json === undefined ? {} : { json })
    expect(response.status).toBe(404)
    const [row] = await db().select().from(leads).where(eq(leads.leadId, 'lead-a1'))
    expect(row?.status).toBe('new')
    expect(row?.userData).toMatchObject({ email: null })
  })

  it('lets a viewer read but not change a status (403)', async () => {
    const user = await world.admin.post('/api/users', {
      username: 'vera',
      password: 'secret-123',
      role: 'viewer',
    })
    const { id } = user.body as { id: number }
    await world.admin.post(`/api/users/${id}/clients/bravo`, { permissions: {} })
    const viewer = new SessionClient(world.server.url)
    await viewer.login('vera', 'secret-123')
    expect(await listIds(viewer, '')).toEqual(['lead-b1'])
    const change = await viewer.request('PATCH', '/api/leads/lead-b1/status', { json: { status: 'closed' } })
    expect(change.status).toBe(403)
    const reply = await viewer.post('/api/leads/lead-b1/reply', { text: 'hi' })
    expect(reply.status).toBe(403)
  })
})
