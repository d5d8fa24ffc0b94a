import {
  type ActivityHour,
  FIRST_REPLY_DAYS,
  type FirstReplies,
  type HealthCheck,
  type HealthState,
  type ProviderAlertList,
  type Stats,
  type SystemHealth,
} from '@common/stats.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { DB } from '../../db/database.ts'
import { listParkedGhlLocations } from '../../repositories/ghl-daily-caps.repository.ts'
import { countLeadsWithDraft } from '../../repositories/lead-drafts.repository.ts'
import { listRecentMissedWebhooks } from '../../repositories/missed-webhooks.repository.ts'
import { readProviderAlerts } from '../../repositories/provider-alerts.repository.ts'
import { readDailyFirstReplies, readWaitingFigures } from '../../repositories/response-figures.repository.ts'
import { readHourlyActivity, readStatCounts } from '../../repositories/stats.repository.ts'
import {
  countCredentialErrors,
  listClientsNeedingReauth,
  pingDatabase,
  readLastWebhookAt,
  readQueueHealth,
} from '../../repositories/system-health.repository.ts'
import { listFailedSubscriptions } from '../../repositories/yelp-subscriptions.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'
import { responseTimeOf } from './client-stats.service.ts'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
/** A job waiting longer than this means the workers are not keeping up (or not running). */
const SLOW_QUEUE_MS = 5 * 60 * 1000

/** 00:00 UTC of the day `now` falls in (docs/spec/product.md §6: "messages since 00:00 UTC"). */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

/** docs/spec/product.md §6: error messages / messages today × 100, one decimal; 0 with no messages. */
export function errorRate(errors: number, total: number): number {
  return total === 0 ? 0 : Math.round((errors / total) * 1000) / 10
}

/** The dashboard's numbers, each scoped to the clients the caller may see (docs/spec/product.md §2). */
export class StatsService {
  constructor(private readonly db: DB) {}

  async stats(session: AuthenticatedSession, now = new Date()): Promise<Stats> {
    const clientIds = await visibleClientIds(this.db, session)
    const [counts, waiting, leadsWithDraft] = await Promise.all([
      readStatCounts(this.db, { since: startOfUtcDay(now), clientIds }),
      readWaitingFigures(this.db, { now, clientIds }),
      countLeadsWithDraft(this.db, clientIds),
    ])
    return {
      activeClients: counts.activeClients,
      totalClients: counts.totalClients,
      messagesToday: counts.messagesToday,
      totalMessages: counts.totalMessages,
      connectedIntegrations: counts.connectedIntegrations,
      webhookErrors: counts.webhookErrors,
      errorRate: errorRate(counts.errorMessagesToday, counts.messagesToday),
      leadsAwaitingReply: waiting.waiting,
      oldestWaitingSince: waiting.oldestWaitingSince,
      waitingAges: {
        under5Minutes: waiting.under5Minutes,
        minutes5To60: waiting.minutes5To60,
        hours1To24: waiting.hours1To24,
        over1Day: waiting.over1Day,
      },
      leadsWithDraft,
    }
  }

  /**
   * The first replies of the last 30 UTC days (today included), day by day, with every day present,
   * and over the whole range: the dashboard's line chart and the median beside the waiting leads.
   */
  async firstReplies(session: AuthenticatedSession, now = new Date()): Promise<FirstReplies> {
    const since = new Date(startOfUtcDay(now).getTime() - (FIRST_REPLY_DAYS - 1) * DAY_MS)
    const figures = await readDailyFirstReplies(this.db, {
      since,
      clientIds: await visibleClientIds(this.db, session),
    })
    const byDate = new Map(figures.days.map((day) => [day.date, day]))
    const days = Array.from({ length: FIRST_REPLY_DAYS }, (_, index) => {
      const date = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10)
      return { date, ...responseTimeOf(byDate.get(date)) }
    })
    return { days, total: responseTimeOf(figures.total) }
  }

  /** 24 hourly buckets ending with the current hour, empty hours included. */
  async activity(session: AuthenticatedSession, now = new Date()): Promise<ActivityHour[]> {
    const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS
    const since = new Date(currentHour - 23 * HOUR_MS)
    const rows = await readHourlyActivity(this.db, {
      since,
      clientIds: await visibleClientIds(this.db, session),
    })
    const byHour = new Map(rows.map((row) => [row.hour, row]))
    return Array.from({ length: 24 }, (_, index) => {
      const hour = new Date(since.getTime() + index * HOUR_MS).toISOString()
      const row = byHour.get(hour)
      return { hour, inbound: row?.inbound ?? 0, outbound: row?.outbound ?? 0 }
    })
  }

  /** The System Health dialog's live checks (docs/spec/product.md §2). */
  async systemHealth(
    session: AuthenticatedSession,
    log: Pick<FastifyBaseLogger, 'error'>,
    now = new Date(),
  ): Promise<SystemHealth> {
    const checks: HealthCheck[] = []
    let latencyMs: number
    try {
      latencyMs = await pingDatabase(this.db)
    } catch (error) {
      // A driver's error can name hosts, users and paths: the log gets it, the screen does not.
      log.error({ err: error }, 'system health: database unreachable')
      checks.push({ key: 'database', label: 'Database', state: 'error', detail: 'Unreachable' })
      return { state: 'error', checkedAt: now.toISOString(), checks }
    }
    checks.push({ key: 'database', label: 'Database', state: 'ok', detail: `Reachable in ${latencyMs} ms` })

    const clientIds = await visibleClientIds(this.db, session)
    const [queue, lastWebhookAt, reauth, credentialErrors, lapsed, capped, missed] = await Promise.all([
      readQueueHealth(this.db, clientIds),
      readLastWebhookAt(this.db, clientIds),
      listClientsNeedingReauth(this.db, clientIds),
      countCredentialErrors(this.db, { since: new Date(now.getTime() - 24 * HOUR_MS), clientIds }),
      listFailedSubscriptions(this.db, clientIds),
      listParkedGhlLocations(this.db, clientIds),
      listRecentMissedWebhooks(this.db, new Date(now.getTime() - 24 * HOUR_MS), clientIds),
    ])
    const waitedMs = queue.oldestWaitingAt ? now.getTime() - new Date(queue.oldestWaitingAt).getTime() : 0
    checks.push({
      key: 'queue',
      label: 'Job queue',
      state: waitedMs > SLOW_QUEUE_MS ? 'warning' : 'ok',
      detail:
        queue.waiting === 0
          ? 'No jobs waiting'
          : `${plural(queue.waiting, 'job')} waiting; the oldest for ${duration(waitedMs)}`,
    })
    checks.push({
      key: 'deadJobs',
      label: 'Dead jobs',
      state: queue.dead > 0 ? 'warning' : 'ok',
      count: queue.dead,
      detail:
        queue.dead === 0 ? 'None' : `${plural(queue.dead, 'job')} failed after the last attempt; retry below`,
    })
    checks.push({
      key: 'lastWebhook',
      label: 'Last webhook received',
      state: 'ok',
      detail: lastWebhookAt
        ? `${duration(now.getTime() - new Date(lastWebhookAt).getTime())} ago (${lastWebhookAt})`
        : 'None received yet',
    })
    checks.push({
      key: 'reauth',
      label: 'Connections needing re-auth',
      state: reauth.length > 0 ? 'warning' : 'ok',
      count: reauth.reduce((sum, client) => sum + client.providers.length, 0),
      detail:
        reauth.length === 0
          ? 'None'
          : reauth.map((client) => `${client.name} (${client.providers.join(', ')})`).join('; '),
    })
    checks.push({
      key: 'subscriptions',
      label: 'Yelp webhook subscriptions',
      state: lapsed.length > 0 ? 'warning' : 'ok',
      detail:
        lapsed.length === 0
          ? 'None lapsed'
          : `Could not be restored: ${lapsed.map((client) => client.name).join('; ')}`,
    })
    checks.push({
      key: 'credentialErrors',
      label: 'Credential errors (24 h)',
      state: credentialErrors > 0 ? 'warning' : 'ok',
      detail:
        credentialErrors === 0
          ? 'None'
          : `${plural(credentialErrors, 'provider call')} refused with 401 or 403`,
    })
    checks.push({
      key: 'ghlDailyLimit',
      label: 'GHL daily limit',
      // Not an error: the location's jobs wait for GHL's reset and resume by themselves.
      state: capped.length > 0 ? 'warning' : 'ok',
      detail:
        capped.length === 0
          ? 'No location has reached it'
          : `Reached; jobs wait for the reset: ${capped
              .map((each) => `${each.clientName} (${each.locationId}) until ${each.resetAt}`)
              .join('; ')}`,
    })
    checks.push({
      key: 'missedWebhooks',
      label: 'Webhooks Yelp did not send (24 h)',
      // The reconcile fetched what they would have announced: late, not lost.
      state: missed.length > 0 ? 'warning' : 'ok',
      detail:
        missed.length === 0
          ? 'None: every lead update came by webhook'
          : `Found only by the reconcile: ${missed
              .map(
                (each) => `${each.name} (${plural(each.found, 'update')}, last ${each.lastAt.toISOString()})`,
              )
              .join('; ')}`,
    })
    return { state: worst(checks.map((check) => check.state)), checkedAt: now.toISOString(), checks }
  }

  /** The operator alerts /api/health reports, for the dashboard's banner. */
  async providerAlerts(): Promise<ProviderAlertList> {
    const stored = await readProviderAlerts(this.db)
    const alerts = (['yelp', 'ghl'] as const).flatMap((provider) => {
      const alert = stored[provider]
      return alert ? [{ provider, message: alert.message, since: alert.since }] : []
    })
    return { alerts }
  }
}

function worst(states: HealthState[]): HealthState {
  if (states.includes('error')) return 'error'
  return states.includes('warning') ? 'warning' : 'ok'
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.round(minutes / 60)
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`
}
