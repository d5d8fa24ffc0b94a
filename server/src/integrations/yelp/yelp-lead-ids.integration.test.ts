import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leads } from '../../db/schema.ts'
import { type ConnectedWorld, startConnectedWorld } from '../../testing/connected-world.ts'
import { waitFor } from '../../testing/wait-for.ts'

// A Yelp lead id becomes a segment of Yelp's paths (`/v3/leads/{lead_id}/events`): one that is
// `..` or carries `/`, `?`, `#`, `%`, `\` or whitespace would send the hub's token to another
// endpoint. Such ids are refused where they come in: the webhook and the API's lead routes.
let world: ConnectedWorld

beforeAll(async () => {
  world = await startConnectedWorld()
})
afterAll(() => world?.close())

const UNSAFE = ['..', '.', 'a/b', '../../v3/businesses', 'a?b', 'a#b', 'a%2Fb', 'a\\b', 'a b', 'a\tb']

async function storedLead(leadId: string) {
  const [row] = await world.db.select({ id: leads.id }).from(leads).where(eq(leads.leadId, leadId))
  return row ?? null
}

describe('the Yelp webhook', () => {
  beforeAll(() => {
    // A real lead of the business rides in each refused delivery: refused with it, never fetched.
    world.sims.newLead('same-delivery', { notify: false })
  })

  it.each(UNSAFE)('refuses lead id %j with 400 naming the field', async (leadId) => {
    const response = await world.sims.postWebhook([{ leadId: 'same-delivery' }, { leadId }])
    expect(response.status).toBe(400)
    const { error } = (await response.json()) as { error: string }
    expect(error).toMatch(/^data\.updates\.1\.lead_id: lead_id must hold only letters, digits/)
  })

  it('queued nothing of the refused deliveries', async () => {
    // A later delivery is processed: by then the refused ones would have been too.
    const eventId = world.sims.newLead('after-refused')
    await waitFor(
      'the next lead in GHL',
      async () => (await world.sims.ghlMessagesFor([eventId])).length === 1,
    )
    expect(await storedLead('same-delivery')).toBeNull()
    expect(
      world.sims.yelpRequests('GET', /same-delivery|\/v3\/(?!leads\/[\w=-]+(\/|$)|businesses\/)/),
    ).toEqual([])
  })

  it('takes the ids Yelp issues (URL-safe base64)', async () => {
    for (const leadId of ['LdX9k2mPq0', 'FoDd6WCZSp2c-VCJyWnK_A', 'aGVsbG8=']) {
      const eventId = world.sims.newLead(leadId, { notify: false })
      expect((await world.sims.postWebhook([{ leadId, eventId }])).status).toBe(200)
      await waitFor(`${leadId} in GHL`, async () => (await world.sims.ghlMessagesFor([eventId])).length === 1)
    }
  })
})

describe('the API routes taking a lead id', () => {
  it.each(['a%2Fb', 'a%3Fb', 'a%23b', 'a%25b', 'a%5Cb', 'a%20b'])(
    'refuse %s with 400 naming leadId',
    async (encoded) => {
      for (const [method, path, json] of [
        ['GET', `/api/leads/${encoded}`, undefined],
        ['POST', `/api/leads/${encoded}/replied`, { replyType: 'PHONE' }],
      ] as const) {
        const answer = await world.admin.request(method, path, json === undefined ? {} : { json })
        expect([answer.status, (answer.body as { error: string }).error], `${method} ${path}`).toEqual([
          400,
          expect.stringMatching(/^leadId: leadId must hold only letters, digits/),
        ])
      }
    },
  )
})
