/** A fault for the next `times` requests matching `method` (any when absent) and `path`. */
export interface FaultInput {
  method?: string
  /**
   * Exact path, or a pattern where `*` matches any run of characters (e.g. `/v3/leads/*`). A
   * trailing slash does not matter, as for the routes (`/contacts` also matches `/contacts/`).
   */
  path: string
  /**
   * Only requests whose body (as JSON text) contains this: one message among many refused,
   * e.g. `{"path": "/conversations/messages/inbound", "bodyIncludes": "alt-123", "status": 422}`.
   */
  bodyIncludes?: string
  /** Answer with this status (and `body`) instead of the real handler. */
  status?: number
  body?: unknown
  headers?: Record<string, string>
  /** Wait this long first; with no status or drop, the real handler answers after the delay. */
  delayMs?: number
  /**
   * Run the real handler at once but hold its answer this long: the write happens even when
   * the caller gives up waiting (a timeout after the provider acted).
   */
  slowResponseMs?: number
  /**
   * With `status`: run the real handler (the provider does the work), then answer `status`
   * instead of its answer — GHL storing a message and answering 504, Yelp a reply and 503.
   */
  afterHandler?: boolean
  /** Destroy the connection without an answer. */
  drop?: boolean
  /** How many matching requests it applies to; default 1. */
  times?: number
}

export interface FaultRule extends FaultInput {
  id: number
  remaining: number
}

export class FaultRules {
  private rules: FaultRule[] = []
  private nextId = 1

  add(input: FaultInput): FaultRule | { error: string } {
    if (!input || typeof input.path !== 'string' || !input.path.startsWith('/')) {
      return { error: 'path: a path starting with /' }
    }
    if (input.status === undefined && !input.drop && !input.delayMs && !input.slowResponseMs) {
      return { error: 'fault: give status, drop, delayMs or slowResponseMs' }
    }
    const times = input.times ?? 1
    if (!Number.isInteger(times) || times < 1) return { error: 'times: a positive integer' }
    const rule: FaultRule = { ...input, id: this.nextId++, remaining: times }
    this.rules.push(rule)
    return rule
  }

  /**
   * Consumes one use of the first rule matching the request, if any. Without `body` (before it
   * is read) rules with `bodyIncludes` are left for the call that has it.
   */
  take(method: string, path: string, body?: string): FaultRule | null {
    const rule = this.rules.find(
      (r) =>
        r.remaining > 0 &&
        matches(r, method, path) &&
        (body === undefined
          ? r.bodyIncludes === undefined
          : r.bodyIncludes !== undefined && body.includes(r.bodyIncludes)),
    )
    if (!rule) return null
    rule.remaining -= 1
    if (rule.remaining === 0) this.rules = this.rules.filter((r) => r !== rule)
    return rule
  }

  list(): FaultRule[] {
    return [...this.rules]
  }

  clear(): void {
    this.rules = []
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false
  const paths = withAndWithoutTrailingSlash(path)
  if (!rule.path.includes('*')) return paths.includes(rule.path)
  const pattern = new RegExp(`^${rule.path.split('*').map(escapeRegExp).join('.*')}$`)
  return paths.some((candidate) => pattern.test(candidate))
}

/** The routers ignore a trailing slash (SimServer `ignoreTrailingSlash`), so faults do too. */
function withAndWithoutTrailingSlash(path: string): string[] {
  if (path === '/') return [path]
  return [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`]
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
}
