import { ConfigError, loadConfig } from './config/config.ts'
import { DataDirLockedError } from './db/data-dir-lock.ts'
import { firstAdminBanner } from './first-admin-banner.ts'
import { PortInUseError, startServer } from './server.ts'

// parse config → open db → build app → listen → graceful shutdown (STYLE.md).
async function main(): Promise<void> {
  const config = loadConfig()
  const server = await startServer(config)
  const log = server.app.log
  log.info(`LeadRelay listening on ${config.baseUrl} (database: ${server.database.kind})`)
  if (server.firstAdmin) {
    const { username, generatedPassword } = server.firstAdmin
    const password = generatedPassword ?? '(the ADMIN_PASSWORD you set)'
    // The JSON logger writes asynchronously: flush it so the banner comes after its lines.
    const pinoLog = log as typeof log & { flush?: (done: () => void) => void }
    await new Promise<void>((resolve) => (pinoLog.flush ? pinoLog.flush(resolve) : resolve()))
    process.stdout.write(`${firstAdminBanner(config.baseUrl, username, password)}\n`)
  }

  let signals = 0
  const shutdown = (signal: string) => {
    signals += 1
    if (signals > 1) process.exit(1)
    log.info(`${signal} received: finishing in-flight work, then stopping`)
    server.stop().then(
      () => process.exit(0),
      (error) => {
        log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`LeadRelay cannot start. ${error.message}\n`)
  } else if (error instanceof DataDirLockedError || error instanceof PortInUseError) {
    process.stderr.write(`LeadRelay cannot start: ${error.message}\n`)
  } else {
    process.stderr.write(`LeadRelay failed to start: ${(error as Error).stack ?? String(error)}\n`)
  }
  process.exit(1)
})
