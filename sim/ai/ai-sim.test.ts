import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AI_SIM_MODEL, AI_SIM_PRESETS, type AiSim, createAiSim } from './ai-sim.ts'

// The OpenAI-compatible simulator, driven by the official client as the hub drives it.

let sim: AiSim
let client: OpenAI

beforeAll(async () => {
  sim = createAiSim({ apiKey: 'sk-test' })
  await sim.listen()
  client = new OpenAI({ baseURL: sim.env().AI_BASE_URL, apiKey: 'sk-test', maxRetries: 0, timeout: 2_000 })
})
afterAll(() => sim.close())
beforeEach(() => sim.reset())

const PROMPT = [
  {
    role: 'system' as const,
    content: 'You write the next reply of Acme Roofing to a customer who contacted it on Yelp.',
  },
  {
    role: 'user' as const,
    content:
      'Customer: Maria Lopez\nJob: Roof inspection\n\nConversation so far (oldest first):\nCustomer: """My roof leaks"""',
  },
]

describe('AI simulator', () => {
  it('lists its model and answers a chat completion from the customer’s words, with usage', async () => {
    expect((await client.models.list()).data.map((m) => m.id)).toEqual([AI_SIM_MODEL])
    const completion = await client.chat.completions.create({ model: 'any', messages: PROMPT })
    const text = completion.choices[0]?.message.content ?? ''
    expect(text).toContain('Hi Maria')
    expect(text).toContain('Acme Roofing')
    expect(text).toContain('My roof leaks')
    expect(completion.usage?.total_tokens).toBeGreaterThan(0)
    expect(sim.completionRequests()[0]?.body).toMatchObject({ messages: PROMPT })
  })

  it('refuses a wrong key with 401', async () => {
    const wrong = new OpenAI({ baseURL: sim.env().AI_BASE_URL, apiKey: 'nope', maxRetries: 0 })
    await expect(wrong.chat.completions.create({ model: 'x', messages: PROMPT })).rejects.toMatchObject({
      status: 401,
    })
  })

  it('answers armed presets in order, then writes again', async () => {
    const armed = await fetch(`${sim.url}/__sim/ai/answers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ preset: 'long' }),
    })
    expect(armed.status).toBe(201)
    sim.answerNext(AI_SIM_PRESETS.url)
    const answers = []
    for (let i = 0; i < 3; i++)
      answers.push(
        (await client.chat.completions.create({ model: 'x', messages: PROMPT })).choices[0]?.message.content,
      )
    expect(answers[0]).toHaveLength(3000)
    expect(answers[1]).toContain('https://')
    expect(answers[2]).toContain('Hi Maria')
  })

  it('injects 500s and delays through the shared fault API', async () => {
    sim.faults.add({ path: '/v1/chat/completions', status: 500 })
    await expect(client.chat.completions.create({ model: 'x', messages: PROMPT })).rejects.toMatchObject({
      status: 500,
    })
    sim.faults.add({ path: '/v1/chat/completions', delayMs: 3_000 })
    await expect(client.chat.completions.create({ model: 'x', messages: PROMPT })).rejects.toThrow(
      /timed out/i,
    )
  })
})
