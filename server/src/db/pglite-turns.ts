import type { PGlite } from '@electric-sql/pglite'
import { isUrgent } from './urgency.ts'

/**
 * PGlite runs every statement synchronously on the main thread and passes its one connection
 * from caller to caller in microtasks, so a backlog of N waiting statements runs as one block of
 * JavaScript during which no socket is read and no timer fires. Under load (sixteen lead syncs
 * and hundreds of webhooks a second) that was 100–250 ms in which no webhook was answered
 * (bench/RESULTS.md, "Webhook acknowledgement"). Here callers take turns in front of PGlite, and
 * each turn passes through `setImmediate`, so pending I/O runs between two statements.
 *
 * Work marked `urgently` (an HTTP answer waits on it) takes the next turn before background
 * work. It cannot starve the workers: the webhook writes it serves come one batch at a time, and
 * the next batch asks for its turn only after the previous one has passed it on.
 *
 * Wraps the public entry points the hub uses (query, exec, transaction); statements inside a
 * transaction run in its turn.
 */
export function takeTurnsOnPglite(client: PGlite): void {
  const turns = new Turns()
  const query = client.query.bind(client)
  const exec = client.exec.bind(client)
  const transaction = client.transaction.bind(client)
  client.query = ((...args: Parameters<typeof query>) => turns.run(() => query(...args))) as typeof query
  client.exec = ((...args: Parameters<typeof exec>) => turns.run(() => exec(...args))) as typeof exec
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    turns.run(() => transaction(...args))) as typeof transaction
}

/** A mutex whose hand-over to the next waiter goes through the event loop's check phase. */
export class Turns {
  private busy = false
  private readonly urgent: Array<() => void> = []
  private readonly background: Array<() => void> = []

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.take(isUrgent())
    try {
      return await work()
    } finally {
      this.pass()
    }
  }

  private take(urgent: boolean): Promise<void> {
    if (!this.busy) {
      this.busy = true
      return Promise.resolve()
    }
    return new Promise((resolve) => (urgent ? this.urgent : this.background).push(resolve))
  }

  private pass(): void {
    const next = this.urgent.shift() ?? this.background.shift()
    // Still busy: the next caller owns the turn, after the I/O that is waiting.
    if (next) setImmediate(next)
    else this.busy = false
  }
}
