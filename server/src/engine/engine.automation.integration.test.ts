import type { PlaybookInput } from '@common/playbook.ts'
import { QUEUES } from '@common/queues.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_WEEK, automationProbes } from '../testing/automation-probes.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'

// First replies and follow-ups (docs/spec/product.md §9.2) end to end: webhooks in, the
// automation's jobs on the real queue, texts on the Yelp simulator and mirrored into GHL. The
// hub's clock is the test's: follow-ups an hour away run when the test moves it and sweeps.

let world: ConnectedWorld
const { businessTexts, history, lead, queuesIdle } = automationProbes(() => world)
let offsetMs = 0
const clock = () => new Date(Date.now() + offsetMs)
const FIRST_REPLY = 'Hi {firstName}, thanks for asking {businessName} about {jobType}!'

function playbook(patch: Partial<PlaybookInput> = {}): PlaybookInput {
  return {
    timezone: 'America/Los_Angeles',
    businessHours: ALL_WEEK,
    firstReply: { enabled: true, mode: 'auto', delaySeconds: 0, inHours: FIRST_REPLY, afterHours: '' },
    followUps: [],
    followUpMode: 'auto',
    ...patch,
  }
}

async function usePlaybook(patch: Partial<PlaybookInput> = {}) {
  const saved = await world.admin.request('PUT', `/api/clients/${ACME.clientId}/playbook`, {
    json: playbook(patch),
  })
  expect(saved.status, saved.text).toBe(200)
}

/**
 * Moves the hub's clock and Yelp's forward together (a Yelp event's time and the hub's agree, as
 * in production) and runs the minute's sweep at once. Sessions expire by the same clock: the
 * admin signs in again.
 */
async function advance(minutes: number) {
  offsetMs += minutes * 60_000
  world.yelp.server.clock.advance(minutes * 60_000)
  await world.admin.login(world.server.adminUsername, world.server.adminPassword)
  await world.server.server.boss.send(QUEUES.automationSweep, {})
}

beforeAll(async () => {
  world = await startConnectedWorld({ core: { clock } })
})
afterAll(() => world?.close())

describe('first reply', () => {
  it('is posted once to Yelp, mirrored into GHL, and clears the wait, whatever the redeliveries', {
    timeout: 90_000,
  }, async () => {
    await usePlaybook()
    const first = world.sims.newLead('auto-1', { consumerName: 'Maria Lopez' })
    const text = 'Hi Maria, thanks for asking Acme Roofing about Roof inspection!'
    await waitFor('the first reply on Yelp', async () => (await businessTexts('auto-1')).includes(text))
    // Yelp delivers the new lead's webhook again, three times.
    for (let i = 0; i < 3; i++) await world.sims.postWebhook([{ leadId: 'auto-1', eventId: first }])
    await waitFor('the queues to settle', queuesIdle)
    expect(await businessTexts('auto-1')).toEqual([text])
    await waitFor('the GHL mirror', async () =>
      (await world.sims.ghlMessages()).some((m) => m.direction === 'outbound' && m.body === text),
    )
    expect((await world.sims.ghlMessages()).filter((m) => m.body === text)).toHaveLength(1)
    expect(await history('auto-1')).toMatchObject([{ kind: 'first_reply', step: 0, state: 'sent' }])
    await waitFor('the wait to end', async () => (await lead('auto-1')).waitingSince === null)
    // The inbox says the playbook sent it, nobody in person.
    expect((await lead('auto-1')).replies).toMatchObject([{ text, origin: 'automation', sentBy: null }])
  })

  it('is skipped when a person replies during the delay', { timeout: 90_000 }, async () => {
    await usePlaybook({ firstReply: { ...playbook().firstReply, delaySeconds: 600 } })
    world.sims.newLead('delay-1')
    await waitFor(
      'the scheduled first reply',
      async () => (await history('delay-1'))[0]?.state === 'scheduled',
    )
    expect((await world.admin.post('/api/leads/delay-1/reply', { text: 'Calling you now!' })).status).toBe(
      202,
    )
    await waitFor('the person’s reply on Yelp', async () =>
      (await businessTexts('delay-1')).includes('Calling you now!'),
    )
    expect((await lead('delay-1')).replies).toMatchObject([
      { text: 'Calling you now!', origin: 'inbox', sentBy: world.server.adminUsername },
    ])
    await advance(11)
    await waitFor('the first reply skipped', async () => (await history('delay-1'))[0]?.state === 'skipped')
    expect((await history('delay-1'))[0]).toMatchObject({ reason: 'business_replied' })
    await waitFor('the queues to settle', queuesIdle)
    expect(await businessTexts('delay-1')).toEqual(['Calling you now!'])
  })

  it('in suggest mode is a draft, and nothing reaches Yelp until a person sends it', {
    timeout: 90_000,
  }, async () => {
    await usePlaybook({ firstReply: { ...playbook().firstReply, mode: 'suggest' } })
    world.sims.newLead('suggest-1')
    const draft = await waitFor('the draft', async () => (await lead('suggest-1')).drafts[0])
    expect(draft).toMatchObject({ kind: 'first_reply', text: expect.stringContaining('thanks for asking') })
    await waitFor('the queues to settle', queuesIdle)
    expect(await businessTexts('suggest-1')).toEqual([])
    const sent = await world.admin.post(`/api/leads/suggest-1/drafts/${draft.id}/send`, {
      text: 'Edited by Jo',
    })
    expect(sent.status, sent.text).toBe(202)
    await waitFor('the edited draft on Yelp', async () =>
      (await businessTexts('suggest-1')).includes('Edited by Jo'),
    )
    expect((await lead('suggest-1')).drafts).toEqual([])
    expect(await history('suggest-1')).toMatchObject([{ kind: 'first_reply', state: 'sent' }])
    expect((await lead('suggest-1')).replies).toMatchObject([
      { text: 'Edited by Jo', origin: 'draft', sentBy: world.server.adminUsername },
    ])
  })

  it('refuses to send or discard an unknown draft with a 404', async () => {
    world.sims.newLead('suggest-2')
    await waitFor('the lead', async () => (await world.admin.get('/api/leads/suggest-2')).status === 200)
    expect((await world.admin.post('/api/leads/suggest-2/drafts/nope/send', {})).status).toBe(404)
    expect((await world.admin.request('DELETE', '/api/leads/suggest-2/drafts/nope')).status).toBe(404)
    expect((await world.admin.post('/api/leads/suggest-2/drafts/x/send', { text: 42 })).status).toBe(400)
  })
})

describe('follow-ups', () => {
  const FOLLOW_UPS = [
    { afterMinutes: 60, text: 'Still looking for help, {firstName}?' },
    { afterMinutes: 1440, text: 'Last check-in from {businessName}.' },
  ]

  it('follow the first reply after their delay, once each, and stop at a status of converted', {
    timeout: 120_000,
  }, async () => {
    await usePlaybook({ followUps: FOLLOW_UPS })
    world.sims.newLead('follow-1')
    await waitFor('follow-up 1 scheduled', async () =>
      (await history('follow-1')).some((s) => s.kind === 'follow_up' && s.state === 'scheduled'),
    )
    await advance(61)
    await waitFor('follow-up 1 on Yelp', async () =>
      (await businessTexts('follow-1')).includes('Still looking for help, Sam?'),
    )
    await advance(1)
    await waitFor('the queues to settle', queuesIdle)
    expect((await businessTexts('follow-1')).filter((t) => t.startsWith('Still looking'))).toHaveLength(1)
    const patched = await world.admin.request('PATCH', '/api/leads/follow-1/status', {
      json: { status: 'converted' },
    })
    expect(patched.status).toBe(200)
    await waitFor('follow-up 2 cancelled', async () =>
      (await history('follow-1')).some(
        (s) => s.step === 2 && s.state === 'cancelled' && s.reason === 'status_closed',
      ),
    )
    await advance(24 * 60)
    await waitFor('the queues to settle', queuesIdle)
    expect(await businessTexts('follow-1')).not.toContain('Last check-in from Acme Roofing.')
  })

  it('stop for good when the consumer writes', { timeout: 120_000 }, async () => {
    await usePlaybook({ followUps: FOLLOW_UPS })
    world.sims.newLead('follow-2')
    await waitFor('follow-up 1 scheduled', async () =>
      (await history('follow-2')).some((s) => s.kind === 'follow_up' && s.state === 'scheduled'),
    )
    world.sims.consumerMessage('follow-2', 'Yes, still need it')
    await waitFor('the consumer message stored', async () => (await lead('follow-2')).waitingSince !== null)
    await advance(61)
    await waitFor('follow-up 1 cancelled', async () =>
      (await history('follow-2')).some(
        (s) => s.step === 1 && s.state === 'cancelled' && s.reason === 'consumer_replied',
      ),
    )
    await advance(24 * 60)
    await waitFor('the queues to settle', queuesIdle)
    expect((await businessTexts('follow-2')).filter((t) => t.startsWith('Still looking'))).toEqual([])
  })
})
