import type { Playbook } from '@common/playbook.ts'
import { QUEUES } from '@common/queues.ts'
import type { DB } from '../../db/database.ts'
import { listEnabledAlertChannels } from '../../repositories/alert-channels.repository.ts'
import {
  listDeadJobsSince,
  listWaitingLeads,
  readDeadJobWatermark,
  saveDeadJobWatermark,
} from '../../repositories/alert-conditions.repository.ts'
import { listRecordedEventKeys } from '../../repositories/alerts.repository.ts'
import { findSavedPlaybook } from '../../repositories/playbooks.repository.ts'
import { slaMinutesElapsed } from './alert-clock.ts'
import type { AlertOutbox } from './alert-outbox.ts'

/** The longest SLA a channel may set (common/alerts.ts): older waits were alerted or never will be. */
const LONGEST_SLA_MS = 10_080 * 60_000
const MAX_WAITING_LEADS = 2_000
/** Dead jobs are looked for no further back than this, even after a long stop. */
const DEAD_JOB_LOOKBACK_MS = 24 * 3600_000
const FIRST_LOOKBACK_MS = 5 * 60_000

/**
 * The conditions no single write reveals: leads waiting past a channel's SLA, and jobs that
 * pg-boss failed for good (their last retry spent, or ended at once as a provider's permanent
 * refusal; pg-boss's `failed` state is the one place that covers every way a job dies).
 */
export class AlertConditions {
  constructor(
    private readonly db: DB,
    private readonly outbox: AlertOutbox,
  ) {}

  async run(now = new Date()): Promise<{ unanswered: number; dead: number }> {
    return { unanswered: await this.unansweredLeads(now), dead: await this.deadJobs(now) }
  }

  /** One `lead.unanswered` per lead, waiting episode and channel, once its SLA has passed. */
  async unansweredLeads(now: Date): Promise<number> {
    const channels = (await listEnabledAlertChannels(this.db)).filter((channel) =>
      channel.events.includes('lead.unanswered'),
    )
    if (channels.length === 0) return 0
    const waiting = (
      await listWaitingLeads(this.db, new Date(now.getTime() - LONGEST_SLA_MS), MAX_WAITING_LEADS)
    ).map((lead) => ({ ...lead, key: `lead.unanswered:${lead.leadId}:${lead.since.toISOString()}` }))
    // Each client's business hours, read once per run (docs/spec/product.md §9.2).
    const hours = new Map<string, Playbook | null>()
    for (const clientId of new Set(waiting.map((lead) => lead.clientId))) {
      hours.set(clientId, await findSavedPlaybook(this.db, clientId))
    }
    let added = 0
    for (const channel of channels) {
      const due = waiting.filter(
        (lead) =>
          (channel.clientIds.length === 0 || channel.clientIds.includes(lead.clientId)) &&
          slaMinutesElapsed(lead.since, now, hours.get(lead.clientId)) >= channel.slaMinutes &&
          // A new channel does not alert the backlog of waits that crossed its SLA before it existed.
          lead.since.getTime() + channel.slaMinutes * 60_000 >= channel.createdAt.getTime() - 60_000,
      )
      const recorded = await listRecordedEventKeys(
        this.db,
        channel.id,
        due.map((lead) => lead.key),
      )
      for (const lead of due.filter((each) => !recorded.has(each.key))) {
        added += await this.outbox.record(
          {
            type: 'lead.unanswered',
            clientId: lead.clientId,
            leadId: lead.leadId,
            key: lead.key,
            data: {
              waitingSince: lead.since.toISOString(),
              waitingMinutes: slaMinutesElapsed(lead.since, now, hours.get(lead.clientId)),
              slaMinutes: channel.slaMinutes,
            },
          },
          [channel.id],
        )
      }
    }
    return added
  }

  /** One `job.dead` per dead job (the dedupe folds a burst of one client's into one alert). */
  async deadJobs(now: Date): Promise<number> {
    const floor = new Date(now.getTime() - DEAD_JOB_LOOKBACK_MS)
    const stored = await readDeadJobWatermark(this.db)
    // The first run looks back a few minutes only: jobs that died before alerts existed stay quiet.
    const since = stored ? (stored > floor ? stored : floor) : new Date(now.getTime() - FIRST_LOOKBACK_MS)
    const dead = await listDeadJobsSince(this.db, since, [QUEUES.alertDelivery, QUEUES.alertConditions])
    for (const job of dead) {
      await this.outbox.raise({
        type: 'job.dead',
        clientId: job.clientId,
        key: `job.dead:${job.id}`,
        condition: `job.dead:${job.clientId ?? job.queue}`,
        occurredAt: job.completedAt,
        data: { queue: job.queue, jobId: job.id, error: job.error?.slice(0, 500) ?? null },
      })
    }
    const last = dead.at(-1)
    if (last) await saveDeadJobWatermark(this.db, last.completedAt)
    else if (!stored) await saveDeadJobWatermark(this.db, now)
    return dead.length
  }
}
