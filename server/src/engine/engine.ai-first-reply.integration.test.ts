import type { PlaybookInput } from '@common/playbook.ts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AI_SIM_PRESETS, type AiSim, createAiSim } from '../../../sim/ai/ai-sim.ts'
import { ALL_WEEK, automationProbes } from '../testing/automation-probes.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'

// The playbook's first reply written by the model (docs/spec/product.md §9.6): in auto mode sent,
// falling back to the template when the model fails, times out or breaks the output rules; in
// suggest mode an AI draft that waits for a person. The history says which. The model is the
// OpenAI-compatible simulator over HTTP; its answer time is cut to one second.

let ai: AiSim
let world: ConnectedWorld
const { businessTexts, history, lead, queuesIdle } = automationProbes(() => world)
const TEMPLATE = 'Hi {firstName}, thanks for asking {businessName} about {jobType}!'

async function usePlaybook(mode: 'auto' | 'suggest', source: 'ai' | 'template' = 'ai') {
  const saved = await world.admin.request('PUT', `/api/clients/${ACME.clientId}/playbook`, {
    json: {
      timezone: 'America/Los_Angeles',
      businessHours: ALL_WEEK,
      firstReply: { enabled: true, mode, source, delaySeconds: 0, inHours: TEMPLATE, afterHours: '' },
      followUps: [],
      profile: 'Roof repairs in San Francisco.',
    } satisfies PlaybookInput,
  })
  expect(saved.status, saved.text).toBe(200)
}

beforeAll(async () => {
  ai = createAiSim()
  await ai.listen()
  world = await startConnectedWorld({ env: ai.env(), core: { ai: { timeoutMs: 1_000 } } })
}, 120_000)
afterAll(async () => {
  await world?.close()
  await ai?.close()
})
beforeEach(() => ai.reset())

describe('firstReply.source "ai" in auto mode', () => {
  it('sends the model’s reply once, written from the lead’s words, and the history says so', {
    timeout: 90_000,
  }, async () => {
    await usePlaybook('auto')
    world.sims.newLead('ai-auto-1', {
      consumerName: 'Maria Lopez',
      message: 'My skylight leaks near the chimney',
    })
    const [text] = await waitFor('the AI first reply on Yelp', async () => {
      const texts = await businessTexts('ai-auto-1')
      return texts.length > 0 && texts
    })
    expect(text).toContain('My skylight leaks near the chimney')
    await waitFor('the queues to settle', queuesIdle)
    expect(await businessTexts('ai-auto-1')).toHaveLength(1)
    expect(await history('ai-auto-1')).toMatchObject([{ kind: 'first_reply', state: 'sent', source: 'ai' }])
    expect((await history('ai-auto-1'))[0]?.reason).toBeUndefined()
  })

  it.each([
    ['a 500', { path: '/v1/chat/completions', status: 500, times: 5 }, 'ai_fallback:server_error'],
    ['a timeout', { path: '/v1/chat/completions', delayMs: 2_500, times: 5 }, 'ai_fallback:timeout'],
  ])('falls back to the template on %s from the model', { timeout: 90_000 }, async (_, fault, reason) => {
    await usePlaybook('auto')
    ai.faults.add(fault)
    const leadId = `ai-fallback-${reason.split(':')[1]}`
    world.sims.newLead(leadId, { consumerName: 'Ken Ito' })
    const template = 'Hi Ken, thanks for asking Acme Roofing about Roof inspection!'
    await waitFor('the template on Yelp', async () => (await businessTexts(leadId)).includes(template))
    await waitFor('the queues to settle', queuesIdle)
    expect(await businessTexts(leadId)).toEqual([template])
    expect(await history(leadId)).toMatchObject([
      { kind: 'first_reply', state: 'sent', source: 'template', reason },
    ])
  })

  it('falls back to the template when the answer breaks the output rules beyond repair', {
    timeout: 90_000,
  }, async () => {
    await usePlaybook('auto')
    ai.answerNext(AI_SIM_PRESETS.onlyLink, AI_SIM_PRESETS.onlyLink)
    world.sims.newLead('ai-refused-1', { consumerName: 'Ana Ruiz' })
    const template = 'Hi Ana, thanks for asking Acme Roofing about Roof inspection!'
    await waitFor('the template on Yelp', async () =>
      (await businessTexts('ai-refused-1')).includes(template),
    )
    expect(await history('ai-refused-1')).toMatchObject([
      { state: 'sent', source: 'template', reason: 'ai_fallback:output_refused' },
    ])
  })
})

describe('firstReply.source "ai" in suggest mode', () => {
  it('makes an AI draft, sends nothing to Yelp until a person sends it, then counts as the step sent', {
    timeout: 90_000,
  }, async () => {
    await usePlaybook('suggest')
    world.sims.newLead('ai-suggest-1', {
      consumerName: 'Lee Park',
      message: 'Need gutters cleaned before Friday',
    })
    const draft = await waitFor('the AI draft', async () => (await lead('ai-suggest-1')).drafts[0])
    expect(draft).toMatchObject({
      kind: 'ai',
      text: expect.stringContaining('Need gutters cleaned before Friday'),
    })
    expect(await history('ai-suggest-1')).toMatchObject([
      { kind: 'first_reply', state: 'drafted', source: 'ai' },
    ])
    await waitFor('the queues to settle', queuesIdle)
    expect(await businessTexts('ai-suggest-1')).toEqual([])

    const sent = await world.admin.post(`/api/leads/ai-suggest-1/drafts/${draft.id}/send`, {})
    expect(sent.status, sent.text).toBe(202)
    await waitFor('the draft on Yelp', async () => (await businessTexts('ai-suggest-1')).includes(draft.text))
    expect(await history('ai-suggest-1')).toMatchObject([
      { kind: 'first_reply', state: 'sent', source: 'ai' },
    ])
  })
})
