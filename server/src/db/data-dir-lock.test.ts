import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'leadrelay-lock-'))
  dirs.push(dir)
  return dir
}
const LOCK_MODULE = new URL('./data-dir-lock.ts', import.meta.url).pathname

describe('data folder lock', () => {
  it('refuses a second holder while the first holds it, and frees it on release', async () => {
    const dir = tempDir()
    const release = await acquireDataDirLock(dir)
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError)
    await expect(acquireDataDirLock(dir)).rejects.toThrow(
      new RegExp(`Another LeadRelay process \\(pid ${process.pid}\\) is using the data folder`),
    )
    release()
    expect(existsSync(join(dir, 'leadrelay.sock'))).toBe(false)
    ;(await acquireDataDirLock(dir))()
  })

  it('is not fooled by a stale lock naming this very process (a restarted container reuses pids)', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'leadrelay.lock'), String(process.pid))
    const release = await acquireDataDirLock(dir)
    release()
  })

  it('takes over the lock of a process killed with SIGKILL, and only one of two racing starters wins', {
    timeout: 60_000,
  }, async () => {
    const dir = tempDir()
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(LOCK_MODULE)}).then(async (m) => { await m.acquireDataDirLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000) })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise<void>((resolve) =>
      holder.stdout?.on('data', (c) => String(c).includes('locked') && resolve()),
    )
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`(pid ${holder.pid})`)
    holder.kill('SIGKILL')
    await new Promise((resolve) => holder.on('exit', resolve))
    expect(existsSync(join(dir, 'leadrelay.sock'))).toBe(true)

    const results = await Promise.allSettled([acquireDataDirLock(dir), acquireDataDirLock(dir)])
    const won = results.filter((r) => r.status === 'fulfilled')
    expect(won).toHaveLength(1)
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(
      DataDirLockedError,
    )
    ;(won[0] as PromiseFulfilledResult<() => void>).value()
  })

  it('locks a data folder whose path is too long for a socket file', async () => {
    const dir = join(tempDir(), 'x'.repeat(120))
    const { mkdirSync } = await import('node:fs')
    mkdirSync(dir)
    const release = await acquireDataDirLock(dir)
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError)
    release()
    ;(await acquireDataDirLock(dir))()
  })
})
