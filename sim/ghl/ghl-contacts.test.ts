import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GHL_SAMPLE, type GhlTestBed, startGhlTestBed } from './ghl-test.helpers.ts'

const LOC = GHL_SAMPLE.locationId

interface ContactBody {
  id: string
  email?: string
  phone?: string
  firstName?: string
  tags: string[]
  customFields: Array<{ id: string; value: unknown }>
}

describe('GHL simulator: contacts (docs/providers/ghl.md §7)', () => {
  let bed: GhlTestBed
  beforeAll(async () => {
    bed = await startGhlTestBed()
  })
  afterAll(() => bed.close())
  beforeEach(() => bed.resetWorld())

  const upsert = async (body: Record<string, unknown>) => {
    const response = await bed.call('POST', '/contacts/upsert', { body: { locationId: LOC, ...body } })
    return response as typeof response & { body: { new: boolean; contact: ContactBody; traceId: string } }
  }
  const setRules = (rules: Record<string, unknown>) => bed.control('PATCH', `/locations/${LOC}`, rules)

  it('upsert creates, then updates the same contact by email', async () => {
    const created = await upsert({
      firstName: 'Pat',
      email: 'Pat@Example.com',
      phone: '(555) 123-0000',
      source: 'Yelp',
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      new: true,
      contact: {
        locationId: LOC,
        firstName: 'Pat',
        email: 'pat@example.com',
        phone: '+15551230000',
        source: 'Yelp',
      },
      traceId: expect.any(String),
    })
    const updated = await upsert({ email: 'pat@example.com', lastName: 'Q.' })
    expect(updated.body).toMatchObject({
      new: false,
      contact: { id: created.body.contact.id, firstName: 'Pat', lastName: 'Q.' },
    })
  })

  it.each<
    [
      string,
      Record<string, unknown>,
      Record<string, unknown>,
      (a: string, b: string) => Record<string, unknown>,
    ]
  >([
    [
      'email first: email matches A, phone matches B → A updated, phone ignored (issue #37)',
      { duplicatePriority: ['email', 'phone'] },
      { email: 'a@x.com', phone: '+15550000002', firstName: 'New' },
      (a) => ({ new: false, contact: { id: a, email: 'a@x.com', phone: '+15550000001', firstName: 'New' } }),
    ],
    [
      'phone first: B updated, email ignored',
      { duplicatePriority: ['phone', 'email'] },
      { email: 'a@x.com', phone: '+15550000002', firstName: 'New' },
      (_a, b) => ({
        new: false,
        contact: { id: b, email: 'b@x.com', phone: '+15550000002', firstName: 'New' },
      }),
    ],
    [
      'duplicates allowed + createNewIfDuplicateAllowed → always a new contact',
      { allowDuplicateContact: true },
      { email: 'a@x.com', createNewIfDuplicateAllowed: true },
      () => ({ new: true, contact: { email: 'a@x.com' } }),
    ],
    [
      'duplicates allowed without the flag → the match is updated',
      { allowDuplicateContact: true },
      { email: 'a@x.com', firstName: 'New' },
      (a) => ({ new: false, contact: { id: a, firstName: 'New' } }),
    ],
    [
      'createNewIfDuplicateAllowed is ignored when duplicates are disallowed',
      { allowDuplicateContact: false },
      { phone: '+1 555 000 0001', createNewIfDuplicateAllowed: true },
      (a) => ({ new: false, contact: { id: a } }),
    ],
  ])('duplicate rules: %s', async (_name, rules, body, expected) => {
    const a = (await upsert({ email: 'a@x.com', phone: '+15550000001' })).body.contact.id
    const b = (await upsert({ email: 'b@x.com', phone: '+15550000002' })).body.contact.id
    await setRules(rules)
    const result = await upsert(body)
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject(expected(a, b))
  })

  it.each<[string, boolean, Record<string, unknown>, number]>([
    ['create with a taken email', false, { email: 'a@x.com' }, 400],
    ['create with a taken phone', false, { phone: '5550000001' }, 400],
    ['create with a taken email', true, { email: 'a@x.com' }, 201],
    ['create with new identifiers', false, { email: 'new@x.com' }, 201],
  ])('%s (duplicates allowed: %s) → %i', async (_name, allow, body, status) => {
    const a = (await upsert({ email: 'a@x.com', phone: '+15550000001' })).body.contact.id
    await setRules({ allowDuplicateContact: allow })
    const response = await bed.call('POST', '/contacts/', { body: { locationId: LOC, ...body } })
    expect(response.status).toBe(status)
    if (status === 400) {
      expect(response.body).toEqual({
        statusCode: 400,
        message: 'This location does not allow duplicated contacts.',
        meta: { contactId: a, matchingField: body.email ? 'email' : 'phone' },
      })
    } else {
      expect(response.body).toMatchObject({ contact: { id: expect.any(String), locationId: LOC } })
    }
  })

  it('get and update answer the documented shapes; update refuses a duplicate', async () => {
    const a = (await upsert({ email: 'a@x.com' })).body.contact.id
    const b = (await upsert({ email: 'b@x.com' })).body.contact.id
    expect(await bed.call('GET', `/contacts/${a}`)).toMatchObject({
      status: 200,
      body: { contact: { id: a } },
    })
    expect(await bed.call('PUT', `/contacts/${a}`, { body: { firstName: 'Al' } })).toMatchObject({
      status: 200,
      body: { succeded: true, contact: { id: a, firstName: 'Al' } },
    })
    expect(await bed.call('PUT', `/contacts/${a}`, { body: { email: 'b@x.com' } })).toMatchObject({
      status: 400,
      body: { message: 'This location does not allow duplicated contacts.', meta: { contactId: b } },
    })
  })

  it.each([
    ['GET', '/contacts/nope'],
    ['PUT', '/contacts/nope'],
    ['POST', '/contacts/nope/tags'],
  ])('%s %s with an unknown id → 400 Contact not found', async (method, path) => {
    const body = method === 'GET' ? undefined : method === 'PUT' ? {} : { tags: ['x'] }
    expect(await bed.call(method, path, { body })).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'Contact not found' },
    })
  })

  it.each<[string, Record<string, unknown>, string[]]>([
    ['locationId missing', {}, ['locationId should not be empty']],
    ['tags not an array', { locationId: LOC, tags: 'a' }, ['tags must be an array']],
    ['email malformed', { locationId: LOC, email: 'nope' }, ['email must be an email']],
    ['dnd not boolean', { locationId: LOC, dnd: 'yes' }, ['dnd must be a boolean value']],
  ])('upsert with %s → 422', async (_name, body, messages) => {
    expect(await bed.call('POST', '/contacts/upsert', { body })).toMatchObject({
      status: 422,
      body: { statusCode: 422, message: messages, error: 'Unprocessable Entity' },
    })
  })

  it('upsert with another location id → 403', async () => {
    expect((await bed.call('POST', '/contacts/upsert', { body: { locationId: 'LocElse' } })).status).toBe(403)
  })

  it('tags overwrite on upsert; the tags endpoints add and remove', async () => {
    const id = (await upsert({ email: 'a@x.com', tags: ['yelp-lead', 'new'] })).body.contact.id
    expect((await upsert({ email: 'a@x.com', tags: ['other'] })).body.contact.tags).toEqual(['other'])
    expect(
      await bed.call('POST', `/contacts/${id}/tags`, { body: { tags: ['yelp-lead', 'VIP'] } }),
    ).toMatchObject({
      status: 201,
      body: { tags: ['other', 'yelp-lead', 'vip'] },
    })
    expect(await bed.call('DELETE', `/contacts/${id}/tags`, { body: { tags: ['other'] } })).toMatchObject({
      status: 200,
      body: { tags: ['yelp-lead', 'vip'] },
    })
  })

  it('custom field values are set by id or key and answered as {id, value}', async () => {
    const make = async (name: string) =>
      (
        (await bed.call('POST', `/locations/${LOC}/customFields`, { body: { name, dataType: 'TEXT' } }))
          .body as {
          customField: { id: string }
        }
      ).customField.id
    const leadId = await make('Yelp Lead Id')
    const job = await make('Yelp Job')
    const created = await upsert({
      email: 'a@x.com',
      customFields: [
        { id: leadId, field_value: 'LdX9' },
        { key: 'yelp_job', field_value: 'Roof repair' },
        { id: 'unknown', field_value: 'ignored' },
      ],
    })
    expect(created.body.contact.customFields).toEqual([
      { id: leadId, value: 'LdX9' },
      { id: job, value: 'Roof repair' },
    ])
    const again = await upsert({
      email: 'a@x.com',
      customFields: [{ key: 'contact.yelp_job', field_value: '' }],
    })
    expect(again.body.contact.customFields).toEqual([{ id: leadId, value: 'LdX9' }])
  })

  it.each<[string, string, string | null]>([
    ['email', 'email=A%40X.com', 'email'],
    ['phone (URL-encoded +)', 'number=%2B15550000001', 'phone'],
    ['no match', 'email=none%40x.com', null],
  ])('duplicate search by %s', async (_name, query, field) => {
    const a = (await upsert({ email: 'a@x.com', phone: '+15550000001' })).body.contact.id
    const response = await bed.call('GET', `/contacts/search/duplicate?locationId=${LOC}&${query}`)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject(
      field ? { contact: { id: a }, matchingField: field } : { contact: null, traceId: expect.any(String) },
    )
  })

  it('duplicate search needs locationId', async () => {
    expect(await bed.call('GET', '/contacts/search/duplicate?email=a%40x.com')).toMatchObject({
      status: 422,
      body: { message: ['locationId should not be empty'] },
    })
  })
})
