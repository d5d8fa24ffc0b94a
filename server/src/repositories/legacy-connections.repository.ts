import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { selectRows } from './raw-rows.ts'

// A backup made before migration 0023 holds a client's connections in its row (`yelp_tokens`,
// `ghl_tokens`, `ghl_location_api_key`, `ghl_location_id`, `yelp_subscription_*`). Its restore
// loads them there, and this moves them where the product reads them (docs/decisions/0028): the
// same statements as the migration's, sealed values copied as stored, the old columns emptied.

/** Moves what the legacy columns hold into provider_connections and locations; the count of clients moved. */
export async function moveLegacyConnections(db: DB): Promise<number> {
  await db.execute(sql`
    insert into provider_connections (client_id, provider, facts, access_token, refresh_token)
    select client_id, 'yelp',
      yelp_tokens - 'accessToken' - 'refreshToken' - 'businessId' - 'webhookSubscribed',
      yelp_tokens->>'accessToken', yelp_tokens->>'refreshToken'
    from clients where jsonb_typeof(yelp_tokens) = 'object'
    on conflict do nothing`)
  await db.execute(sql`
    insert into provider_connections
      (client_id, provider, facts, access_token, refresh_token, api_key, account_id)
    select client_id, 'ghl',
      case when jsonb_typeof(ghl_tokens) = 'object'
        then ghl_tokens - 'accessToken' - 'refreshToken' else '{}'::jsonb end,
      ghl_tokens->>'accessToken', ghl_tokens->>'refreshToken', ghl_location_api_key, ghl_location_id
    from clients
    where jsonb_typeof(ghl_tokens) = 'object' or ghl_location_api_key is not null
      or ghl_location_id is not null
    on conflict do nothing`)
  await db.execute(sql`
    insert into locations (source, business_id, client_id, connection_id, webhook_subscribed,
      subscription_state, subscription_checked_at, subscription_error, resubscribed_at)
    select 'yelp', c.yelp_tokens->>'businessId', c.client_id, pc.id,
      coalesce((c.yelp_tokens->>'webhookSubscribed')::boolean, false),
      c.yelp_subscription_state, c.yelp_subscription_checked_at, c.yelp_subscription_error,
      c.yelp_resubscribed_at
    from clients c
    join provider_connections pc on pc.client_id = c.client_id and pc.provider = 'yelp'
    where c.yelp_tokens->>'businessId' is not null
    order by c.id
    on conflict do nothing`)
  const moved = await selectRows(
    db,
    sql`
    update clients set yelp_tokens = null, ghl_tokens = null, ghl_location_api_key = null,
      ghl_location_id = null, yelp_subscription_state = null, yelp_subscription_checked_at = null,
      yelp_subscription_error = null, yelp_resubscribed_at = null
    where yelp_tokens is not null or ghl_tokens is not null or ghl_location_api_key is not null
      or ghl_location_id is not null or yelp_subscription_state is not null
    returning client_id`,
  )
  return moved.length
}
