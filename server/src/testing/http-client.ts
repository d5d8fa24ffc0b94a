/**
 * A tiny HTTP client for integration tests: real requests against a running server, with the
 * session cookie kept between calls like a browser would.
 */
export class TestClient {
  private cookie: string | null = null

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
    const headers: Record<string, string> = { ...options.headers }
    if (this.cookie) headers.cookie = this.cookie
    let body = options.body
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = JSON.stringify(options.json)
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) {
      const pair = setCookie.split(';')[0] ?? ''
      this.cookie = pair.endsWith('=') ? null : pair
    }
    // An event stream (GET /api/events) never ends: its status and headers are the answer.
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel()
      return { status: response.status, headers: response.headers, body: null, text: '' }
    }
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed, text }
  }

  get(path: string) {
    return this.request('GET', path)
  }

  post(path: string, json?: unknown) {
    return this.request('POST', path, json === undefined ? {} : { json })
  }

  async login(username: string, password: string) {
    const response = await this.post('/api/auth/login', { username, password })
    if (response.status !== 200)
      throw new Error(`login as ${username} failed: ${response.status} ${response.text}`)
    return response
  }

  get sessionCookie(): string | null {
    return this.cookie
  }
}
