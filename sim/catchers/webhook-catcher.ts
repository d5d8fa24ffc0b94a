import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { escapeHtml } from './catcher-page.ts'

export interface CapturedRequest {
  n: number
  at: string
  path: string
  headers: Record<string, string>
  body: string
  /** What the catcher answered (a failure it was told to play, or 200). */
  status: number
}

export interface WebhookCatcher {
  /** Where to point a Slack or webhook alert channel (any path is captured). */
  url: string
  /** The page listing what was received. */
  pageUrl: string
  requests(): CapturedRequest[]
  /** The next `count` deliveries answer `status` (a receiver that fails, then recovers). */
  failNext(count: number, status?: number): void
  /** Every delivery waits this long before its answer (a slow receiver). */
  delayMs: number
  close(): Promise<void>
}

/**
 * A small capture server for Slack-style and Standard Webhooks alert deliveries: records each
 * POST (path, headers, raw body) and lists them at `/`. Used by the tests, `npm run sim` and
 * `npm run demo`, so nobody needs a Slack workspace or a receiver of their own to see an alert.
 */
export async function startWebhookCatcher(
  options: { port?: number; host?: string } = {},
): Promise<WebhookCatcher> {
  const captured: CapturedRequest[] = []
  let failures: { count: number; status: number } = { count: 0, status: 500 }
  const catcher = { delayMs: 0 }
  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy())
  })
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url ?? '/'
    if (request.method === 'GET') {
      if (path.startsWith('/__captured')) return sendJson(response, captured)
      return sendPage(response, captured)
    }
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    if (catcher.delayMs) await new Promise((resolve) => setTimeout(resolve, catcher.delayMs))
    const status = failures.count > 0 ? failures.status : 200
    if (failures.count > 0) failures = { ...failures, count: failures.count - 1 }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : (value ?? ''),
      ]),
    )
    captured.push({
      n: captured.length + 1,
      at: new Date().toISOString(),
      path,
      headers,
      body: Buffer.concat(chunks).toString('utf8'),
      status,
    })
    response
      .writeHead(status, { 'content-type': 'text/plain' })
      .end(status === 200 ? 'ok' : 'catcher told to fail')
  }
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const base = `http://127.0.0.1:${port}`
  return Object.assign(catcher, {
    url: `${base}/hooks/alerts`,
    pageUrl: `${base}/`,
    requests: () => [...captured],
    failNext(count: number, status = 500) {
      failures = { count, status }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}

function sendJson(response: ServerResponse, value: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value, null, 2))
}

function sendPage(response: ServerResponse, captured: CapturedRequest[]): void {
  const rows = [...captured]
    .reverse()
    .map(
      (
        request,
      ) => `<section><h2>#${request.n} · ${escapeHtml(request.at)} · POST ${escapeHtml(request.path)} → ${request.status}</h2>
<pre>${escapeHtml(
        Object.entries(request.headers)
          .filter(([name]) => name.startsWith('webhook-') || name === 'content-type')
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n'),
      )}</pre><pre>${escapeHtml(pretty(request.body))}</pre></section>`,
    )
    .join('\n')
  response
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><meta charset="utf-8"><title>Webhook catcher</title><style>body{font-family:sans-serif;margin:16px}pre{background:#f3f4f6;padding:8px;white-space:pre-wrap;overflow-wrap:anywhere}</style><h1>Webhook catcher: ${captured.length} received</h1>${rows || '<p>Nothing received yet.</p>'}`,
    )
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}
