import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../../config/config.ts'
import type { Database } from '../../db/database.ts'
import { ghlManifest } from '../../integrations/ghl/ghl.manifest.ts'
import { yelpManifest } from '../../integrations/yelp/yelp.manifest.ts'
import { type ProviderAlerts, readProviderAlerts } from '../../repositories/provider-alerts.repository.ts'

export interface HealthReport {
  status: 'ok' | 'unavailable'
  database: { kind: string; reachable: boolean; latencyMs?: number }
  /**
   * Problems only the operator can fix (a refused app secret), in our words: which credentials
   * and since when, never the provider's answer (signed-in users read it in /api/provider-alerts).
   */
  alerts: ProviderAlerts
  providers: { yelp: 'configured' | 'not configured'; ghl: 'configured' | 'not configured' }
  /** Whether AI drafts are on (AI_BASE_URL set, docs/spec/product.md §9.6): the web hides AI controls otherwise. */
  ai: { enabled: boolean }
}

/**
 * Liveness: can the database answer, and which providers are set up. The report is public, so
 * it says ok or not per component and never why (docs/decisions/0016 §8): a raw database error can name
 * hosts, users or paths. The reason goes to the log given, with the request id.
 */
export class HealthService {
  constructor(
    private readonly database: Database,
    private readonly config: AppConfig,
  ) {}

  async check(log: FastifyBaseLogger): Promise<HealthReport> {
    const { database, config } = this
    const started = performance.now()
    let databaseStatus: HealthReport['database']
    try {
      await database.execute('SELECT 1')
      databaseStatus = {
        kind: database.kind,
        reachable: true,
        latencyMs: Math.round(performance.now() - started),
      }
    } catch (error) {
      log.error({ err: error }, 'health check: database unreachable')
      databaseStatus = { kind: database.kind, reachable: false }
    }
    const alerts = databaseStatus.reachable
      ? publicAlerts(await readProviderAlerts(database.db).catch(() => ({})))
      : {}
    return {
      status: databaseStatus.reachable ? 'ok' : 'unavailable',
      database: databaseStatus,
      alerts,
      providers: {
        yelp: yelpManifest.isConfigured(config) ? 'configured' : 'not configured',
        ghl: ghlManifest.isConfigured(config) ? 'configured' : 'not configured',
      },
      ai: { enabled: config.ai !== undefined },
    }
  }
}

const MANIFESTS = { yelp: yelpManifest, ghl: ghlManifest } as const

function publicAlerts(alerts: ProviderAlerts): ProviderAlerts {
  const shown: ProviderAlerts = {}
  for (const provider of ['yelp', 'ghl'] as const) {
    const alert = alerts[provider]
    if (!alert) continue
    const { displayName, envKeys } = MANIFESTS[provider]
    shown[provider] = {
      message: `${displayName} refused this server's app credentials (${envKeys.clientId} / ${envKeys.clientSecret})`,
      since: alert.since,
    }
  }
  return shown
}
