import type { PlaybookInput } from '@common/playbook.ts'
import { QUEUES } from '@common/queues.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AiSim, createAiSim } from '../../../sim/ai/ai-sim.ts'
import { ALL_WEEK, automationProbes } from '../testing/automation-probes.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'

// A model that accepts requests and never answers (docs/spec/product.md §9.6): AI first replies
// wait on their own queue, so template first replies of other leads still go out at once; each
// lead's step is claimed before the model is asked, so runs that overlap ask it once; after
// three failures in a row the breaker sends the template without waiting out the timeout.

let ai: AiSim
let world: ConnectedWorld
const { businessTexts, history } = automationProbes(() => world)
/** The model's timeout in this world (20 s in production). */
const MODEL_TIMEOUT_MS = 6_000
const TEMPLATE = 'Hi {firstName}, thanks for asking {businessName} about {jobType}!'

async function usePlaybook(source: 'ai' | 'template') {
  const saved = await world.admin.request('PUT', `/api/clients/${ACME.clientId}/playbook`, {
    json: {
      timezone: 'America/Los_Angeles',
      businessHours: ALL_WEEK,
      firstReply: { enabled: true, mode: 'auto', source, delaySeconds: 0, inHours: TEMPLATE, afterHours: '' },
      followUps: [],
    } satisfies PlaybookInput,
  })
  expect(saved.status, saved.text).toBe(200)
}

/** How many times the model was asked about the lead whose message holds `words`. */
const asked = (words: string) => ai.receivedPrompts().filter((prompt) => prompt.includes(words)).length

beforeAll(async () => {
  ai = createAiSim()
  await ai.listen()
  world = await startConnectedWorld({ env: ai.env(), core: { ai: { timeoutMs: MODEL_TIMEOUT_MS } } })
}, 120_000)
afterAll(async () => {
  await world?.close()
  await ai?.close()
})

describe('a model that accepts and never answers', () => {
  it('holds no template reply, is asked once per lead, and after three failures is not waited for', {
    timeout: 120_000,
  }, async () => {
    ai.hang()
    await usePlaybook('ai')
    const first = world.sims.newLead('hang-a', { consumerName: 'Ann Lee', message: 'hang-a words' })
    await waitFor('the model asked about hang-a', () => asked('hang-a words') === 1)
    // Yelp redelivers the webhook and the sweep runs: hang-a's automation runs again meanwhile.
    for (let i = 0; i < 2; i++) await world.sims.postWebhook([{ leadId: 'hang-a', eventId: first }])
    await world.server.server.boss.send(QUEUES.automationSweep, {})
    world.sims.newLead('hang-b', { consumerName: 'Bo Diaz', message: 'hang-b words' })
    await waitFor('the model asked about hang-b', () => asked('hang-b words') === 1)

    // Another lead whose first reply is the template goes out at once, model or not.
    await usePlaybook('template')
    world.sims.newLead('tmpl-c', { consumerName: 'Cy Young' })
    await waitFor(
      'tmpl-c’s template on Yelp while the model hangs',
      async () => (await businessTexts('tmpl-c')).length === 1,
      MODEL_TIMEOUT_MS / 2,
    )
    expect(await businessTexts('tmpl-c')).toEqual([
      'Hi Cy, thanks for asking Acme Roofing about Roof inspection!',
    ])

    // The hung leads fall back to their templates at the timeout, the model asked once each.
    for (const [leadId, name] of [
      ['hang-a', 'Ann'],
      ['hang-b', 'Bo'],
    ] as const) {
      await waitFor(`${leadId}’s template`, async () => (await businessTexts(leadId)).length === 1, 30_000)
      expect(await businessTexts(leadId)).toEqual([
        `Hi ${name}, thanks for asking Acme Roofing about Roof inspection!`,
      ])
      expect(await history(leadId)).toMatchObject([
        { kind: 'first_reply', state: 'sent', source: 'template', reason: 'ai_fallback:timeout' },
      ])
    }
    expect(asked('hang-a words')).toBe(1)
    expect(asked('hang-b words')).toBe(1)

    // A third timeout in a row opens the breaker …
    await usePlaybook('ai')
    world.sims.newLead('hang-d', { consumerName: 'Di Ro', message: 'hang-d words' })
    await waitFor('hang-d’s template', async () => (await businessTexts('hang-d')).length === 1, 30_000)
    // … and the next lead gets its template without the model being asked or waited for.
    world.sims.newLead('hang-e', { consumerName: 'Eve Park', message: 'hang-e words' })
    await waitFor(
      'hang-e’s template, well within the model’s timeout',
      async () => (await businessTexts('hang-e')).length === 1,
      MODEL_TIMEOUT_MS / 2,
    )
    expect(asked('hang-e words')).toBe(0)
    expect(await history('hang-e')).toMatchObject([
      { kind: 'first_reply', state: 'sent', source: 'template', reason: 'ai_fallback:breaker_open' },
    ])
  })
})
