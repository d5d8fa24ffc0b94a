import type { PlaybookInput } from '@common/playbook.ts'
import { QUEUES } from '@common/queues.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_WEEK, automationProbes } from '../testing/automation-probes.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'

// What cancels an automated message, checked where it matters (docs/spec/product.md §9.2, §9.7):
// right before the post, however long after its claim it comes (a Yelp outage holds it here);
// follow-ups only for conversations that began after they were switched on, never for an
// import; a suggest-mode draft no longer sendable once a person or the consumer wrote after it.

let world: ConnectedWorld
const { businessTexts, history, lead, queuesIdle } = automationProbes(() => world)
const FIRST_REPLY = 'Hi {firstName}, thanks for asking {businessName} about {jobType}!'
const FOLLOW_UPS = [{ afterMinutes: 60, text: 'Still looking for help, {firstName}?' }]

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

/** Runs the minute's sweep now (a due step whose own wake-up is further away). */
async function sweep() {
  await world.server.server.boss.send(QUEUES.automationSweep, {})
}

/**
 * A new lead whose first reply is claimed at once but cannot reach Yelp (Yelp answers 503 to
 * every write on it) until `meanwhile` has happened; then Yelp is back.
 */
async function firstReplyHeldByOutage(leadId: string, meanwhile: () => Promise<void>) {
  world.yelp.server.faults.add({
    method: 'POST',
    path: `/v3/leads/${leadId}/events`,
    status: 503,
    times: 1000,
  })
  world.sims.newLead(leadId)
  await waitFor('the first reply claimed', async () => (await history(leadId))[0]?.state === 'sent')
  await waitFor(
    'a first attempt to post it',
    () => world.sims.yelpRequests('POST', new RegExp(`/v3/leads/${leadId}/events$`)).length > 0,
  )
  await meanwhile()
  world.yelp.server.faults.clear()
}

beforeAll(async () => {
  world = await startConnectedWorld()
}, 120_000)
afterAll(() => world?.close())

describe('an automated message claimed, then held back before its post', () => {
  it('is cancelled when a person replies meanwhile, and never reaches Yelp', {
    timeout: 90_000,
  }, async () => {
    await usePlaybook()
    await firstReplyHeldByOutage('held-person', async () => {
      const reply = await world.admin.post('/api/leads/held-person/reply', { text: 'On my way over!' })
      expect(reply.status, reply.text).toBe(202)
    })
    await waitFor(
      'the person’s reply on Yelp',
      async () => (await businessTexts('held-person')).includes('On my way over!'),
      60_000,
    )
    await waitFor(
      'the first reply skipped',
      async () => (await history('held-person'))[0]?.reason === 'business_replied',
      60_000,
    )
    await waitFor('the queues to settle', queuesIdle, 60_000)
    expect(await history('held-person')).toMatchObject([
      { kind: 'first_reply', state: 'skipped', reason: 'business_replied' },
    ])
    expect(await businessTexts('held-person')).toEqual(['On my way over!'])
    // The inbox does not show a reply that never went out.
    expect((await lead('held-person')).replies.map((r) => r.text)).toEqual(['On my way over!'])
  })

  it('is cancelled when the consumer writes meanwhile', { timeout: 90_000 }, async () => {
    await usePlaybook()
    await firstReplyHeldByOutage('held-consumer', async () => {
      world.sims.consumerMessage('held-consumer', 'Actually, never mind, found someone')
      await waitFor(
        'the consumer message stored',
        async () =>
          (await lead('held-consumer')).events.some((e) => JSON.stringify(e).includes('found someone')),
        30_000,
      )
    })
    await waitFor(
      'the first reply cancelled',
      async () => (await history('held-consumer'))[0]?.reason === 'consumer_replied',
      60_000,
    )
    await waitFor('the queues to settle', queuesIdle, 60_000)
    expect(await history('held-consumer')).toMatchObject([
      { kind: 'first_reply', state: 'cancelled', reason: 'consumer_replied' },
    ])
    expect(await businessTexts('held-consumer')).toEqual([])
  })

  it('is cancelled when the lead is closed meanwhile', { timeout: 90_000 }, async () => {
    await usePlaybook()
    await firstReplyHeldByOutage('held-closed', async () => {
      const patched = await world.admin.request('PATCH', '/api/leads/held-closed/status', {
        json: { status: 'closed' },
      })
      expect(patched.status, patched.text).toBe(200)
    })
    await waitFor(
      'the first reply cancelled',
      async () => (await history('held-closed'))[0]?.reason === 'status_closed',
      60_000,
    )
    await waitFor('the queues to settle', queuesIdle, 60_000)
    expect(await history('held-closed')).toMatchObject([
      { kind: 'first_reply', state: 'cancelled', reason: 'status_closed' },
    ])
    expect(await businessTexts('held-closed')).toEqual([])
  })
})

describe('follow-ups and history', () => {
  it('an imported old unanswered lead gets no follow-up', { timeout: 90_000 }, async () => {
    await usePlaybook({
      firstReply: { ...playbook().firstReply, enabled: false },
      followUps: FOLLOW_UPS,
    })
    world.sims.newLead('old-import-1', {
      createdAt: new Date(Date.now() - 3 * 24 * 3600_000).toISOString(),
      notify: false,
    })
    const started = await world.admin.post('/api/import-historical-leads', { clientId: ACME.clientId })
    expect(started.status, started.text).toBeLessThan(300)
    await lead('old-import-1')
    await waitFor('the queues to settle', queuesIdle, 60_000)
    await sweep()
    await waitFor('the queues to settle', queuesIdle, 60_000)
    expect(await history('old-import-1')).toEqual([])
    expect(await businessTexts('old-import-1')).toEqual([])
  })

  it('follow-ups switched on after a lead’s conversation began do not fire for it', {
    timeout: 90_000,
  }, async () => {
    await usePlaybook({ firstReply: { ...playbook().firstReply, enabled: false }, followUps: [] })
    world.sims.newLead('before-follow-ups', {
      createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    })
    await lead('before-follow-ups')
    await waitFor('the queues to settle', queuesIdle, 60_000)
    await usePlaybook({ firstReply: { ...playbook().firstReply, enabled: false }, followUps: FOLLOW_UPS })
    // Anything that runs the lead's automation again: a status set by a person.
    const patched = await world.admin.request('PATCH', '/api/leads/before-follow-ups/status', {
      json: { status: 'contacted' },
    })
    expect(patched.status, patched.text).toBe(200)
    await sweep()
    await waitFor('the queues to settle', queuesIdle, 60_000)
    expect(await history('before-follow-ups')).toEqual([])
    expect(await businessTexts('before-follow-ups')).toEqual([])

    // A lead that began afterwards does get them (its clock starts at its message).
    world.sims.newLead('after-follow-ups')
    await waitFor('its follow-up scheduled', async () =>
      (await history('after-follow-ups')).some((s) => s.kind === 'follow_up' && s.state === 'scheduled'),
    )
  })
})

describe('a suggest-mode draft', () => {
  it('cannot be sent once a person replied after it: 409, and it leaves drafts', {
    timeout: 90_000,
  }, async () => {
    await usePlaybook({ firstReply: { ...playbook().firstReply, mode: 'suggest' } })
    world.sims.newLead('stale-draft-1')
    const draft = await waitFor('the draft', async () => (await lead('stale-draft-1')).drafts[0])
    // The person's reply is still on its way to Yelp (no echo has run the automation yet).
    world.yelp.server.faults.add({
      method: 'POST',
      path: '/v3/leads/stale-draft-1/events',
      status: 503,
      times: 1000,
    })
    const reply = await world.admin.post('/api/leads/stale-draft-1/reply', { text: 'Calling you now' })
    expect(reply.status, reply.text).toBe(202)
    const sent = await world.admin.post(`/api/leads/stale-draft-1/drafts/${draft.id}/send`, {})
    expect(sent.status, sent.text).toBe(409)
    expect(sent.text).toMatch(/replied/i)
    expect((await lead('stale-draft-1')).drafts).toEqual([])
    world.yelp.server.faults.clear()
    await waitFor(
      'the person’s reply on Yelp',
      async () => (await businessTexts('stale-draft-1')).length > 0,
      60_000,
    )
    await waitFor('the queues to settle', queuesIdle, 60_000)
    expect(await businessTexts('stale-draft-1')).toEqual(['Calling you now'])
    expect((await history('stale-draft-1'))[0]).toMatchObject({
      kind: 'first_reply',
      reason: 'business_replied',
    })
  })

  it('cannot be sent once the consumer wrote after it', { timeout: 90_000 }, async () => {
    await usePlaybook({ firstReply: { ...playbook().firstReply, mode: 'suggest' } })
    world.sims.newLead('stale-draft-2')
    const draft = await waitFor('the draft', async () => (await lead('stale-draft-2')).drafts[0])
    world.sims.consumerMessage('stale-draft-2', 'Hello? Anyone there?')
    await waitFor('the consumer message stored', async () =>
      (await lead('stale-draft-2')).events.some((e) => JSON.stringify(e).includes('Anyone there')),
    )
    const sent = await world.admin.post(`/api/leads/stale-draft-2/drafts/${draft.id}/send`, {})
    expect(sent.status, sent.text).toBe(409)
    expect((await lead('stale-draft-2')).drafts).toEqual([])
    await waitFor('the queues to settle', queuesIdle, 60_000)
    expect(await businessTexts('stale-draft-2')).toEqual([])
  })
})
