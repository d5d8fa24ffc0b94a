import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { GHL_SAMPLE, type GhlSampleWorld, seedGhlSample } from './ghl-fixtures.ts'
import type { GhlSimOptions } from './ghl-sim.options.ts'
import { createGhlSim, type GhlSim } from './ghl-sim.ts'

/** Shared by the simulator's tests: a started sim with the sample world and small HTTP helpers. */
export interface GhlTestBed {
  sim: GhlSim
  url: string
  world: GhlSampleWorld
  /** An OAuth access token of the sample location, with every scope. */
  token: string
  call: (method: string, path: string, init?: CallInit) => Promise<CallResult>
  control: (method: string, path: string, body?: unknown) => Promise<CallResult>
  authorize: (scope?: string) => Promise<Record<string, string>>
  tokenRequest: (form: Record<string, string>) => Promise<CallResult>
  /** Clears everything and seeds the sample world again; returns the fresh token. */
  resetWorld: () => Promise<void>
  close: () => Promise<void>
}

export interface CallInit {
  token?: string | null
  version?: string | null
  body?: unknown
}

export interface CallResult {
  status: number
  headers: Headers
  body: unknown
  text: string
}

export const V_CONTACTS = '2021-07-28'
export const V_CONVERSATIONS = '2021-04-15'

export async function startGhlTestBed(options: GhlSimOptions = {}): Promise<GhlTestBed> {
  const sim = createGhlSim(options)
  const url = await sim.listen()
  const bed: GhlTestBed = {
    sim,
    url,
    world: seedGhlSample(sim),
    token: '',
    async call(method, path, init = {}) {
      const headers: Record<string, string> = {}
      const token = init.token === undefined ? bed.token : init.token
      if (token !== null) headers.authorization = `Bearer ${token}`
      const version = init.version === undefined ? versionFor(path) : init.version
      if (version !== null) headers.version = version
      if (init.body !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(`${url}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
      return read(response)
    },
    async control(method, path, body) {
      const response = await fetch(`${url}/__sim/ghl${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return read(response)
    },
    async authorize(scope) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: sim.config.clientId,
        redirect_uri: 'http://hub.test/api/ghl/callback',
      })
      if (scope) query.set('scope', scope)
      const redirect = await fetch(`${url}/v2/oauth/chooselocation?${query}`, { redirect: 'manual' })
      const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? ''
      const result = await bed.tokenRequest({
        client_id: sim.config.clientId,
        client_secret: sim.config.clientSecret,
        grant_type: 'authorization_code',
        code,
      })
      return result.body as Record<string, string>
    },
    async tokenRequest(form) {
      const response = await fetch(`${url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      })
      return read(response)
    },
    async resetWorld() {
      sim.reset()
      bed.world = seedGhlSample(sim)
      bed.token = (await bed.authorize()).access_token ?? ''
    },
    close: () => sim.close(),
  }
  bed.token = (await bed.authorize()).access_token ?? ''
  return bed
}

function versionFor(path: string): string {
  return path.startsWith('/conversations') ? V_CONVERSATIONS : V_CONTACTS
}

async function read(response: Response): Promise<CallResult> {
  const text = await response.text()
  let body: unknown = text
  try {
    body = text === '' ? null : JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body, text }
}

export interface ReceivedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  raw: Buffer
}

/** A real HTTP server standing in for the hub's `/reply`, keeping the raw bytes it received. */
export interface Receiver {
  url: string
  received: ReceivedRequest[]
  /** The statuses to answer with, in order; the last one repeats. */
  answers: number[]
  close: () => Promise<void>
}

export async function startReceiver(answers: number[] = [200]): Promise<Receiver> {
  const received: ReceivedRequest[] = []
  const receiver: Receiver = { url: '', received, answers, close: async () => {} }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        raw: Buffer.concat(chunks),
      })
      const status = receiver.answers[Math.min(received.length - 1, receiver.answers.length - 1)] ?? 200
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ received: true }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  receiver.url = `http://127.0.0.1:${port}/reply`
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return receiver
}

export { GHL_SAMPLE }
