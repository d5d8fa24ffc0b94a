import { eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { systemSettings } from '../db/schema.ts'

/**
 * Problems only the operator can fix, per provider: the app's own client credentials refused at
 * a token endpoint (a mistyped or rotated secret). Shown in /api/health; cleared by the next
 * token request the provider accepts.
 */
export type ProviderAlerts = Partial<Record<'yelp' | 'ghl', { message: string; since: string }>>

const KEY = 'providerAlerts'

export async function readProviderAlerts(db: DB): Promise<ProviderAlerts> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, KEY))
  return (row?.value as ProviderAlerts | undefined) ?? {}
}

export async function raiseProviderAlert(db: DB, provider: 'yelp' | 'ghl', message: string): Promise<void> {
  const entry = { [provider]: { message, since: new Date().toISOString() } }
  await db
    .insert(systemSettings)
    .values({ key: KEY, value: entry })
    // The first time stays: `since` says how long the alert has stood.
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: {
        value: sql`case when ${systemSettings.value} ? ${provider} then ${systemSettings.value}
          else ${systemSettings.value} || ${JSON.stringify(entry)}::jsonb end`,
      },
    })
}

export async function clearProviderAlert(db: DB, provider: 'yelp' | 'ghl'): Promise<void> {
  await db
    .update(systemSettings)
    .set({ value: sql`${systemSettings.value} - ${provider}` })
    .where(eq(systemSettings.key, KEY))
}

/** The token manager's alert port (integrations/oauth/provider-alerts.port.ts), typed structurally. */
export class ProviderAlertStore {
  constructor(private readonly db: DB) {}

  raise(provider: 'yelp' | 'ghl', message: string): Promise<void> {
    return raiseProviderAlert(this.db, provider, message)
  }

  clear(provider: 'yelp' | 'ghl'): Promise<void> {
    return clearProviderAlert(this.db, provider)
  }
}
