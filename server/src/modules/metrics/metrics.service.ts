import { Gauge, Registry } from 'prom-client'
import type { DB } from '../../db/database.ts'
import { collectProcessDefaults, processRegistry } from '../../lib/process-metrics.ts'
import { countAlertsByTypeAndState } from '../../repositories/alert-history.repository.ts'
import { countLeadsAwaitingReply } from '../../repositories/lead-waits.repository.ts'
import {
  countConnectionsNeedingReauth,
  countJobsByQueueAndState,
} from '../../repositories/metrics.repository.ts'

/**
 * GET /metrics (docs/spec/product.md §9.5): this process's counters and histograms
 * (lib/process-metrics.ts) and the database's figures, read at each scrape.
 */
export class MetricsService {
  private readonly registry = new Registry()

  constructor(db: DB) {
    collectProcessDefaults()
    const registers = [this.registry]
    new Gauge({
      name: 'leadrelay_jobs',
      help: 'Jobs by queue and state (created, retry, active, completed, failed, cancelled).',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        this.reset()
        for (const row of await countJobsByQueueAndState(db))
          this.set({ queue: row.queue, state: row.state }, row.n)
      },
    })
    new Gauge({
      name: 'leadrelay_leads_awaiting_reply',
      help: "Open leads whose newest message is the consumer's, with no business message after it.",
      registers,
      async collect() {
        // The count GET /api/stats and GET /api/leads?needsReply=true use (docs/spec/product.md §9.1).
        this.set(await countLeadsAwaitingReply(db, null))
      },
    })
    new Gauge({
      name: 'leadrelay_connections_needing_reauth',
      help: 'Client connections that need to be authorized again, by provider.',
      labelNames: ['provider'] as const,
      registers,
      async collect() {
        for (const row of await countConnectionsNeedingReauth(db)) this.set({ provider: row.provider }, row.n)
      },
    })
    // A gauge: alerts change state (pending → sent), and every process reads the same rows.
    new Gauge({
      name: 'leadrelay_alerts_total',
      help: 'Alerts (one per event and channel) by type and state.',
      labelNames: ['type', 'state'] as const,
      registers,
      async collect() {
        this.reset()
        for (const row of await countAlertsByTypeAndState(db))
          this.set({ type: row.type, state: row.state }, row.n)
      },
    })
  }

  get contentType(): string {
    return this.registry.contentType
  }

  async exposition(): Promise<string> {
    return Registry.merge([processRegistry, this.registry]).metrics()
  }
}
