import type { Playbook } from '@common/playbook.ts'
import { QUEUES } from '@common/queues.ts'
import type { DB } from '../../db/database.ts'
import { listEnabledAlertChannels } from '../../repositories/alert-channels.repository.ts'
import {
  deadJobMarkAt,
  listDeadJobsAfter,
  listUnansweredCandidates,
  readDeadJobWatermark,
  saveDeadJobWatermark,
  unansweredCondition,
} from '../../repositories/alert-conditions.repository.ts'
import { leadHasDraft } from '../../repositories/lead-drafts.repository.ts'
import { findSavedPlaybook } from '../../repositories/playbooks.repository.ts'
import { slaMinutesElapsed } from './alert-clock.ts'
import type { AlertOutbox } from './alert-outbox.ts'

/** The longest SLA a channel may set (common/alerts.ts): older waits were alerted or never will be. */
const LONGEST_SLA_MS = 10_080 * 60_000
/** Leads read per page; every page is read, however many leads wait. */
const WAITING_PAGE = 500
/** Dead jobs are looked for no further back than this, even after a long stop. */
const DEAD_JOB_LOOKBACK_MS = 24 * 3600_000
const FIRST_LOOKBACK_MS = 5 * 60_000
/** Dead jobs read per page, and pages per run (the rest waits for the next minute's run). */
const DEAD_JOB_PAGE = 500
const DEAD_JOB_PAGES = 20

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

  /**
   * One `lead.unanswered` per lead, waiting episode and channel, once its SLA has passed. The
   * database picks each channel's candidates (its clients, its SLA by the wall clock, not alerted
   * for this wait); the client's business hours then decide (docs/spec/product.md §9.3).
   */
  async unansweredLeads(now: Date): Promise<number> {
    const channels = (await listEnabledAlertChannels(this.db)).filter((channel) =>
      channel.events.includes('lead.unanswered'),
    )
    // Each client's business hours, read once per run.
    const hours = new Map<string, Playbook | null>()
    const hoursOf = async (clientId: string) => {
      if (!hours.has(clientId)) hours.set(clientId, await findSavedPlaybook(this.db, clientId))
      return hours.get(clientId)
    }
    const window = { now, oldest: new Date(now.getTime() - LONGEST_SLA_MS) }
    let added = 0
    for (const channel of channels) {
      let after: { sinceKey: string; id: number } | undefined
      for (;;) {
        const page = await listUnansweredCandidates(this.db, channel, window, { after, limit: WAITING_PAGE })
        for (const lead of page) {
          const waited = slaMinutesElapsed(lead.since, now, await hoursOf(lead.clientId))
          if (waited < channel.slaMinutes) continue
          added += await this.outbox.record(
            {
              type: 'lead.unanswered',
              clientId: lead.clientId,
              leadId: lead.leadId,
              key: `lead.unanswered:${lead.leadId}:${lead.since.toISOString()}`,
              condition: unansweredCondition(lead.leadId),
              data: {
                waitingSince: lead.since.toISOString(),
                waitingMinutes: waited,
                slaMinutes: channel.slaMinutes,
                // The message says a draft is ready to send (issue 35): the answer is one click away.
                draftReady: await leadHasDraft(this.db, lead.leadId),
              },
            },
            [channel.id],
          )
        }
        const last = page.at(-1)
        if (!last || page.length < WAITING_PAGE) break
        after = { sinceKey: last.sinceKey, id: last.id }
      }
    }
    return added
  }

  /**
   * One `job.dead` per dead job (the dedupe folds a burst of one client's into one alert). The
   * job's own error text stays in the hub (the alert's history), never in what channels receive.
   */
  async deadJobs(now: Date): Promise<number> {
    const floor = deadJobMarkAt(new Date(now.getTime() - DEAD_JOB_LOOKBACK_MS))
    const stored = await readDeadJobWatermark(this.db)
    // The first run looks back a few minutes only: jobs that died before alerts existed stay quiet.
    let mark = stored
      ? new Date(stored.at) > new Date(floor.at)
        ? stored
        : floor
      : deadJobMarkAt(new Date(now.getTime() - FIRST_LOOKBACK_MS))
    let count = 0
    for (let pages = 0; pages < DEAD_JOB_PAGES; pages += 1) {
      const dead = await listDeadJobsAfter(
        this.db,
        mark,
        [QUEUES.alertDelivery, QUEUES.alertConditions],
        DEAD_JOB_PAGE,
      )
      for (const job of dead) {
        await this.outbox.raise({
          type: 'job.dead',
          clientId: job.clientId,
          key: `job.dead:${job.id}`,
          condition: `job.dead:${job.clientId ?? job.queue}`,
          occurredAt: job.completedAt,
          data: { queue: job.queue, jobId: job.id },
          ...(job.error ? { detail: job.error.slice(0, 2_000) } : {}),
        })
      }
      const last = dead.at(-1)
      if (last) {
        mark = last.mark
        await saveDeadJobWatermark(this.db, mark)
      }
      count += dead.length
      if (dead.length < DEAD_JOB_PAGE) break
    }
    if (!stored && count === 0) await saveDeadJobWatermark(this.db, deadJobMarkAt(now))
    return count
  }
}
