import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GHL_SAMPLE, type GhlTestBed, startGhlTestBed } from './ghl-test.helpers.ts'

const BASE = `/locations/${GHL_SAMPLE.locationId}/customFields`

interface Field {
  id: string
  name: string
  fieldKey: string
  picklistOptions: string[]
  model: string
}

describe('GHL simulator: custom fields (docs/providers/ghl.md §8)', () => {
  let bed: GhlTestBed
  beforeAll(async () => {
    bed = await startGhlTestBed()
  })
  afterAll(() => bed.close())
  beforeEach(() => bed.resetWorld())

  const create = async (body: Record<string, unknown>) => {
    const response = await bed.call('POST', BASE, { body })
    return response as typeof response & { body: { customField: Field } }
  }

  it('create answers 201 with the documented field object', async () => {
    const response = await create({
      name: 'Yelp Lead Id',
      dataType: 'TEXT',
      model: 'contact',
      placeholder: 'Yelp lead id',
    })
    expect(response.status).toBe(201)
    expect(response.body.customField).toMatchObject({
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      name: 'Yelp Lead Id',
      fieldKey: 'contact.yelp_lead_id',
      dataType: 'TEXT',
      model: 'contact',
      placeholder: 'Yelp lead id',
      position: 0,
      locationId: GHL_SAMPLE.locationId,
      picklistOptions: [],
    })
  })

  it.each<[string, Record<string, unknown>, Partial<Field>]>([
    [
      'punctuation in the name',
      { name: 'Job: Type / Size!', dataType: 'TEXT' },
      { fieldKey: 'contact.job_type_size' },
    ],
    [
      'an opportunity field',
      { name: 'Deal Source', dataType: 'TEXT', model: 'opportunity' },
      { fieldKey: 'opportunity.deal_source', model: 'opportunity' },
    ],
    [
      'options on SINGLE_OPTIONS',
      { name: 'Urgency', dataType: 'SINGLE_OPTIONS', options: ['Now', 'Later'] },
      { picklistOptions: ['Now', 'Later'] },
    ],
    [
      'options on MULTIPLE_OPTIONS',
      { name: 'Services', dataType: 'MULTIPLE_OPTIONS', options: ['A', 'B'] },
      { picklistOptions: ['A', 'B'] },
    ],
    [
      'options on a TEXT field are dropped',
      { name: 'Notes', dataType: 'TEXT', options: ['A'] },
      { picklistOptions: [] },
    ],
  ])('create with %s', async (_name, body, expected) => {
    expect((await create(body)).body.customField).toMatchObject(expected)
  })

  it('a repeated name gets a unique key', async () => {
    await create({ name: 'Yelp Job', dataType: 'TEXT' })
    expect((await create({ name: 'Yelp Job', dataType: 'TEXT' })).body.customField.fieldKey).toBe(
      'contact.yelp_job_1',
    )
  })

  it.each<[string, Record<string, unknown>, string[]]>([
    ['name missing', { dataType: 'TEXT' }, ['name should not be empty']],
    [
      'an unknown dataType (EMAIL is only on the newer API)',
      { name: 'X', dataType: 'EMAIL' },
      [
        'dataType must be one of the following values: TEXT, LARGE_TEXT, NUMERICAL, PHONE, MONETORY, CHECKBOX, SINGLE_OPTIONS, MULTIPLE_OPTIONS, DATE, TEXTBOX_LIST, FILE_UPLOAD, RADIO',
      ],
    ],
    [
      'options not strings',
      { name: 'X', dataType: 'RADIO', options: [1] },
      ['each value in options must be a string'],
    ],
  ])('create with %s → 422', async (_name, body, messages) => {
    expect(await bed.call('POST', BASE, { body })).toMatchObject({
      status: 422,
      body: { statusCode: 422, message: messages },
    })
  })

  it('list filters by model; get, update and delete answer the documented shapes', async () => {
    const contactField = (await create({ name: 'Yelp Lead Id', dataType: 'TEXT' })).body.customField
    await create({ name: 'Deal', dataType: 'TEXT', model: 'opportunity' })
    const list = async (query: string) =>
      ((await bed.call('GET', `${BASE}${query}`)).body as { customFields: Field[] }).customFields.map(
        (f) => f.name,
      )
    expect(await list('')).toEqual(['Yelp Lead Id', 'Deal'])
    expect(await list('?model=contact')).toEqual(['Yelp Lead Id'])
    expect(await list('?model=opportunity')).toEqual(['Deal'])
    expect(await list('?model=all')).toEqual(['Yelp Lead Id', 'Deal'])

    expect(await bed.call('GET', `${BASE}/${contactField.id}`)).toMatchObject({
      status: 200,
      body: { customField: { id: contactField.id } },
    })
    expect(
      await bed.call('PUT', `${BASE}/${contactField.id}`, { body: { name: 'Yelp Lead', placeholder: 'id' } }),
    ).toMatchObject({
      status: 200,
      body: { customField: { name: 'Yelp Lead', placeholder: 'id', fieldKey: 'contact.yelp_lead_id' } },
    })
    expect(await bed.call('PUT', `${BASE}/${contactField.id}`, { body: { placeholder: 'x' } })).toMatchObject(
      {
        status: 422,
        body: { message: ['name should not be empty'] },
      },
    )
    expect(await bed.call('DELETE', `${BASE}/${contactField.id}`)).toMatchObject({
      status: 200,
      body: { succeded: true },
    })
    expect(await bed.call('GET', `${BASE}/${contactField.id}`)).toMatchObject({
      status: 400,
      body: { statusCode: 400, message: 'Custom field not found' },
    })
  })

  it('update of options replaces picklistOptions', async () => {
    const field = (await create({ name: 'Urgency', dataType: 'RADIO', options: ['A'] })).body.customField
    const updated = await bed.call('PUT', `${BASE}/${field.id}`, {
      body: { name: 'Urgency', options: ['B', 'C'] },
    })
    expect(updated.body).toMatchObject({ customField: { picklistOptions: ['B', 'C'] } })
  })

  it('list with an unknown model → 422', async () => {
    expect(await bed.call('GET', `${BASE}?model=deal`)).toMatchObject({
      status: 422,
      body: { message: ['model must be one of the following values: contact, opportunity, all'] },
    })
  })
})
