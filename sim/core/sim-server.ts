import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { SimClock } from './sim-clock.ts'
import { type FaultInput, FaultRules } from './sim-faults.ts'
import { RequestLog } from './sim-request-log.ts'

/** Routes under this prefix belong to the simulator's control API; no real Yelp or GHL path uses it. */
export const CONTROL_PREFIX = '/__sim'

export interface SimServerOptions {
  /** Shown in logs and in the control API's state. */
  name: string
  /**
   * The body of an injected fault given a status but no `body`, in the provider's own error shape
   * (Yelp `{error:{code,description}}`, GHL `{statusCode,message}`). Default: `defaultFaultBody`.
   */
  defaultFaultBody?: (status: number) => unknown
}

/** A fault body in Yelp's error shape, kept as the default for simulators that set none. */
export function defaultFaultBody(status: number): unknown {
  return { error: { code: 'SIMULATED_FAULT', description: `Injected ${status}` } }
}

/**
 * One provider simulator: a Fastify app whose provider routes are registered by the caller,
 * plus what every simulator shares — a controllable clock, fault injection for the next N
 * matching requests, a request log, and the control API under CONTROL_PREFIX.
 */
export class SimServer {
  readonly app: FastifyInstance
  readonly clock = new SimClock()
  readonly faults = new FaultRules()
  readonly requests = new RequestLog()
  private readonly resetHandlers: Array<() => void> = []
  private stateProvider: () => unknown = () => ({})
  private baseUrl: string | null = null

  constructor(readonly options: SimServerOptions) {
    this.app = Fastify({
      logger: false,
      bodyLimit: 5 * 1024 * 1024,
      // GHL documents `/contacts/` and `/conversations/` with a trailing slash and clients send
      // both spellings; one registration answers for both instead of one route per spelling.
      routerOptions: { ignoreTrailingSlash: true },
    })
    this.installBodyParsers()
    this.installRecording()
    this.installFaults()
    this.installControlRoutes()
  }

  /** The URL the simulator listens on; throws before `listen`. */
  get url(): string {
    if (!this.baseUrl) throw new Error(`${this.options.name} simulator is not listening yet`)
    return this.baseUrl
  }

  /** Registers state cleared by `POST /__sim/reset` (and by `reset()`). */
  onReset(handler: () => void): void {
    this.resetHandlers.push(handler)
  }

  /** What `GET /__sim/state` answers. */
  setStateProvider(provider: () => unknown): void {
    this.stateProvider = provider
  }

  reset(): void {
    this.clock.reset()
    this.faults.clear()
    this.requests.clear()
    for (const handler of this.resetHandlers) handler()
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    await this.app.listen({ port, host })
    const address = this.app.server.address()
    if (!address || typeof address === 'string') throw new Error('unexpected listen address')
    this.baseUrl = `http://${host}:${address.port}`
    return this.baseUrl
  }

  async close(): Promise<void> {
    await this.app.close()
  }

  private installBodyParsers(): void {
    // Both providers' token endpoints take form bodies; keep the raw text too so a simulator
    // can tell JSON from form when a provider accepts only one.
    this.app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
  }

  private installRecording(): void {
    this.app.addHook('onSend', async (request, reply, payload) => {
      const slow = slowResponses.get(request)
      if (slow) await new Promise((resolve) => setTimeout(resolve, slow))
      const replaced = replacedAnswers.get(request)
      if (replaced?.status) {
        reply.code(replaced.status).headers({ ...replaced.headers, 'content-type': 'application/json' })
        payload = JSON.stringify(
          replaced.body ?? (this.options.defaultFaultBody ?? defaultFaultBody)(replaced.status),
        )
      }
      if (!isControlPath(request.url)) {
        this.requests.record(request, reply.statusCode, typeof payload === 'string' ? payload : null)
      }
      return payload
    })
  }

  private installFaults(): void {
    const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/'
    this.app.addHook('onRequest', async (request, reply) => {
      if (isControlPath(request.url)) return
      return this.applyFault(request, reply, this.faults.take(request.method, pathOf(request)))
    })
    // Faults that look at the body (`bodyIncludes`) once it is parsed.
    this.app.addHook('preHandler', async (request, reply) => {
      if (isControlPath(request.url)) return
      const body = JSON.stringify(request.body ?? null)
      return this.applyFault(request, reply, this.faults.take(request.method, pathOf(request), body))
    })
  }

  private async applyFault(request: FastifyRequest, reply: FastifyReply, fault: FaultInput | null) {
    if (!fault) return
    if (fault.slowResponseMs) slowResponses.set(request, fault.slowResponseMs)
    if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
    if (fault.drop) {
      // A dropped connection: the caller sees a socket reset, never a response.
      this.requests.recordDropped(request)
      request.raw.socket.destroy()
      return reply.hijack()
    }
    if (fault.status && fault.afterHandler) {
      replacedAnswers.set(request, fault)
      return
    }
    if (fault.status) {
      return reply
        .code(fault.status)
        .headers(fault.headers ?? {})
        .send(fault.body ?? (this.options.defaultFaultBody ?? defaultFaultBody)(fault.status))
    }
  }

  private installControlRoutes(): void {
    const p = CONTROL_PREFIX
    this.app.get(`${p}/requests`, async () => this.requests.list())
    this.app.delete(`${p}/requests`, async () => {
      this.requests.clear()
      return { ok: true }
    })
    this.app.get(`${p}/faults`, async () => this.faults.list())
    this.app.post(`${p}/faults`, async (request, reply) => {
      const result = this.faults.add(request.body as FaultInput)
      if ('error' in result) return reply.code(400).send(result)
      return reply.code(201).send(result)
    })
    this.app.delete(`${p}/faults`, async () => {
      this.faults.clear()
      return { ok: true }
    })
    this.app.post(`${p}/clock/advance`, async (request, reply) => {
      const ms = Number((request.body as { ms?: unknown } | undefined)?.ms)
      if (!Number.isFinite(ms) || ms < 0) return reply.code(400).send({ error: 'ms: a non-negative number' })
      this.clock.advance(ms)
      return { now: new Date(this.clock.now()).toISOString() }
    })
    this.app.get(`${p}/state`, async () => ({
      name: this.options.name,
      now: this.clock.iso(),
      ...asObject(this.stateProvider()),
    }))
    this.app.post(`${p}/reset`, async () => {
      this.reset()
      return { ok: true }
    })
  }
}

/** Requests whose handler runs but whose answer a fault replaces (`afterHandler` faults). */
const replacedAnswers = new WeakMap<FastifyRequest, FaultInput>()

/** Requests whose answer is held back after the handler ran (`slowResponseMs` faults). */
const slowResponses = new WeakMap<FastifyRequest, number>()

function isControlPath(url: string): boolean {
  return url === CONTROL_PREFIX || url.startsWith(`${CONTROL_PREFIX}/`)
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : { state: value }
}
