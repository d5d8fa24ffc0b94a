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

describe('data folder lock', () => {
  it('refuses a second holder while the first holds it, and frees it on release', () => {
    const dir = tempDir()
    const release = acquireDataDirLock(dir)
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    expect(() => acquireDataDirLock(dir)).toThrow(
      /Another LeadRelay process \(pid \d+\) is using the data folder/,
    )
    release()
    expect(existsSync(join(dir, 'leadrelay.lock'))).toBe(false)
    acquireDataDirLock(dir)()
  })

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'leadrelay.lock'), '2147483646')
    const release = acquireDataDirLock(dir)
    release()
  })
})
