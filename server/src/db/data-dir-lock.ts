import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own, and two processes on one data folder silently lose data
 * (STACK.md gotcha 2). An O_EXCL pid file makes the second process refuse to start instead.
 * A lock left by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = join(dataDir, 'leadrelay.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file)
        } catch {
          // Already gone: nothing to release.
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10)
      if (Number.isInteger(holder) && (holder === process.pid || isRunning(holder))) {
        throw new DataDirLockedError(
          `Another LeadRelay process (pid ${holder}) is using the data folder ${dataDir}. ` +
            'Stop it first, or set DATABASE_URL so several processes can share PostgreSQL.',
        )
      }
      unlinkSync(file)
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`)
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
