import type { DB } from '../../db/database.ts'
import { CachedSetting } from './cached-setting.ts'

export const DEFAULT_SESSION_TIMEOUT_MINUTES = 30

/** The idle timeout of docs/spec/dashboard-spec.md §9 ("session timeout 30 minutes"), from the `sessionTimeout` setting. */
export class SessionTimeout extends CachedSetting<number> {
  constructor(db: DB) {
    super(db, 'sessionTimeout', (stored) => {
      const minutes = Number(stored)
      return Number.isFinite(minutes) && minutes >= 1 ? minutes : DEFAULT_SESSION_TIMEOUT_MINUTES
    })
  }

  minutes(): Promise<number> {
    return this.get()
  }
}
