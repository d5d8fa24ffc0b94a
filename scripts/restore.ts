// `npm run restore -- <backupFile> [--force]`: restores a LeadRelay backup into the configured
// database (PGlite in DATA_DIR, or DATABASE_URL). Exit 0 restored, 1 refused or failed, 2 bad
// usage (docs/spec/product.md §6.1; the format: docs/backups.md). Stop the server first.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { ConfigError, loadDatabaseTarget } from '../server/src/config/config.ts'
import { DataDirLockedError } from '../server/src/db/data-dir-lock.ts'
import { openDatabase } from '../server/src/db/database.ts'
import { createDeclaredQueues } from '../server/src/engine/jobs/job-registry.ts'
import { IdleWorkers } from '../server/src/engine/queue/idle-workers.ts'
import { PgBossJobQueue } from '../server/src/engine/queue/job-queue.ts'
import { createQueue, stopQueue } from '../server/src/engine/queue/queue.ts'
import { RestoreRefusedError, restoreBackup } from '../server/src/modules/backups/restore.ts'
import { requeuePendingAlerts } from '../server/src/modules/backups/restore-alerts.ts'
import { requeuePendingReplies } from '../server/src/modules/backups/restore-jobs.ts'

const USAGE = 'Usage: npm run restore -- <backupFile> [--force]'

async function main(args: string[]): Promise<number> {
  const force = args.includes('--force')
  const files = args.filter((arg) => arg !== '--force')
  const unknown = files.filter((arg) => arg.startsWith('--'))
  if (files.length !== 1 || unknown.length) {
    process.stderr.write(`${unknown.length ? `Unknown option ${unknown.join(', ')}. ` : ''}${USAGE}\n`)
    return 2
  }
  const file = resolve(files[0] as string)
  if (!existsSync(file)) {
    process.stderr.write(`Restore refused: ${file} does not exist.\n`)
    return 1
  }
  const target = loadDatabaseTarget()
  const where = target.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${target.dataDir}`
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
  try {
    const started = Date.now()
    const result = await restoreBackup(database.db, file, { force })
    // The queue (installed here on a database no server has started on) gets the restored
    // replies' delivery jobs; the server is stopped, so no worker runs them before it starts.
    const boss = createQueue(database)
    await boss.start()
    const { requeued, alerts } = await (async () => {
      try {
        await createDeclaredQueues(boss)
        const jobs = new PgBossJobQueue(boss, new IdleWorkers(boss))
        return {
          requeued: await requeuePendingReplies(jobs, database.db),
          alerts: await requeuePendingAlerts(jobs, database.db),
        }
      } finally {
        await stopQueue(boss)
      }
    })()
    process.stdout.write(
      `Restored ${result.rows} rows in ${result.tables} tables from ${file}\n` +
        `  (a ${result.source} backup of ${result.createdAt}) into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
        (requeued ? `  Queued ${requeued} pending repl${requeued === 1 ? 'y' : 'ies'} for delivery.\n` : '') +
        (alerts ? `  Queued ${alerts} pending alert${alerts === 1 ? '' : 's'} for delivery.\n` : ''),
    )
    if (!target.hasAppSecret) {
      process.stdout.write(
        '  Start the server with the APP_SECRET of the backed-up installation: without it the stored\n' +
          '  tokens cannot be read and the connections show "needs re-auth".\n',
      )
    }
    return 0
  } finally {
    await database.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof RestoreRefusedError) process.stderr.write(`Restore refused: ${error.message}\n`)
    else if (error instanceof ConfigError) process.stderr.write(`Restore cannot start. ${error.message}\n`)
    else if (error instanceof DataDirLockedError) process.stderr.write(`Restore refused: ${error.message}\n`)
    else
      process.stderr.write(
        `Restore failed, nothing was changed: ${(error as Error).stack ?? String(error)}\n`,
      )
    process.exit(1)
  },
)
