import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
import type { YelpSimOptions } from './yelp-sim.options.ts'
import { createYelpSim, type YelpSim } from './yelp-sim.ts'

/** Test plumbing for the Yelp simulator's own tests, over real HTTP. Not a test file itself. */

export interface HttpResult {
  status: number
  body: unknown
  text: string
  headers: Headers
}

export interface RequestOptions {
  token?: string
  json?: unknown
  form?: Record<string, string>
  headers?: Record<string, string>
}

export async function call(base: string, method: string, path: string, options: RequestOptions = {}) {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body: string | undefined
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(options.form).toString()
  }
  const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text === '' ? null : JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  const result: HttpResult = { status: response.status, body: parsed, text, headers: response.headers }
  return result
}

export async function startSim(options: YelpSimOptions = {}): Promise<{ sim: YelpSim; url: string }> {
  const sim = createYelpSim(options)
  const url = await sim.listen()
  return { sim, url }
}

export interface ReceivedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: unknown
  at: number
}

/** A real node:http server standing in for the hub's webhook endpoint. */
export async function startReceiver(
  answer: (req: ReceivedRequest) => { status: number; body: string } = () => ({ status: 200, body: '{}' }),
) {
  const received: ReceivedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let body: unknown = text
      try {
        body = text === '' ? null : JSON.parse(text)
      } catch {
        // keep raw text
      }
      const entry: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        at: Date.now(),
      }
      received.push(entry)
      const reply = answer(entry)
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/yelp/webhook`,
    received,
    /** Waits (real time, polling) until at least `count` requests arrived. */
    async waitFor(count: number, timeoutMs = 3000): Promise<ReceivedRequest[]> {
      const started = Date.now()
      while (received.length < count) {
        if (Date.now() - started > timeoutMs)
          throw new Error(`receiver got ${received.length}/${count} requests`)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      return received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Seeds one user owning one advertising business with webhooks on, and returns a live token. */
export function seedOwner(sim: YelpSim, options: { isSubscribed?: boolean } = {}) {
  const user = sim.addUser({ id: 'u1', displayName: 'Alex Rivera' })
  const business = sim.addBusiness({
    id: 'b1',
    name: 'Acme Roofing',
    adminUserIds: [user.id],
    isSubscribed: options.isSubscribed ?? true,
  })
  const tokens = sim.issueTokens(user.id)
  return { userId: user.id, businessId: business.id, token: tokens.access_token }
}

/** The error body the Leads API answers (docs/providers/yelp.md §1 Errors), any description. */
export function yelpErrorBody(code: string, field?: string) {
  return { error: { code, description: expect.any(String), ...(field ? { field } : {}) } }
}

/** The token endpoints' error body (docs/providers/yelp.md §4). */
export function tokenErrorBody(id: string, status: number) {
  return { error: { id, description: expect.any(String), http_code: status } }
}
