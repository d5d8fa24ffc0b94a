import { z } from 'zod'
import { responseTimeSchema } from './client-stats.ts'

// GET /api/stats (docs/spec/dashboard-spec.md §3.2 stats response; definitions in docs/spec/product.md §6) and the dashboard's
// activity chart and System Health dialog (docs/spec/product.md §2).

export const statsSchema = z.object({
  activeClients: z.number(),
  totalClients: z.number(),
  /** Messages since 00:00 UTC. */
  messagesToday: z.number(),
  totalMessages: z.number(),
  /** Clients with both Yelp and GHL connected. */
  connectedIntegrations: z.number(),
  /** Webhook log entries today with status ≥ 400 or an error. */
  webhookErrors: z.number(),
  /** Error messages / messages today × 100, one decimal. */
  errorRate: z.number(),
  /** docs/spec/product.md §9.1: leads whose consumer spoke last, status new or contacted. */
  leadsAwaitingReply: z.number(),
  /** When the longest-waiting of them started waiting (ISO); null when none waits. */
  oldestWaitingSince: z.string().nullable().default(null),
  /** The same leads by how long they have waited now (the four add up to `leadsAwaitingReply`). */
  waitingAges: z
    .object({
      under5Minutes: z.number().int(),
      minutes5To60: z.number().int(),
      hours1To24: z.number().int(),
      over1Day: z.number().int(),
    })
    .default({ under5Minutes: 0, minutes5To60: 0, hours1To24: 0, over1Day: 0 }),
  /** Leads with a draft waiting for a person's Send (the inbox's "Draft ready"); the server always sends it. */
  leadsWithDraft: z.number().int().optional(),
})
export type Stats = z.infer<typeof statsSchema>
export type WaitingAges = Stats['waitingAges']

/** How many UTC days GET /api/stats/first-replies covers, today included. */
export const FIRST_REPLY_DAYS = 30

/**
 * GET /api/stats/first-replies: the first replies of the leads whose consumer first wrote in each
 * of the last 30 UTC days (today last, days without leads included with zeros), and over all of
 * them. As in GET /api/stats/clients: the median covers the answered leads only; the shares
 * within 5 minutes and 1 hour are of every lead of the day, the unanswered and waiting included.
 */
export const firstRepliesSchema = z.object({
  days: z.array(responseTimeSchema.extend({ date: z.string() })),
  total: responseTimeSchema,
})
export type FirstReplies = z.infer<typeof firstRepliesSchema>
export type FirstReplyDay = FirstReplies['days'][number]

/** GET /api/stats/activity: messages per hour over the last 24 hours, oldest hour first. */
export const activityHourSchema = z.object({
  /** ISO start of the hour (UTC). */
  hour: z.string(),
  inbound: z.number(),
  outbound: z.number(),
})
export const activitySchema = z.array(activityHourSchema)
export type ActivityHour = z.infer<typeof activityHourSchema>

export const HEALTH_STATES = ['ok', 'warning', 'error'] as const
export type HealthState = (typeof HEALTH_STATES)[number]

export const healthCheckSchema = z.object({
  key: z.enum([
    'database',
    'queue',
    'deadJobs',
    'lastWebhook',
    'reauth',
    'subscriptions',
    'credentialErrors',
    'ghlDailyLimit',
    'missedWebhooks',
  ]),
  label: z.string(),
  state: z.enum(HEALTH_STATES),
  /** What was measured, in words. */
  detail: z.string(),
  /** How many things are wrong (dead jobs, connections needing re-auth, …), where they are counted. */
  count: z.number().int().optional(),
})
export type HealthCheck = z.infer<typeof healthCheckSchema>

/** GET /api/system-health: the live checks of the System Health dialog. */
export const systemHealthSchema = z.object({
  state: z.enum(HEALTH_STATES),
  checkedAt: z.string(),
  checks: z.array(healthCheckSchema),
})
export type SystemHealth = z.infer<typeof systemHealthSchema>

const providerSetupSchema = z.enum(['configured', 'not configured'])

/** GET /api/health, as the header's 'System Online' indicator reads it. */
export const publicHealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Whether each provider's app credentials are set (docs/spec/product.md §5 "not configured"). */
  providers: z.object({ yelp: providerSetupSchema, ghl: providerSetupSchema }).optional(),
})
export type PublicHealth = z.infer<typeof publicHealthSchema>

/**
 * GET /api/health's `ai`: whether the server has a model for AI drafts (docs/spec/product.md §9.6).
 * Without one the web hides its AI controls and says how to enable them.
 */
export const aiAvailabilitySchema = z.object({
  ai: z.object({ enabled: z.boolean() }).prefault({ enabled: false }),
})
export type AiAvailability = z.infer<typeof aiAvailabilitySchema>

/** POST /api/test-webhook. */
export const testWebhookResultSchema = z.object({ ok: z.literal(true), logId: z.string() })
export type TestWebhookResult = z.infer<typeof testWebhookResultSchema>

/**
 * GET /api/provider-alerts: problems only the server's operator can fix, e.g. a provider's token
 * endpoint refusing this server's app credentials (`invalid_client`, docs/decisions/0017). Shown on
 * the dashboard to everyone signed in; never carries a secret.
 */
export const providerAlertsSchema = z.object({
  alerts: z.array(
    z.object({
      provider: z.enum(['yelp', 'ghl']),
      message: z.string(),
      /** When the provider first refused (ISO). */
      since: z.string(),
    }),
  ),
})
export type ProviderAlertList = z.infer<typeof providerAlertsSchema>
