import type { HealthCheck, PublicHealth } from '@common/stats.ts'

// What keeps the engine from working, in words, each with where it is fixed: the header's
// indicator and the strip under it (docs/spec/product.md §5 "not configured", §9.3 re-auth and
// dead jobs). "System Online" only when this list is empty.

/** The dashboard's Failed jobs card, with its Retry: where the header's "dead jobs" leads. */
export const FAILED_JOBS_ANCHOR = 'failed-jobs'

/** The app credentials each provider needs on the server (docs/spec/product.md §5). */
export const PROVIDERS = [
  { key: 'yelp', name: 'Yelp', env: 'YELP_CLIENT_ID and YELP_CLIENT_SECRET' },
  { key: 'ghl', name: 'GHL', env: 'GHL_CLIENT_ID and GHL_CLIENT_SECRET' },
] as const

/** Where a problem is fixed: a screen of the app, the System Health dialog, or the server's own set-up. */
export type Fix = { label: string; href: string } | { label: string; opens: 'system-health' } | null

export interface SystemProblem {
  key: string
  /** What is wrong, in words ("2 dead jobs"). */
  text: string
  /** What exactly, or what to do where no screen can fix it. */
  detail: string
  fix: Fix
}

export type SystemState = 'checking' | 'offline' | 'online' | 'unconfigured' | 'degraded'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** One check of GET /api/system-health that is not ok, as the header says it. */
function problemOf(check: HealthCheck): SystemProblem {
  switch (check.key) {
    case 'reauth':
      return {
        key: check.key,
        text: check.count
          ? `${plural(check.count, 'connection needs', 'connections need')} re-auth`
          : 'Connections need re-auth',
        detail: check.detail,
        fix: { label: 'Reconnect in Clients', href: '/clients' },
      }
    case 'deadJobs':
      return {
        key: check.key,
        text: check.count ? plural(check.count, 'dead job', 'dead jobs') : 'Dead jobs',
        detail: 'Failed after their last attempt',
        fix: { label: 'Retry in Failed jobs', href: `/#${FAILED_JOBS_ANCHOR}` },
      }
    case 'subscriptions':
      return {
        key: check.key,
        text: 'Yelp webhooks lapsed',
        detail: check.detail,
        fix: { label: 'Check in Clients', href: '/clients' },
      }
    case 'credentialErrors':
    case 'missedWebhooks':
      return {
        key: check.key,
        text: check.label,
        detail: check.detail,
        fix: { label: 'See API & Webhook Logs', href: '/webhooks' },
      }
    default:
      return {
        key: check.key,
        text: check.label,
        detail: check.detail,
        fix: { label: 'Open System Health', opens: 'system-health' },
      }
  }
}

/**
 * The problems, providers not configured first, then the live checks (the caller's clients only;
 * none for a role that cannot see them), and the state the indicator shows.
 */
export function systemProblems(input: {
  health: PublicHealth | undefined
  isPending: boolean
  checks: readonly HealthCheck[]
}): { state: SystemState; label: string; problems: SystemProblem[] } {
  if (input.isPending) return { state: 'checking', label: 'Checking system', problems: [] }
  if (input.health?.status !== 'ok') {
    return {
      state: 'offline',
      label: 'System Offline',
      problems: [
        {
          key: 'offline',
          text: 'System Offline',
          detail: 'The server or its database does not answer; the engine is not working',
          fix: null,
        },
      ],
    }
  }
  const missing = PROVIDERS.filter(({ key }) => input.health?.providers?.[key] === 'not configured')
  const unconfigured: SystemProblem[] = missing.map(({ key, name, env }) => ({
    key: `unconfigured-${key}`,
    text: `${name} not configured`,
    detail: `Set ${env} in the server's environment, then restart it`,
    fix: null,
  }))
  const failing = input.checks.filter((check) => check.state !== 'ok').map(problemOf)
  const problems = [...unconfigured, ...failing]
  if (failing.length > 0) return { state: 'degraded', label: 'System Degraded', problems }
  if (missing.length > 0) {
    const label = missing.length === 1 ? `${missing[0]?.name} not configured` : 'Not configured'
    return { state: 'unconfigured', label, problems }
  }
  return { state: 'online', label: 'System Online', problems: [] }
}
