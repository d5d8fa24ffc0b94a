import {
  type ClientStats,
  type ClientStatsList,
  type ClientStatsQuery,
  RESPONSE_WINDOWS,
  type ResponseTime,
} from '@common/client-stats.ts'
import type { DB } from '../../db/database.ts'
import { readAiDraftFigures } from '../../repositories/ai-drafts.repository.ts'
import {
  type ClientResponseRow,
  readClientCosts,
  readClientResponseTimes,
  readYelpFigures,
  type YelpFiguresRow,
} from '../../repositories/client-stats.repository.ts'
import { readClientWaiting } from '../../repositories/response-figures.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** `YYYY-MM` of the UTC month `now` falls in. */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7)
}

/** [first instant, first instant of the next month) of a `YYYY-MM` month, in UTC. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number)
  return { from: new Date(Date.UTC(year, monthNumber - 1, 1)), to: new Date(Date.UTC(year, monthNumber, 1)) }
}

/** A count as a percent of `total`, one decimal; null without a total. */
export function percentOf(count: number, total: number): number | null {
  return total === 0 ? null : Math.round((count / total) * 1000) / 10
}

/**
 * Per client: what its leads of a month cost and how fast it answered the leads of the last 7 and
 * 30 days, for the clients the caller may see (docs/decisions/0014 "Figures").
 */
export class ClientStatsService {
  constructor(private readonly db: DB) {}

  async list(
    session: AuthenticatedSession,
    query: ClientStatsQuery,
    now = new Date(),
  ): Promise<ClientStatsList> {
    const month = query.month ?? monthOf(now)
    const clientIds = await visibleClientIds(this.db, session)
    const [costs, yelpFigures, aiFigures, waitingRows, ...windows] = await Promise.all([
      readClientCosts(this.db, { ...monthRange(month), clientIds }),
      readYelpFigures(this.db, { since: new Date(now.getTime() - 30 * DAY_MS), now, clientIds }),
      readAiDraftFigures(this.db, { ...monthRange(month), clientIds }),
      readClientWaiting(this.db, clientIds),
      ...RESPONSE_WINDOWS.map((days) =>
        readClientResponseTimes(this.db, { since: new Date(now.getTime() - days * DAY_MS), clientIds }),
      ),
    ])
    const [week = [], month30 = []] = windows
    const byClient = (rows: ClientResponseRow[]) => new Map(rows.map((row) => [row.clientId, row]))
    const [last7, last30] = [byClient(week), byClient(month30)]
    const yelp = new Map(yelpFigures.map((row) => [row.clientId, row]))
    const ai = new Map(aiFigures.map((row) => [row.clientId, row]))
    const waiting = new Map(waitingRows.map((row) => [row.clientId, row]))
    const clients = costs.map(
      (row): ClientStats => ({
        ...yelpFiguresOf(yelp.get(row.clientId)),
        clientId: row.clientId,
        name: row.name,
        leads: row.leads,
        costedLeads: row.costedLeads,
        totalCostCents: row.totalCostCents,
        costPerLeadCents: row.costedLeads ? Math.round(row.totalCostCents / row.costedLeads) : null,
        currency: row.costedLeads ? (row.currency ?? 'USD') : null,
        responseTime: {
          last7Days: responseTimeOf(last7.get(row.clientId)),
          last30Days: responseTimeOf(last30.get(row.clientId)),
        },
        waitingNow: waiting.get(row.clientId)?.waiting ?? 0,
        oldestWaitingSince: waiting.get(row.clientId)?.oldestWaitingSince ?? null,
        aiDrafts: {
          made: ai.get(row.clientId)?.made ?? 0,
          sent: ai.get(row.clientId)?.sent ?? 0,
          edited: ai.get(row.clientId)?.edited ?? 0,
        },
      }),
    )
    return { month, clients }
  }
}

/** Yelp's response time and rate (docs/spec/product.md §9.1, §9.7: null with nothing to measure). */
function yelpFiguresOf(
  row: YelpFiguresRow | undefined,
): Pick<ClientStats, 'yelpResponseTime' | 'responseRate'> {
  if (!row) return { yelpResponseTime: null, responseRate: null }
  return {
    yelpResponseTime: row.medianSeconds,
    responseRate: percentOf(row.answered, row.answered + row.unansweredPast24h),
  }
}

/** A window's first replies as the API reports them: percents of every lead, the median of the answered. */
export function responseTimeOf(row: Omit<ClientResponseRow, 'clientId'> | undefined): ResponseTime {
  if (!row) return { leads: 0, answered: 0, medianSeconds: null, within5Minutes: null, within1Hour: null }
  return {
    leads: row.leads,
    answered: row.answered,
    medianSeconds: row.medianSeconds === null ? null : Math.round(row.medianSeconds),
    within5Minutes: percentOf(row.within5Minutes, row.leads),
    within1Hour: percentOf(row.within1Hour, row.leads),
  }
}
