/**
 * The hub's HTTP API as a signed-in browser uses it: real requests, JSON bodies, and the session
 * cookie kept between calls. The one session client of the tests, the browser tests' setup, the
 * benchmarks and `npm run demo` (they drive a hub in this process or in another one alike).
 */
export interface SessionAnswer {
  status: number
  headers: Headers
  /** Parsed JSON, or the text when the body is not JSON (null when empty). */
  body: unknown
  text: string
  /** The redirect target, for the OAuth start links. */
  location: string | null
}

export class SessionClient {
  private cookie: string | null = null

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<SessionAnswer> {
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
      // A cleared cookie (`sid=; Max-Age=0`) ends the session, as the browser would forget it.
      const pair = setCookie.split(';')[0] ?? ''
      this.cookie = pair.endsWith('=') ? null : pair
    }
    // An event stream (GET /api/events) never ends: its status and headers are the answer.
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel()
      return { status: response.status, headers: response.headers, body: null, text: '', location: null }
    }
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // Not JSON: keep the text.
    }
    return {
      status: response.status,
      headers: response.headers,
      body: parsed,
      text,
      location: response.headers.get('location'),
    }
  }

  get(path: string) {
    return this.request('GET', path)
  }

  post(path: string, json?: unknown) {
    return this.request('POST', path, json === undefined ? {} : { json })
  }

  /** The answer's JSON, or an error naming the step, the call and the hub's answer. */
  async call<T>(what: string, method: string, path: string, json?: unknown): Promise<T> {
    const answer = await this.request(method, path, json === undefined ? {} : { json })
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${what}: ${method} ${path} answered ${answer.status} ${answer.text.slice(0, 300)}`)
    }
    return (answer.text ? JSON.parse(answer.text) : null) as T
  }

  async login(username: string, password: string) {
    const response = await this.post('/api/auth/login', { username, password })
    if (response.status !== 200)
      throw new Error(`login as ${username} failed: ${response.status} ${response.text}`)
    return response
  }

  /**
   * What the operator's browser tab does with an OAuth link: open the hub's start link, follow it
   * to the provider's authorize page (the simulators approve at once) and on to the hub's
   * callback. Returns the callback's answer; throws when a step before it does not redirect.
   */
  async followOAuth(startPath: string): Promise<{ callbackUrl: string; status: number; page: string }> {
    const start = await this.get(startPath)
    if (start.status !== 302 || !start.location)
      throw new Error(`${startPath} answered ${start.status}: ${start.text.slice(0, 300)}`)
    const authorize = await fetch(start.location, { redirect: 'manual' })
    const callbackUrl = authorize.headers.get('location') ?? ''
    if (authorize.status !== 302 || !callbackUrl)
      throw new Error(`the authorize page of ${startPath} answered ${authorize.status}`)
    const callback = await fetch(callbackUrl, { redirect: 'manual' })
    return { callbackUrl, status: callback.status, page: await callback.text() }
  }

  get sessionCookie(): string | null {
    return this.cookie
  }
}
