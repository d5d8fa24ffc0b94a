import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { waitFor } from './testing/wait-for.ts'

// The real entry point as `npm start` runs it, in child processes.
const MAIN = new URL('./main.ts', import.meta.url).pathname
const dataDir = mkdtempSync(join(tmpdir(), 'leadrelay-main-'))
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  /** Until the process prints `pattern`; fails with everything it printed if it exits first. */
  const printed = (pattern: RegExp) =>
    waitFor(
      `${pattern}`,
      () => {
        if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}`)
        return pattern.test(output)
      },
      60_000,
    ).catch((error: unknown) => {
      throw new Error(`never saw ${pattern}: ${error instanceof Error ? error.message : error}\n${output}`)
    })
  return { child, exited, printed, output: () => output }
}

describe('npm start (server/src/main.ts)', () => {
  it('prints the first admin once, refuses a second process on the same data folder, and stops on SIGTERM', {
    timeout: 180_000,
  }, async () => {
    const first = run({ PORT: '0' })
    await first.printed(/LeadRelay listening/)
    expect(first.output()).toMatch(/First admin created[\s\S]*username: admin\s+password: \S{12,}/)

    const second = run({ PORT: '0' })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(
      /LeadRelay cannot start: Another LeadRelay process \(pid \d+\) is using the data folder/,
    )

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)

    const third = run({ PORT: '0' })
    await third.printed(/LeadRelay listening/)
    expect(third.output()).not.toMatch(/First admin created/)
    third.child.kill('SIGTERM')
    expect(await third.exited).toBe(0)
  })

  it('stops at once on invalid configuration with one line per problem', async () => {
    const bad = run({ PORT: 'abc', BASE_URL: 'nope' })
    expect(await bad.exited).toBe(1)
    expect(bad.output()).toContain('LeadRelay cannot start. Invalid configuration:')
    expect(bad.output()).toContain('  - PORT: must be a number')
    expect(bad.output()).toContain('  - BASE_URL: must be an http(s) URL')
  })
})
