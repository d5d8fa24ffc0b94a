import type { DB } from '../../db/database.ts'
import { readSetting } from './settings.repository.ts'

export const DEFAULT_SESSION_TIMEOUT_MINUTES = 30
const CACHE_MS = 10_000

/**
 * The idle timeout of spec §9 ("session timeout 30 minutes"), read from `system_settings`.
 * Cached for ten seconds: it is read on every signed-in request, and a change made in one
 * process reaches the others within that window.
 */
export class SessionTimeout {
  private cached: { minutes: number; at: number } | null = null

  constructor(private readonly db: DB) {}

  async minutes(now = Date.now()): Promise<number> {
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.minutes
    const stored = Number(await readSetting(this.db, 'sessionTimeout'))
    const minutes = Number.isFinite(stored) && stored >= 1 ? stored : DEFAULT_SESSION_TIMEOUT_MINUTES
    this.cached = { minutes, at: now }
    return minutes
  }

  invalidate(): void {
    this.cached = null
  }
}
