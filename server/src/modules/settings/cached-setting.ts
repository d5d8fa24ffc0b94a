import type { DB } from '../../db/database.ts'
import { readSetting } from '../../repositories/settings.repository.ts'

const CACHE_MS = 10_000

/**
 * A `system_settings` value read on hot paths (every signed-in request, every webhook). Cached
 * for ten seconds: a change made in one process reaches the others within that window, and the
 * process that saved it drops its cache at once (`invalidate`).
 */
export class CachedSetting<T> {
  private cached: { value: T; at: number } | null = null

  constructor(
    private readonly db: DB,
    private readonly key: string,
    private readonly parse: (stored: unknown) => T,
  ) {}

  async get(now = Date.now()): Promise<T> {
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.value
    const value = this.parse(await readSetting(this.db, this.key))
    this.cached = { value, at: now }
    return value
  }

  invalidate(): void {
    this.cached = null
  }
}
