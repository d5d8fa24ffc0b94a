import type { DB } from '../../db/database.ts'
import { CachedSetting } from './cached-setting.ts'

/** The `webhookSecret` setting: when set, Yelp webhooks must carry it (docs/spec/product.md §3). */
export class WebhookSecret extends CachedSetting<string | null> {
  constructor(db: DB) {
    super(db, 'webhookSecret', (stored) => (typeof stored === 'string' && stored.length > 0 ? stored : null))
  }
}
