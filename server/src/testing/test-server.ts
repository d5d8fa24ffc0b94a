import { createServer } from 'node:net'
import type { FastifyServerOptions } from 'fastify'
import type { CoreOptions } from '../composition-root.ts'
import { loadConfig } from '../config/config.ts'
import { type RunningServer, startServer } from '../server.ts'
import { createTestDatabase } from './test-database.ts'

export interface TestServer {
  url: string
  adminUsername: string
  adminPassword: string
  server: RunningServer
  close(): Promise<void>
}

export const TEST_ADMIN = { username: 'admin', password: 'test-admin-password' }

/**
 * The real server on a free port with its own fresh database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set). Extra environment variables override the defaults; `core` tunes the
 * provider clients (e.g. a short timeout) where a test would otherwise wait out production values.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>
    core?: CoreOptions
    /** Logger options (a `stream` to read what it logged); quiet (errors only) by default. */
    logger?: FastifyServerOptions['logger']
    /** As if PORT and BASE_URL were not set (it still listens on its free port): they are then settings. */
    unpinnedStartSettings?: boolean
  } = {},
): Promise<TestServer> {
  const database = await createTestDatabase()
  try {
    const port = await findFreePort()
    const config = loadConfig({
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ...options.env,
    })
    if (options.unpinnedStartSettings) {
      const { port: _port, baseUrl: _baseUrl, ...rest } = config.pinnedSettings
      config.pinnedSettings = rest
    }
    const server = await startServer(config, {
      logger: options.logger ?? { level: 'error' },
      core: options.core,
    })
    return {
      url: server.url,
      adminUsername: config.admin.username,
      adminPassword: config.admin.password ?? '',
      server,
      close: async () => {
        await server.stop()
        await database.dispose()
      },
    }
  } catch (error) {
    await database.dispose()
    throw error
  }
}

/** A port free right now, so BASE_URL (OAuth redirects, links) can name it before listening. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = address && typeof address === 'object' ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}
