import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  url: string
  body: string
  contentType: string | undefined
}

export interface TestReply {
  status?: number
  json?: unknown
  text?: string
}

export type TestRoutes = Record<string, (req: RecordedRequest) => TestReply>

export interface ApiTestServer {
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/**
 * A tiny real HTTP server standing in for the API in component tests. Routes are keyed
 * `METHOD /path`; anything else answers 404. The happy-dom page is moved onto the server's
 * origin so the app's relative URLs (`/api/...`) reach it as same-origin requests.
 */
export async function startApiTestServer(routes: TestRoutes): Promise<ApiTestServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        body: Buffer.concat(chunks).toString('utf8'),
        contentType: req.headers['content-type'],
      }
      requests.push(recorded)
      const route = routes[`${recorded.method} ${recorded.url.split('?')[0]}`]
      const reply = route ? route(recorded) : { status: 404, json: { error: 'Not found' } }
      const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '')
      res.writeHead(reply.status ?? 200, {
        'Content-Type': reply.json !== undefined ? 'application/json' : 'text/plain',
      })
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  const happyWindow = globalThis.window as unknown as { happyDOM?: { setURL(url: string): void } }
  happyWindow.happyDOM?.setURL(`${url}/`)
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
