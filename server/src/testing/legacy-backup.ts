import { BackupFileWriter, readBackupFile } from '../modules/backups/backup-file.ts'

// A backup as a hub before migration 0023 wrote it (docs/decisions/0028): no provider_connections
// and no locations table; each client's connections inside its row (`yelp_tokens`, `ghl_tokens`
// with their sealed tokens, `ghl_location_api_key`, `ghl_location_id`, `yelp_subscription_*`).

type Row = Record<string, unknown>

const MOVED_TABLES = ['provider_connections', 'locations']

/** Writes to `target` the pre-0023 form of the backup at `source`; returns `target`. */
export async function writeLegacyBackup(source: string, target: string): Promise<string> {
  const rows = new Map<string, Row[]>()
  const { header } = await readBackupFile(source, (table, row) => {
    rows.set(table, [...(rows.get(table) ?? []), row])
  })
  const connection = (clientId: unknown, provider: string) =>
    rows.get('provider_connections')?.find((row) => row.client_id === clientId && row.provider === provider)
  const location = (clientId: unknown) =>
    rows.get('locations')?.find((row) => row.client_id === clientId && row.source === 'yelp')
  const legacyClient = (client: Row): Row => {
    const yelp = connection(client.client_id, 'yelp')
    const ghl = connection(client.client_id, 'ghl')
    const business = location(client.client_id)
    const hasGhlTokens = ghl && (ghl.access_token || Object.keys(asRow(ghl.facts)).length > 0)
    return {
      ...client,
      yelp_tokens: yelp
        ? {
            ...asRow(yelp.facts),
            ...tokensOf(yelp),
            ...(business
              ? { businessId: business.business_id, webhookSubscribed: business.webhook_subscribed }
              : {}),
          }
        : null,
      ghl_tokens: hasGhlTokens ? { ...asRow(ghl.facts), ...tokensOf(ghl) } : null,
      ghl_location_api_key: ghl?.api_key ?? null,
      ghl_location_id: ghl?.account_id ?? null,
      yelp_subscription_state: business?.subscription_state ?? null,
      yelp_subscription_checked_at: business?.subscription_checked_at ?? null,
      yelp_subscription_error: business?.subscription_error ?? null,
      yelp_resubscribed_at: business?.resubscribed_at ?? null,
    }
  }
  const tables = header.tables.filter((table) => !MOVED_TABLES.includes(table.name))
  const writer = new BackupFileWriter(target, { createdAt: header.createdAt, source: header.source, tables })
  for (const table of tables) {
    const tableRows = rows.get(table.name) ?? []
    if (tableRows.length === 0) continue
    const legacy = table.name === 'clients' ? tableRows.map(legacyClient) : tableRows
    await writer.writeRows(
      table.name,
      legacy.map((row) => JSON.stringify(row)),
    )
  }
  await writer.finish()
  return target
}

function asRow(value: unknown): Row {
  return value && typeof value === 'object' ? (value as Row) : {}
}

/** The sealed tokens as the legacy JSON held them: a key only when a value is stored. */
function tokensOf(connection: Row): Row {
  return {
    ...(connection.access_token ? { accessToken: connection.access_token } : {}),
    ...(connection.refresh_token ? { refreshToken: connection.refresh_token } : {}),
  }
}
