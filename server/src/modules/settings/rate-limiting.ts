import type { DB } from '../../db/database.ts'
import { CachedSetting } from './cached-setting.ts'

/**
 * The `rateLimiting` setting (docs/spec/dashboard-spec.md §9: on by default): off lifts every limit of
 * http/rate-limits.ts, the failed sign-in throttle included.
 */
export class RateLimitingSetting extends CachedSetting<boolean> {
  constructor(db: DB) {
    super(db, 'rateLimiting', (stored) => (typeof stored === 'boolean' ? stored : true))
  }

  isEnabled(): Promise<boolean> {
    return this.get()
  }
}
