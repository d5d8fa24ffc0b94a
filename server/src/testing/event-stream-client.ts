/** One Server-Sent Event as a browser's EventSource would hand it over. */
export interface StreamEvent {
  id?: string
  event: string
  data: string
}

/**
 * Listens to `GET /api/events` like a browser: the session cookie, optionally `Last-Event-ID`,
 * and every event kept in order so a test can wait for the one it expects.
 */
export class EventStreamClient {
  readonly events: StreamEvent[] = []
  status = 0
  /** Comment lines (`: keep-alive`) seen: the server's heartbeats. */
  heartbeats = 0
  /** True once the server (or the test) ended the stream. */
  isEnded = false
  private readonly abort = new AbortController()
  private waiters: Array<() => void> = []

  private constructor(private readonly url: string) {}

  static async open(
    baseUrl: string,
    cookie: string | null,
    options: { lastEventId?: string } = {},
  ): Promise<EventStreamClient> {
    const client = new EventStreamClient(`${baseUrl}/api/events`)
    await client.connect(cookie, options.lastEventId)
    return client
  }

  /** The first event (from `from` on) that satisfies `match`, waiting up to `timeoutMs`. */
  async waitFor(match: (event: StreamEvent) => boolean, timeoutMs = 5000, from = 0): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.events.slice(from).find(match)
      if (found) return found
      const left = deadline - Date.now()
      if (left <= 0)
        throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** `change` events' data, parsed. */
  changes(): Array<{ topic: string; clientId?: string; leadId?: string }> {
    return this.events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data))
  }

  /** Waits until the server ends the stream, up to `timeoutMs`. */
  async waitForEnd(timeoutMs = 5000): Promise<void> {
    await this.waitUntil(() => this.isEnded, 'the end of the stream', timeoutMs)
  }

  /** Waits until `count` more heartbeats than now have arrived, up to `timeoutMs`. */
  async waitForHeartbeats(count: number, timeoutMs = 5000): Promise<void> {
    const target = this.heartbeats + count
    await this.waitUntil(() => this.heartbeats >= target, `${count} heartbeats`, timeoutMs)
  }

  close(): void {
    this.abort.abort()
  }

  private async waitUntil(done: () => boolean, what: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!done()) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  private wake(): void {
    const waiters = this.waiters
    this.waiters = []
    for (const wake of waiters) wake()
  }

  private async connect(cookie: string | null, lastEventId: string | undefined): Promise<void> {
    const headers: Record<string, string> = { accept: 'text/event-stream' }
    if (cookie) headers.cookie = cookie
    if (lastEventId) headers['last-event-id'] = lastEventId
    const response = await fetch(this.url, { headers, signal: this.abort.signal })
    this.status = response.status
    if (!response.ok || !response.body) return
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    void (async () => {
      let buffer = ''
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffer += value
          let end = buffer.indexOf('\n\n')
          while (end >= 0) {
            this.parse(buffer.slice(0, end))
            buffer = buffer.slice(end + 2)
            end = buffer.indexOf('\n\n')
          }
        }
      } catch {
        // Closed by the test or the server.
      }
      this.isEnded = true
      this.wake()
    })()
  }

  private parse(block: string): void {
    const event: StreamEvent = { event: 'message', data: '' }
    let hasField = false
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.heartbeats++
      if (!line || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'id') event.id = value
      else if (field === 'event') event.event = value
      else if (field === 'data') event.data = event.data ? `${event.data}\n${value}` : value
      else continue
      hasField = true
    }
    if (!hasField || (!event.data && event.event === 'message')) {
      this.wake()
      return
    }
    this.events.push(event)
    this.wake()
  }
}
