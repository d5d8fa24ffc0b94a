import type { SimServer } from '../../../sim/core/sim-server.ts'

interface Rule {
  method: string
  path: RegExp
  delayMs: number
  remaining: number
}

/**
 * Answers a provider sends late *after* doing the work: GHL added the message, Yelp wrote the
 * event, but the hub gives up waiting (or dies) before the answer arrives. The simulators' own
 * `delayMs` fault waits before the work, and skips it when the caller has gone by then, so it
 * only covers "the provider never saw it". Installed as an onSend hook, before the sim listens.
 */
export class SlowAnswers {
  private rules: Rule[] = []

  install(sim: SimServer): void {
    sim.app.addHook('onSend', async (request, _reply, payload) => {
      const path = request.url.split('?')[0] ?? '/'
      const rule = this.rules.find((r) => r.remaining > 0 && r.method === request.method && r.path.test(path))
      if (rule) {
        rule.remaining -= 1
        await new Promise((resolve) => setTimeout(resolve, rule.delayMs))
      }
      return payload
    })
  }

  /** The next `times` matching requests are answered `delayMs` late (`*` in `path` matches anything). */
  add(rule: { method: string; path: string; delayMs: number; times?: number }): void {
    const pattern = rule.path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')
    this.rules.push({
      method: rule.method,
      path: new RegExp(`^${pattern}$`),
      delayMs: rule.delayMs,
      remaining: rule.times ?? 1,
    })
  }

  /** Matching requests still to come (0 once the last one has been handled). */
  pending(): number {
    return this.rules.reduce((sum, r) => sum + r.remaining, 0)
  }
}
