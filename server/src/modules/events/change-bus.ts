import type { ChangeEvent } from '@common/leads.ts'
import type { ChangePort } from '../../engine/changes/change-port.ts'

export interface ChangeListener {
  /** Changes made anywhere (this process or, on PostgreSQL, any other). */
  changes(changes: ChangeEvent[]): void
  /** Changes may have been missed (the cross-process channel dropped and came back). */
  resync(): void
}

/**
 * Carries change announcements to every process's event streams. `announce` never blocks the
 * announcer: changes are gathered for a moment, duplicates dropped, and sent as one batch — a
 * burst of webhooks for one lead becomes one refresh on the screens, not fifty.
 */
export abstract class ChangeBus implements ChangePort {
  private readonly listeners = new Set<ChangeListener>()
  private pending = new Map<string, ChangeEvent>()
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly gatherMs = 50) {}

  announce(change: ChangeEvent): void {
    this.pending.set(`${change.topic}|${change.clientId ?? ''}|${change.leadId ?? ''}`, change)
    this.timer ??= setTimeout(() => this.flush(), this.gatherMs)
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.listeners.clear()
    await this.stop()
  }

  /** Hands a batch to the transport; it comes back through `deliver` in every process. */
  protected abstract send(changes: ChangeEvent[]): Promise<void>
  protected abstract stop(): Promise<void>

  protected deliver(changes: ChangeEvent[]): void {
    for (const listener of this.listeners) listener.changes(changes)
  }

  protected deliverResync(): void {
    for (const listener of this.listeners) listener.resync()
  }

  private flush(): void {
    this.timer = null
    const batch = [...this.pending.values()]
    this.pending = new Map()
    if (batch.length) this.send(batch).catch(() => this.deliverResync())
  }
}

/** One process (the embedded database allows only one): changes go straight to its streams. */
export class InProcessChangeBus extends ChangeBus {
  protected async send(changes: ChangeEvent[]): Promise<void> {
    this.deliver(changes)
  }

  protected async stop(): Promise<void> {}
}
