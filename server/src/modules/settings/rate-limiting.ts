import type { DB } from '../../db/database.ts'
import { CachedSetting } from './cached-setting.ts'

/** The `rateLimiting` setting of spec §9 ("rate limiting on"): off lifts every limit of http/rate-limits.ts. */
export class RateLimitingSetting extends CachedSetting<boolean> {
  constructor(db: DB) {
    super(db, 'rateLimiting', (stored) => stored !== false && stored !== 'false')
  }
}
