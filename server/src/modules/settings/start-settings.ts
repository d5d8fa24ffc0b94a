import { settingValueSchemas } from '@common/settings.ts'
import type { AppConfig } from '../../config/config.ts'
import type { DB } from '../../db/database.ts'
import { readSetting } from '../../repositories/settings.repository.ts'

/**
 * `port` and `baseUrl` apply at the next start (docs/spec/product.md §2): a saved value replaces
 * the default here, before the server listens, unless PORT / BASE_URL pins it.
 */
export async function withSavedStartSettings(config: AppConfig, db: DB): Promise<AppConfig> {
  const next = { ...config }
  if (!config.pinnedSettings.port) {
    const port = settingValueSchemas.port.safeParse(await readSetting(db, 'port'))
    if (port.success) next.port = port.data
  }
  if (!config.pinnedSettings.baseUrl) {
    const baseUrl = settingValueSchemas.baseUrl.safeParse(await readSetting(db, 'baseUrl'))
    if (baseUrl.success) next.baseUrl = baseUrl.data
    // BASE_URL's default names the port, so it follows a saved port.
    else if (next.port !== config.port) next.baseUrl = `http://localhost:${next.port}`
  }
  next.isHttps = next.baseUrl.startsWith('https://')
  return next
}
