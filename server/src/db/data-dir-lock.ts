import { createHash, randomBytes } from 'node:crypto'
import { linkSync, realpathSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs'
import { createConnection, createServer, type Server } from 'node:net'
import { join } from 'node:path'

export class DataDirLockedError extends Error {}

const SOCKET_NAME = 'leadrelay.sock'
/** The pid file of earlier versions; its content proves nothing (zombies, reused pids). */
const LEGACY_PID_FILE = 'leadrelay.lock'
/** sun_path holds 108 bytes on Linux, 104 on macOS. */
const MAX_SOCKET_PATH = 100

/**
 * PGlite has no lock of its own, and two processes on one data folder silently lose data
 * (docs/decisions/0001). The lock is a Unix socket listening in the data folder: the kernel closes
 * it the moment its process dies (kill -9 included, before the process is even reaped), so a
 * second process learns whether a live holder exists by connecting to it — no pid is trusted,
 * so neither a zombie nor a restarted process that got the crashed one's pid can fool it.
 * The holder answers each connection with its pid, for the refusal message.
 * Decision: docs/decisions/0001-embedded-pglite-with-lock-file.md.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => void> {
  rmSync(join(dataDir, LEGACY_PID_FILE), { force: true })
  const target = socketAddress(dataDir)
  for (let attempt = 0; attempt < 5; attempt++) {
    const server = await listenOnFreshPath(target)
    if (server.claimed) return release(server.server, target)
    const holder = await probe(target.path)
    if (holder.live) {
      throw new DataDirLockedError(
        `Another LeadRelay process (pid ${holder.pid}) is using the data folder ${dataDir}. ` +
          'Stop it first, or set DATABASE_URL so several processes can share PostgreSQL.',
      )
    }
    if (holder.stale) await removeStale(target.path)
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`)
}

type Address = { path: string; abstract: boolean }

/**
 * A data folder whose path is too long for a socket address gets a Linux abstract socket named
 * after its real path instead (no file, released by the kernel just the same).
 */
function socketAddress(dataDir: string): Address {
  const path = join(dataDir, SOCKET_NAME)
  if (path.length <= MAX_SOCKET_PATH) return { path, abstract: false }
  const digest = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 32)
  return { path: `\0leadrelay-${digest}`, abstract: true }
}

/**
 * Listens on a private path, then hard-links it to the lock name: link() fails if the name
 * exists, so two processes starting at once cannot both take it (listening on the lock name
 * directly would need an unlink of a stale file first, and two starters could both do that).
 */
async function listenOnFreshPath(target: Address): Promise<{ server: Server; claimed: boolean }> {
  if (target.abstract) {
    const server = createLockServer()
    try {
      await listen(server, target.path)
      return { server, claimed: true }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return { server, claimed: false }
      throw error
    }
  }
  const fresh = join(target.path, '..', `.lr-${randomBytes(6).toString('hex')}.sock`)
  const server = createLockServer()
  await listen(server, fresh)
  try {
    linkSync(fresh, target.path)
    return { server, claimed: true }
  } catch (error) {
    server.close()
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { server, claimed: false }
    throw error
  } finally {
    rmSync(fresh, { force: true })
  }
}

function createLockServer(): Server {
  const server = createServer((socket) => {
    socket.on('error', () => {})
    socket.end(String(process.pid))
  })
  // The lock must never keep a finished process alive.
  server.unref()
  return server
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

type Probe = { live: true; pid: string } | { live: false; stale: boolean }

/** Connects to the lock: a live holder answers; a refused connection means its holder died. */
function probe(path: string): Promise<Probe> {
  return new Promise((resolve) => {
    const socket = createConnection(path)
    let answer = ''
    let connected = false
    const timer = setTimeout(() => socket.destroy(), 5_000)
    socket.on('connect', () => {
      connected = true
    })
    socket.on('data', (chunk) => {
      answer += chunk
    })
    socket.on('close', () => {
      clearTimeout(timer)
      if (connected) resolve({ live: true, pid: answer.trim() || 'unknown' })
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      if (connected) return
      if (error.code === 'ECONNREFUSED') resolve({ live: false, stale: true })
      else if (error.code === 'ENOENT') resolve({ live: false, stale: false })
      else resolve({ live: true, pid: `unknown: ${error.code}` })
    })
  })
}

/**
 * Moves the dead socket aside before deleting it, and puts it back if it turns out to be live
 * (another starter took the lock between our probe and the move): a plain unlink could delete
 * the socket of a process that just took the lock.
 */
async function removeStale(path: string): Promise<void> {
  const aside = `${path}.${randomBytes(4).toString('hex')}.stale`
  try {
    renameSync(path, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  if ((await probe(aside)).live) {
    try {
      linkSync(aside, path)
    } catch {
      // Someone holds the name again; the next attempt probes whoever it is.
    }
  }
  rmSync(aside, { force: true })
}

function release(server: Server, target: Address): () => void {
  const inode = target.abstract ? undefined : statSync(target.path).ino
  return () => {
    server.close()
    if (target.abstract) return
    try {
      // Only our own socket: never a lock another process took after ours was released.
      if (statSync(target.path).ino === inode) unlinkSync(target.path)
    } catch {
      // Already gone: nothing to release.
    }
  }
}
