import { randomUUID } from 'node:crypto'
import { type AlertType, QUIET_HOURS_TYPES } from '@common/alerts.ts'
import type { DB } from '../../db/database.ts'
import {
  type AlertChannelRow,
  listEnabledAlertChannels,
} from '../../repositories/alert-channels.repository.ts'
import { alertedRecently, insertAlert, lockAlertCondition } from '../../repositories/alerts.repository.ts'
import { findClient } from '../../repositories/clients.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import type { ChangePort } from '../changes/change-port.ts'
import type { JobQueue } from '../queue/job-queue.ts'
import { isQuietAt } from './alert-clock.ts'
import { type AlertContext, composeAlert } from './alert-message.ts'
import type { AlertEvent, AlertPort } from './alert-port.ts'
import { ALERT_DELIVERY, type AlertDeliveryJob } from './alert-queue.ts'

export interface AlertOutboxDeps {
  db: DB
  /** Queues each delivery in the transaction of its row, and wakes a worker once it committed. */
  jobs: JobQueue
  baseUrl: string
  changes: ChangePort
  log: { warn(object: object, message: string): void }
}

/**
 * The alert port's implementation: per channel that takes the event, one outbox row and, in the
 * same transaction, its delivery job (both commit, or neither). A repeated cause adds nothing
 * (the row's unique event key); during quiet hours, or for a condition within 30 minutes of the
 * same condition's alert on the channel, the row is `suppressed` with the reason and no job
 * (docs/spec/product.md §9.3, §9.7).
 */
export class AlertOutbox implements AlertPort {
  constructor(private readonly deps: AlertOutboxDeps) {}

  async raise(event: AlertEvent): Promise<void> {
    try {
      await this.record(event)
    } catch (error) {
      this.deps.log.warn(
        { err: error, type: event.type, clientId: event.clientId },
        `alert not recorded: ${(error as Error).message}`,
      )
    }
  }

  /** Records the event for its channels (or only `channelIds`); answers how many rows it added. */
  async record(event: AlertEvent, channelIds?: readonly string[]): Promise<number> {
    const channels = (await listEnabledAlertChannels(this.deps.db)).filter(
      (channel) => takes(channel, event) && (!channelIds || channelIds.includes(channel.id)),
    )
    if (channels.length === 0) return 0
    const occurredAt = event.occurredAt ?? new Date()
    const payload = composeAlert(
      { ...event, id: `evt_${randomUUID().replaceAll('-', '')}`, occurredAt },
      event.data ?? {},
      await this.context(event),
    )
    const condition = event.condition ?? `${event.type}:${event.leadId ?? event.clientId ?? ''}`
    let added = 0
    const now = new Date()
    for (const channel of channels) {
      const outcome = await this.deps.jobs.transaction(this.deps.db, async (tx) => {
        await lockAlertCondition(tx, channel.id, condition)
        const reason =
          QUIET_HOURS_TYPES.has(event.type) && isQuietAt(channel.quietHours, now)
            ? 'quiet hours'
            : CONDITION_TYPES.has(event.type) && (await alertedRecently(tx, channel.id, condition, now))
              ? 'duplicate: this condition alerted within 30 minutes'
              : null
        const row = await insertAlert(tx, {
          eventId: payload.id,
          eventKey: event.key,
          type: event.type,
          channelId: channel.id,
          clientId: event.clientId,
          leadId: event.leadId ?? null,
          conditionKey: condition,
          state: reason ? 'suppressed' : 'pending',
          reason,
          payload: { ...payload, ...(event.detail ? { detail: event.detail } : {}) },
          deliveryId: `msg_${randomUUID().replaceAll('-', '')}`,
        })
        if (!row) return 'repeated'
        if (reason) return 'suppressed'
        const job: AlertDeliveryJob = { alertId: row.id }
        await this.deps.jobs.enqueue(ALERT_DELIVERY, job, { tx })
        return 'queued'
      })
      if (outcome !== 'repeated') added += 1
    }
    if (added)
      this.deps.changes.announce({ topic: 'alerts', ...(event.clientId ? { clientId: event.clientId } : {}) })
    return added
  }

  private async context(event: AlertEvent): Promise<AlertContext> {
    const client = event.clientId ? await findClient(this.deps.db, event.clientId) : null
    const lead =
      event.clientId && event.leadId ? await findLead(this.deps.db, event.clientId, event.leadId) : null
    const jobNames = lead?.jobNames ?? []
    return {
      baseUrl: this.deps.baseUrl,
      clientName: client?.name ?? null,
      lead: lead
        ? { name: lead.userDisplayName, jobType: jobNames[0] ?? null, businessId: lead.businessId }
        : null,
    }
  }
}

/**
 * The conditions, which the 30-minute dedupe folds (docs/spec/product.md §9.7); every other event
 * (a message, a phone number, a status change, a reply) alerts once per cause.
 */
const CONDITION_TYPES: ReadonlySet<AlertType> = new Set([
  'lead.unanswered',
  'connection.needs_reauth',
  'job.dead',
  'webhooks.silent',
  'ghl.daily_cap',
])

/** The channel takes this event type, and this client (an empty list: every client). */
function takes(channel: AlertChannelRow, event: AlertEvent): boolean {
  if (!channel.events.includes(event.type)) return false
  if (channel.clientIds.length === 0) return true
  return event.clientId !== null && channel.clientIds.includes(event.clientId)
}
