import type { FastifyServerOptions } from 'fastify'
import { bootstrapDatabase, type FirstAdmin } from './bootstrap.ts'
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

/** Opens the database, starts the job queue and the HTTP server: everything `main.ts` runs. */
export async function startServer(
  givenConfig: AppConfig,
  options: { logger?: FastifyServerOptions['logger']; core?: CoreOptions } = {},
): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: givenConfig.databaseUrl, dataDir: givenConfig.dataDir })
  let boss: PgBoss | undefined
  try {
    const config = await withSavedStartSettings(givenConfig, database.db)
    const firstAdmin = await bootstrapDatabase(database.db, config)
    boss = createQueue(database)
    const queue = boss
    await queue.start()
    const built = await buildApp({
      config,
      database,
      boss: queue,
      logger: options.logger,
      core: options.core,
    })
    queue.on('error', (error) => built.app.log.error({ err: error }, 'job queue error'))
    await resealStoredSecrets(database.db, built.core.tokenStore, built.app.log)
    await built.engine?.start()
    await built.app.listen({ port: config.port, host: config.host })
    const address = built.app.server.address()
    const port = address && typeof address === 'object' ? address.port : config.port
    let stopping: Promise<void> | undefined
    return {
      ...built,
      url: `http://127.0.0.1:${port}`,
      config,
      database,
      boss: queue,
      firstAdmin,
      stop: () => {
        stopping ??= (async () => {
          await built.app.close()
          await stopQueue(queue)
          await database.close()
        })()
        return stopping
      },
    }
  } catch (error) {
    if (boss) await stopQueue(boss, 1000).catch(() => {})
    await database.close().catch(() => {})
    throw error
  }
}
