// The hub's HTTP API as an operator's browser uses it, for the scripts and benchmarks that drive a
// running hub from outside (npm run demo, bench/).

/** The hub's HTTP API as a signed-in operator's browser uses it: JSON, with the session cookie. */
export class HubSession {
  private cookie: string | null = null

  constructor(readonly baseUrl: string) {}

  async send(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {}
    if (this.cookie) headers.cookie = this.cookie
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? null
    return {
      status: response.status,
      location: response.headers.get('location'),
      text: await response.text(),
    }
  }

  /** The answer's JSON, or an error naming the step, the call and the hub's answer. */
  async call<T>(what: string, method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.send(method, path, body)
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${what}: ${method} ${path} answered ${answer.status} ${answer.text.slice(0, 300)}`)
    }
    return (answer.text ? JSON.parse(answer.text) : null) as T
  }
}
