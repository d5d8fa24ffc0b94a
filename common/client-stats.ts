import { z } from 'zod'

// GET /api/stats/clients (docs/decisions/0014): what each visible client's leads cost in a month, and how
// fast the client answers them. Scoped by client assignment like GET /api/stats.

/** `YYYY-MM`, a UTC calendar month. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/

export const clientStatsQuerySchema = z.object({
  /** The month whose leads are counted and costed; the current UTC month when absent. */
  month: z.string().regex(MONTH_PATTERN, 'Month must be YYYY-MM').optional(),
})
export type ClientStatsQuery = z.infer<typeof clientStatsQuerySchema>

/** The two windows of the response-time figures, each counted back from now. */
export const RESPONSE_WINDOWS = [7, 30] as const

/**
 * Response time over the leads whose consumer's first message falls in the window: from that
 * message to the business's first reply (on Yelp, from GHL or from the inbox).
 */
export const responseTimeSchema = z.object({
  /** Leads with a first consumer message in the window. */
  leads: z.number().int(),
  /** Of them, those answered. */
  answered: z.number().int(),
  /** Median response time of the answered leads, in seconds; null when none was answered. */
  medianSeconds: z.number().nullable(),
  /** Percent of the window's leads answered within 5 minutes (one decimal); null without leads. */
  within5Minutes: z.number().nullable(),
  /** Percent of the window's leads answered within 1 hour (one decimal); null without leads. */
  within1Hour: z.number().nullable(),
})
export type ResponseTime = z.infer<typeof responseTimeSchema>

export const clientStatsSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  /** Leads created in the month (UTC). */
  leads: z.number().int(),
  /** Of them, those whose cost Yelp reported. */
  costedLeads: z.number().int(),
  /** Sum of the month's lead costs, in cents of `currency`. */
  totalCostCents: z.number().int(),
  /** Total cost / costed leads, in cents (rounded); null when no lead has a cost. */
  costPerLeadCents: z.number().int().nullable(),
  /** Yelp's currency code of the costs (USD); null when no lead has a cost. */
  currency: z.string().nullable(),
  responseTime: z.object({ last7Days: responseTimeSchema, last30Days: responseTimeSchema }),
  /** docs/spec/product.md §9.1: the client's leads awaiting a reply now (not counted in the median). */
  waitingNow: z.number().int().default(0),
  /** When the longest-waiting of them started waiting (ISO); null when none waits. */
  oldestWaitingSince: z.string().nullable().default(null),
  /**
   * docs/spec/product.md §9.1, Yelp's own figure over the last 30 days: the median seconds from a
   * consumer's new message to the next business message, counting only 08:00–18:00 in the
   * client's timezone; null when nothing was answered.
   */
  yelpResponseTime: z.number().int().nullable(),
  /**
   * The percent (one decimal) of the last 30 days' consumer new messages answered, leaving out
   * those under 24 h old and still unanswered; null with none.
   */
  responseRate: z.number().nullable(),
  /**
   * docs/spec/product.md §9.6: the AI drafts the model wrote for the client's leads in the month
   * (asked for in the inbox or written as a first reply), how many were sent, and how many of
   * those a person edited first.
   */
  aiDrafts: z.object({ made: z.number().int(), sent: z.number().int(), edited: z.number().int() }),
})
export type ClientStats = z.infer<typeof clientStatsSchema>

export const clientStatsListSchema = z.object({
  month: z.string(),
  clients: z.array(clientStatsSchema),
})
export type ClientStatsList = z.infer<typeof clientStatsListSchema>
