import { SimServer } from '../core/sim-server.ts'
import { type ChatMessageInput, tokenCount, writeReply } from './ai-reply-writer.ts'

/** The model name the simulator answers for (any name is accepted). */
export const AI_SIM_MODEL = 'leadrelay-sim-1'

/** Canned answers that break the output rules, armed with `POST /__sim/ai/answers {"preset": …}`. */
export const AI_SIM_PRESETS = {
  /** A reply carrying links (repaired by the hub). */
  url: 'Hi! See our prices at https://acme-roofing.example/prices or www.acme-roofing.example and book a visit there.',
  /** 3,000 characters (cut to 1,000 at a word by the hub). */
  long: Array.from({ length: 600 }, (_, i) => `word${i % 10}`)
    .join(' ')
    .slice(0, 3000),
  /** Nothing but a link (refused by the hub: nothing left to send). */
  onlyLink: 'https://acme-roofing.example/book',
  /** Markdown with a phone number and an email address. */
  markdown:
    '**Hi there!**\n\n- Call us at (415) 555-0123\n- or write to team@acme-roofing.example\n\nThanks for asking about your roof.',
} as const
export type AiSimPreset = keyof typeof AI_SIM_PRESETS

export interface AiSimOptions {
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (as OpenAI requires one). */
  apiKey?: string
}

/**
 * An OpenAI-compatible Chat Completions server (docs/spec/product.md §9.6): `POST /v1/chat/completions`
 * and `GET /v1/models`, writing a plausible reply from the lead's words in the prompt without any
 * model. Faults come from the shared control API (`/__sim/faults`: 500s, `delayMs` for timeouts,
 * `drop`), and `/__sim/ai/hang` makes it accept requests and never answer; answers that break the hub's output rules are armed under `/__sim/ai/answers`. Every
 * request is in `/__sim/requests`, so tests read the prompt the hub sent.
 */
export function createAiSim(options: AiSimOptions = {}) {
  const server = new SimServer({
    name: 'ai',
    defaultFaultBody: (status) => ({
      error: { message: `Injected ${status}`, type: 'server_error', param: null, code: 'simulated_fault' },
    }),
  })
  let queued: string[] = []
  let completions = 0
  // A model that accepts a request and never answers (until released): `POST /__sim/ai/hang`.
  let hanging = false
  let held: Array<() => void> = []
  /** Every completion request's prompt as it arrived (a hung one is logged only when released). */
  let received: string[] = []
  const release = () => {
    for (const go of held) go()
    held = []
  }
  server.onReset(() => {
    queued = []
    completions = 0
    hanging = false
    received = []
    release()
  })
  server.setStateProvider(() => ({ queuedAnswers: queued.length, completions, hanging, held: held.length }))

  const unauthorized = (authorization: string | undefined) =>
    options.apiKey !== undefined && authorization !== `Bearer ${options.apiKey}`

  server.app.get('/v1/models', async (request, reply) => {
    if (unauthorized(request.headers.authorization)) return reply.code(401).send(authError())
    return {
      object: 'list',
      data: [{ id: AI_SIM_MODEL, object: 'model', created: 1_700_000_000, owned_by: 'leadrelay-sim' }],
    }
  })

  server.app.post('/v1/chat/completions', async (request, reply) => {
    if (unauthorized(request.headers.authorization)) return reply.code(401).send(authError())
    const body = (request.body ?? {}) as { model?: unknown; messages?: unknown }
    if (typeof body.model !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0) {
      return reply.code(400).send({
        error: {
          message: 'model and messages are required',
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      })
    }
    const messages = body.messages as ChatMessageInput[]
    received.push(messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n'))
    if (hanging) {
      await new Promise<void>((resolve) => held.push(resolve))
      return reply.code(503).send({
        error: { message: 'released', type: 'server_error', param: null, code: 'simulated_hang' },
      })
    }
    const content = queued.shift() ?? writeReply(messages)
    completions += 1
    const promptTokens = tokenCount(
      messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n'),
    )
    const completionTokens = tokenCount(content)
    return {
      id: `chatcmpl-sim-${completions}`,
      object: 'chat.completion',
      created: Math.floor(server.clock.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    }
  })

  // The next answers, in order, instead of the written reply: `{"texts": [...]}` or `{"preset": "url"}`.
  server.app.post('/__sim/ai/answers', async (request, reply) => {
    const body = (request.body ?? {}) as { texts?: unknown; preset?: unknown; times?: unknown }
    const times = body.times === undefined ? 1 : Number(body.times)
    if (!Number.isInteger(times) || times < 1)
      return reply.code(400).send({ error: 'times: a positive integer' })
    if (typeof body.preset === 'string') {
      if (!(body.preset in AI_SIM_PRESETS))
        return reply.code(400).send({ error: `preset: one of ${Object.keys(AI_SIM_PRESETS).join(', ')}` })
      queued.push(...Array.from({ length: times }, () => AI_SIM_PRESETS[body.preset as AiSimPreset]))
    } else if (Array.isArray(body.texts) && body.texts.every((text) => typeof text === 'string')) {
      queued.push(...(body.texts as string[]))
    } else {
      return reply.code(400).send({ error: 'give texts (a list of strings) or preset' })
    }
    return reply.code(201).send({ queued: queued.length })
  })
  server.app.delete('/__sim/ai/answers', async () => {
    queued = []
    return { ok: true }
  })
  // `{"on": true}`: completions are accepted and never answered; `{"on": false}` answers them 503.
  server.app.post('/__sim/ai/hang', async (request) => {
    hanging = (request.body as { on?: unknown } | undefined)?.on !== false
    if (!hanging) release()
    return { hanging, held: held.length }
  })

  return {
    server,
    app: server.app,
    faults: server.faults,
    requests: server.requests,
    /** Queues the next answers (instead of the written reply). */
    answerNext(...texts: string[]): void {
      queued.push(...texts)
    },
    /** The chat completion requests the hub made, oldest first. */
    completionRequests() {
      return server.requests.list().filter((r) => r.path === '/v1/chat/completions')
    },
    /** Hang (accept completions, never answer) or stop hanging (the held ones get a 503). */
    hang(on = true): void {
      hanging = on
      if (!on) release()
    },
    /** The prompts of every completion request as it arrived, hung ones included. */
    receivedPrompts(): readonly string[] {
      return received
    },
    listen: (port = 0, host = '127.0.0.1') => server.listen(port, host),
    get url(): string {
      return server.url
    },
    /** The hub's environment lines for this simulator (docs/spec/product.md §5). */
    env(): Record<string, string> {
      return {
        AI_BASE_URL: `${server.url}/v1`,
        AI_MODEL: AI_SIM_MODEL,
        ...(options.apiKey ? { AI_API_KEY: options.apiKey } : {}),
      }
    },
    reset: () => server.reset(),
    close: () => {
      release()
      return server.close()
    },
  }
}

export type AiSim = ReturnType<typeof createAiSim>

function authError() {
  return {
    error: {
      message: 'Incorrect API key provided',
      type: 'invalid_request_error',
      param: null,
      code: 'invalid_api_key',
    },
  }
}
