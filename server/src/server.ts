import type { FastifyServerOptions } from 'fastify'
import { type FirstAdmin, prepareFirstAdmin, seedDatabase } from './bootstrap.ts'
import { type BuiltApp, buildApp, type CoreOptions } from './composition-root.ts'
import type { AppConfig } from './config/config.ts'
import { type Database, openDatabase } from './db/database.ts'
import { createQueue, type PgBoss, stopQueue } from './engine/queue/queue.ts'
import { resealStoredSecrets } from './engine/secret-rotation.ts'
import { withSavedStartSettings } from './modules/settings/start-settings.ts'

export interface RunningServer extends BuiltApp {
  url: string
  config: AppConfig
  database: Database
  boss: PgBoss
  firstAdmin: FirstAdmin | null
  /** Stops taking requests, drains in-flight jobs, then closes the database. */
  stop(): Promise<void>
}

/** The port is taken by another program: the operator sets PORT, no stack trace helps. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(
      `port ${port} is already in use on ${host} (another program is listening on it). Stop that program, or set PORT to a free port (for example PORT=${port + 1} npm start).`,
    )
  }
}

/** Opens the database, starts the job queue and the HTTP server: everything `main.ts` runs. */
export async function startServer(
  givenConfig: AppConfig,
  options: { logger?: FastifyServerOptions['logger']; core?: CoreOptions } = {},
): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: givenConfig.databaseUrl, dataDir: givenConfig.dataDir })
  let boss: PgBoss | undefined
  let built: BuiltApp | undefined
  try {
    const config = await withSavedStartSettings(givenConfig, database.db)
    await seedDatabase(database.db)
    const firstAdminToCreate = await prepareFirstAdmin(database.db, config)
    boss = createQueue(database)
    const queue = boss
    await queue.start()
    built = await buildApp({
      config,
      database,
      boss: queue,
      logger: options.logger,
      core: options.core,
    })
    const app = built.app
    queue.on('error', (error) => app.log.error({ err: error }, 'job queue error'))
    await resealStoredSecrets(database.db, built.core.tokenStore, app.log)
    await built.engine?.start()
    await app.listen({ port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'EADDRINUSE' ? new PortInUseError(config.port, config.host) : error
    })
    const firstAdmin = (await firstAdminToCreate?.create()) ?? null
    const address = app.server.address()
    const port = address && typeof address === 'object' ? address.port : config.port
    let stopping: Promise<void> | undefined
    const running = built
    return {
      ...running,
      url: `http://127.0.0.1:${port}`,
      config,
      database,
      boss: queue,
      firstAdmin,
      stop: () => {
        stopping ??= (async () => {
          await app.close()
          await stopQueue(queue)
          await database.close()
        })()
        return stopping
      },
    }
  } catch (error) {
    // The app's onClose hooks release what it opened (notification listeners, the log sink).
    await built?.app.close().catch(() => {})
    if (boss) await stopQueue(boss, 1000).catch(() => {})
    await database.close().catch(() => {})
    throw error
  }
}
